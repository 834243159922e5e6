import type { TerminalEntry, TerminalPairingCode } from 'pos-sdk/contract';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PosDialog } from '../../components/PosDialog';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { useSubmission } from '../adminForm';
import { Banner, DataTable } from '../parts';

/**
 * Terminals: the registered terminals and their stores; register one (or pair a device again) with a one-time
 * pairing code, unregister one (its device is signed out and must pair again). The same calls as `pos terminal`.
 */
export function TerminalsScreen() {
  const pos = usePos();
  const [terminals, setTerminals] = useState<readonly TerminalEntry[]>([]);
  const [failure, setFailure] = useState('');
  const [pairing, setPairing] = useState<{ terminal: string; store: string } | null>(null);
  const [code, setCode] = useState<TerminalPairingCode | null>(null);
  const [removing, setRemoving] = useState<TerminalEntry | null>(null);
  const [notice, setNotice] = useState('');
  const load = useCallback(() => {
    pos.api.terminalList().then(
      (list) => {
        setTerminals(list);
        setFailure('');
      },
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [pos]);
  useEffect(load, [load]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold">Terminals</h1>
        <Button variant="primary" onClick={() => setPairing({ terminal: '', store: '' })}>
          Register a terminal
        </Button>
      </div>
      <Banner tone="done">{notice}</Banner>
      <Banner tone="error">{failure}</Banner>
      <DataTable label="Terminals" heads={['Terminal', 'Store', 'Registered', 'By', '']}>
        {terminals.map((terminal) => (
          <tr
            key={terminal._id}
            data-testid="terminal-row"
            data-terminal={terminal._id}
            className="border-b border-slate-100 dark:border-slate-800"
          >
            <td className="px-3 py-2 font-semibold">{terminal._id}</td>
            <td className="px-3 py-2">{terminal.store}</td>
            <td className="px-3 py-2 tabular-nums">
              {formatVenueDateTime(terminal.registered_at, pos.config.timeZone)}
            </td>
            <td className="px-3 py-2 break-all">{terminal.registered_by ?? '—'}</td>
            <td className="px-3 py-2">
              <div className="flex flex-wrap gap-1">
                <Button
                  size="md"
                  variant="outline"
                  onClick={() => setPairing({ terminal: terminal._id, store: terminal.store })}
                >
                  Pairing code
                </Button>
                <Button size="md" variant="dangerOutline" onClick={() => setRemoving(terminal)}>
                  Unregister
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {pairing ? (
        <PairDialog
          initial={pairing}
          onClose={() => setPairing(null)}
          onDone={(answer) => {
            setPairing(null);
            setCode(answer);
            load();
          }}
        />
      ) : null}
      {code ? (
        <PosDialog
          open
          title={`Pairing code for ${code.terminal}`}
          onClose={() => setCode(null)}
          cancelLabel={null}
          onSubmit={() => setCode(null)}
          submitLabel="Done"
        >
          <p>
            On the device, open the POS and type this code on its pairing screen. It works once, until{' '}
            {formatVenueDateTime(code.expires_at, pos.config.timeZone)}.
          </p>
          <p
            data-testid="pairing-code"
            className="my-3 text-center font-mono text-4xl font-bold tracking-widest"
          >
            {code.code}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {code.registered
              ? `${code.terminal} is registered for store ${code.store}.`
              : `Store ${code.store}.`}
          </p>
        </PosDialog>
      ) : null}
      {removing ? (
        <RemoveDialog
          terminal={removing}
          onClose={() => setRemoving(null)}
          onDone={() => {
            setNotice(`Unregistered ${removing._id}`);
            setRemoving(null);
            load();
          }}
        />
      ) : null}
    </div>
  );
}

function PairDialog({
  initial,
  onClose,
  onDone,
}: {
  initial: { terminal: string; store: string };
  onClose: () => void;
  onDone: (code: TerminalPairingCode) => void;
}) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [terminal, setTerminal] = useState(initial.terminal);
  const [store, setStore] = useState(initial.store);
  const submit = () => {
    let answer: TerminalPairingCode | undefined;
    void run(async () => {
      answer = await pos.api.terminalPair({
        terminal,
        ...(store.trim() === '' ? {} : { store: store.trim() }),
      });
    }).then((ok) => ok && answer && onDone(answer));
  };
  return (
    <PosDialog
      open
      title={initial.terminal === '' ? 'Register a terminal' : `New pairing code for ${initial.terminal}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Get a pairing code"
      busy={busy}
    >
      <div className="flex flex-col gap-3">
        <TextField
          label="Terminal"
          hint="e.g. TICKET02: letters, digits and dashes"
          value={terminal}
          onChange={(event) => setTerminal(event.target.value)}
          error={failure.fields.terminal}
          readOnly={initial.terminal !== ''}
          data-autofocus
        />
        <TextField
          label="Store"
          hint="Empty: the server's own store"
          value={store}
          onChange={(event) => setStore(event.target.value)}
          error={failure.fields.store}
          readOnly={initial.terminal !== ''}
        />
        {failure.message ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {failure.message}
          </p>
        ) : null}
      </div>
    </PosDialog>
  );
}

function RemoveDialog({
  terminal,
  onClose,
  onDone,
}: {
  terminal: TerminalEntry;
  onClose: () => void;
  onDone: () => void;
}) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  return (
    <ConfirmDialog
      open
      title={`Unregister ${terminal._id}?`}
      note={
        <>
          Its device is signed out and has to pair again before it can sell. Its orders and shifts stay.
          {failure.message ? (
            <span role="alert" className="mt-2 block font-medium text-red-700 dark:text-red-400">
              {failure.message}
            </span>
          ) : null}
        </>
      }
      confirmLabel="Unregister"
      cancelLabel="Cancel"
      confirmVariant="danger"
      busy={busy}
      onConfirm={() =>
        void run(() => pos.api.terminalRemove({ terminal: terminal._id })).then((ok) => ok && onDone())
      }
      onCancel={onClose}
    />
  );
}
