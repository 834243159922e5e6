import {
  browserStorage,
  claimDisplay,
  type DisplayPairing,
  FormError,
  forgetDisplayPairing,
  readDisplayPairing,
  saveDisplayPairing,
  subscribeDisplay,
} from 'pos-sdk';
import { DISPLAY_MESSAGES } from 'pos-sdk/messages';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { DISPLAY_CHANNEL, type DisplayMessage } from './displayMessage';

/** The receipt's ticket ids as QR codes (PNG data URLs made in the page). */
function useQrCodes(ids: readonly string[]): readonly { id: string; url: string }[] {
  const [codes, setCodes] = useState<readonly { id: string; url: string }[]>([]);
  const key = ids.join(',');
  useEffect(() => {
    let current = true;
    const list = key === '' ? [] : key.split(',');
    void import('qrcode').then(async ({ default: QRCode }) => {
      const made = await Promise.all(
        list.map(async (id) => ({
          id,
          url: await QRCode.toDataURL(id, { errorCorrectionLevel: 'M', scale: 6 }),
        })),
      );
      if (current) setCodes(made);
    });
    return () => {
      current = false;
    };
  }, [key]);
  return codes;
}

/** How long a display waits for a till of its own device to answer before it offers to pair with one. */
const LOCAL_TILL_WAIT_MS = 1500;

/** An amount of the wire (ringgit) as the display shows it: `RM 98.00`. */
const rm = (ringgit: number) => formatRM(fromRinggit(ringgit));

/** Where the display's messages come from. */
type Source =
  | { kind: 'waiting' }
  | { kind: 'local' }
  | { kind: 'paired'; pairing: DisplayPairing }
  | { kind: 'unpaired'; notPaired: boolean };

/** The pairing this browser keeps (a tablet reloaded stays paired). */
function storedPairing(): DisplayPairing | null {
  return readDisplayPairing(browserStorage(window.localStorage));
}

/** What a refused claim says under the field. */
function claimProblem(error: unknown): string {
  if (error instanceof FormError) return error.details[0]?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** 'Pair with a till': the six-digit code the till shows (Menu > Customer display). */
function PairWithTill({
  notPaired,
  onPaired,
}: {
  notPaired: boolean;
  onPaired: (pairing: DisplayPairing) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const claimed = await claimDisplay({ baseUrl: window.location.origin }, code);
      onPaired({ token: claimed.display_token, terminal: claimed.terminal });
    } catch (caught) {
      setError(claimProblem(caught));
      setBusy(false);
    }
  };
  return (
    <section data-testid="display-pair" className="m-auto flex w-full max-w-md flex-col gap-6">
      {notPaired ? (
        <p data-testid="display-not-paired" className="text-center text-5xl font-bold text-slate-500">
          {DISPLAY_MESSAGES.notPaired}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">{DISPLAY_MESSAGES.pairTitle}</h1>
        <p className="text-slate-700 dark:text-slate-300">{DISPLAY_MESSAGES.pairHint}</p>
        <TextField
          label={DISPLAY_MESSAGES.codeLabel}
          name="code"
          inputMode="numeric"
          autoComplete="off"
          large
          placeholder="482 913"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
          autoFocus
        />
        <Button type="submit" variant="primary" size="lg" loading={busy} className="w-full">
          {DISPLAY_MESSAGES.pairButton}
        </Button>
      </form>
    </section>
  );
}

/**
 * Where the display's messages come from: a till of this device (a BroadcastChannel: `/display` in a second window
 * of the till), or a till paired by code through the server (a tablet: the token kept in `localStorage`, the stream
 * followed through the SDK's `subscribeDisplay`). With neither, after a moment, the display offers to pair.
 */
function useDisplaySource(): {
  source: Source;
  message: DisplayMessage;
  paired: (pairing: DisplayPairing) => void;
} {
  const [source, setSource] = useState<Source>(() => {
    const pairing = storedPairing();
    return pairing === null ? { kind: 'waiting' } : { kind: 'paired', pairing };
  });
  const [message, setMessage] = useState<DisplayMessage>({ kind: 'idle' });
  const followsServer = source.kind === 'paired';

  // A till of this device answers 'hello' with its sale; one that opens later sends on its next change.
  useEffect(() => {
    if (followsServer || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(DISPLAY_CHANNEL);
    channel.onmessage = (event: MessageEvent<DisplayMessage | 'hello'>) => {
      if (event.data === 'hello') return;
      setSource({ kind: 'local' });
      setMessage(event.data);
    };
    channel.postMessage('hello');
    return () => channel.close();
  }, [followsServer]);

  useEffect(() => {
    if (source.kind !== 'waiting') return;
    const timer = setTimeout(
      () => setSource((now) => (now.kind === 'waiting' ? { kind: 'unpaired', notPaired: false } : now)),
      LOCAL_TILL_WAIT_MS,
    );
    return () => clearTimeout(timer);
  }, [source.kind]);

  const pairing = source.kind === 'paired' ? source.pairing : null;
  useEffect(() => {
    if (pairing === null) return;
    const controller = new AbortController();
    subscribeDisplay({ baseUrl: window.location.origin }, pairing.token, setMessage, {
      signal: controller.signal,
      onUnpaired: () => {
        forgetDisplayPairing(browserStorage(window.localStorage));
        setMessage({ kind: 'idle' });
        setSource({ kind: 'unpaired', notPaired: true });
      },
    });
    return () => controller.abort();
  }, [pairing]);

  const paired = (next: DisplayPairing) => {
    saveDisplayPairing(browserStorage(window.localStorage), next);
    setSource({ kind: 'paired', pairing: next });
  };
  return { source, message, paired };
}

/**
 * `/display`, the customer-facing display, loaded lazily, outside the till's pairing and sign-in: opened on the
 * till's second screen (same device) it follows the till's sale over a BroadcastChannel; on a tablet it pairs with a
 * till by the code the till shows and follows the sale through the server. It shows the lines with their discounts,
 * the tenders, the change, the tax as the till's TOTAL panel says it and the total, then a thank-you with the
 * receipt's QR codes. It holds nothing of the staff's screens and no link to them; its only control is the pairing
 * form of a display with no till.
 */
export function DisplayScreen() {
  const { source, message, paired } = useDisplaySource();
  const codes = useQrCodes(message.kind === 'thanks' ? message.tickets : []);

  return (
    <main
      data-testid="display"
      data-source={source.kind}
      className="flex min-h-dvh flex-col bg-slate-50 p-8 text-slate-900 dark:bg-slate-950 dark:text-slate-50"
    >
      {source.kind === 'unpaired' ? (
        <PairWithTill notPaired={source.notPaired} onPaired={paired} />
      ) : message.kind === 'sale' ? (
        <>
          <table className="w-full text-3xl">
            <thead>
              <tr className="text-left text-xl text-slate-500">
                <th className="py-2">Item</th>
                <th className="py-2 text-right">Qty</th>
                <th className="py-2 text-right">Price</th>
                <th className="py-2 text-right">Amount</th>
              </tr>
            </thead>
            <tbody>
              {message.lines.map((line) => (
                <tr
                  key={line.sku}
                  data-testid="display-line"
                  className="border-t border-slate-200 dark:border-slate-800"
                >
                  <td className="py-3">
                    {line.name}
                    {line.discount ? (
                      <span className="block text-xl text-green-700 dark:text-green-300">
                        {line.discount}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-3 text-right tabular-nums">{line.quantity}</td>
                  <td className="py-3 text-right tabular-nums">{rm(line.unit_price)}</td>
                  <td className="py-3 text-right tabular-nums">{rm(line.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-auto flex flex-col items-end gap-2 pt-8">
            {message.tenders.map((tender) => (
              <p key={tender.method} className="text-3xl tabular-nums">
                {tender.method} {rm(tender.amount)}
              </p>
            ))}
            {message.change !== null ? (
              <p data-testid="display-change" className="text-4xl tabular-nums">
                Change {rm(message.change)}
              </p>
            ) : null}
            {message.tax ? (
              <dl data-testid="display-tax" className="flex flex-col items-end gap-1 text-3xl tabular-nums">
                {message.tax.included ? null : (
                  <div className="flex gap-3">
                    <dt>Subtotal</dt>
                    <dd>{rm(message.tax.subtotal)}</dd>
                  </div>
                )}
                <div className="flex gap-3">
                  <dt>{message.tax.included ? 'Includes tax' : 'Tax'}</dt>
                  <dd>{rm(message.tax.amount)}</dd>
                </div>
              </dl>
            ) : null}
            <p data-testid="display-total" className="text-6xl font-bold tabular-nums">
              TOTAL {rm(message.total)}
            </p>
          </div>
        </>
      ) : message.kind === 'thanks' ? (
        <section data-testid="display-thanks" className="m-auto flex flex-col items-center gap-6 text-center">
          <p className="text-7xl font-bold">Thank you!</p>
          <p className="text-4xl tabular-nums">
            Paid {rm(message.total)} · Change {rm(message.change)}
          </p>
          <div className="flex flex-wrap justify-center gap-6">
            {codes.map((code) => (
              <figure key={code.id} className="flex flex-col items-center gap-2">
                <img
                  src={code.url}
                  alt={`QR code of pass ${code.id}`}
                  data-testid="display-qr"
                  className="h-48 w-48"
                />
                <figcaption className="font-mono text-xl">{code.id}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      ) : (
        <p className="m-auto text-6xl font-bold text-slate-500">Welcome</p>
      )}
    </main>
  );
}
