import { FormError, NetworkError, pairDevice } from 'pos-sdk';
import type { DevicePairing } from 'pos-sdk/contract';
import { PAIRING_CODE_MINUTES } from 'pos-sdk/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/TextField';
import { WelcomeCard } from '../components/WelcomeCard';

/** Props of {@link PairScreen}. */
export interface PairScreenProps {
  /** Called with the terminal and store the server paired this device with. */
  onPaired: (pairing: DevicePairing) => void;
}

/** What a refusal says under the code field. */
function messageOf(error: unknown): string {
  if (error instanceof FormError) return error.details[0]?.message ?? error.message;
  if (error instanceof NetworkError) return 'Server not responding: check the network, then try again';
  return error instanceof Error ? error.message : String(error);
}

/**
 * /pair: makes this device a terminal of the venue. A server that pairs devices by itself (the demo) is asked first,
 * so `npm start` needs no code; otherwise the cashier types the one-time code a manager made for this till
 * (`pos terminal pair TICKET02`), and a wrong, used or expired code is refused in words under the field.
 */
export function PairScreen({ onPaired }: PairScreenProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    pairDevice({ baseUrl: window.location.origin }, undefined, { signal: controller.signal }).then(
      (pairing) => onPaired(pairing),
      () => {
        if (!controller.signal.aborted) setAsking(false);
      },
    );
    return () => controller.abort();
  }, [onPaired]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      onPaired(await pairDevice({ baseUrl: window.location.origin }, code));
    } catch (caught) {
      setError(messageOf(caught));
      setBusy(false);
    }
  };

  return (
    <WelcomeCard title="Pair this till" subtitle="Make this device one of the venue's terminals">
      {asking ? (
        <p className="flex items-center gap-3 text-slate-700 dark:text-slate-300" role="status">
          <Spinner /> Asking the server…
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-slate-700 dark:text-slate-300">
            A manager makes a pairing code for this till's terminal with{' '}
            <code className="font-mono text-sm">pos terminal pair TICKET02</code>. Enter it here: it works
            once, within {PAIRING_CODE_MINUTES} minutes.
          </p>
          <TextField
            label="Pairing code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            large
            placeholder="K7QF-3MXR"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            autoFocus
          />
          <Button type="submit" variant="primary" size="lg" loading={busy} className="mt-2 w-full">
            Pair
          </Button>
        </form>
      )}
    </WelcomeCard>
  );
}
