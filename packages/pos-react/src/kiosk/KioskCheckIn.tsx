import type { Ticket } from 'pos-sdk/contract';
import { KIOSK_MESSAGES } from 'pos-sdk/messages';
import { kioskRefusal } from 'pos-sdk/rules';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../components/Button';
import { usePos } from '../hooks/usePos';
import { KioskExitDialog } from './KioskExitDialog';
import type { KioskDevice } from './kioskDevice';

/** The camera reads the pass's QR code: the same scanner as Scan Pass, loaded when first shown. */
const CameraScanner = lazy(() =>
  import('../scan/CameraScanner').then((module) => ({ default: module.CameraScanner })),
);

/** How long a welcome or a refusal stays before the kiosk waits for the next member. */
export const KIOSK_RESULT_MS = 6000;

/** What the kiosk shows: waiting, checking, a welcome (with the registered photo) or a refusal in words. */
type KioskState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'welcome'; readonly name: string; readonly photoUrl: string | null }
  | { readonly kind: 'refused'; readonly message: string };

/** The member's first name, from the ticket's member (a guest's pass has none). */
function firstName(ticket: Ticket): string {
  return ticket.member?.name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The self check-in: a member shows the QR code of their pass to the camera or types its ID; the kiosk redeems it
 * by the gate's rules (`tickets.get` then `tickets.redeem`, offline as the gate when the server is away), opens the
 * door, and shows, large, 'Welcome, {first name}' with the registered face photo for the staff who watch, or the
 * gate's refusal in words. Nothing here leads to the staff's screens; Staff asks for a manager's PIN.
 */
export function KioskCheckIn({ device }: { readonly device: KioskDevice }) {
  // The app's Pos acts as this kiosk: its calls carry the kiosk token (createBrowserPos).
  const pos = usePos();
  const [state, setState] = useState<KioskState>({ kind: 'idle' });
  const [passId, setPassId] = useState('');
  const [camera, setCamera] = useState(false);
  const [exitOpen, setExitOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const busy = useRef(false);

  // Ready for an outage as the gate is: the tickets to check offline (docs/offline.md).
  useEffect(() => {
    void pos.sync?.prepare().catch(() => undefined);
  }, [pos]);

  // The result stays a few seconds, then the kiosk is ready for the next member.
  useEffect(() => {
    if (state.kind !== 'welcome' && state.kind !== 'refused') return;
    const timer = setTimeout(() => {
      if (state.kind === 'welcome' && state.photoUrl !== null) URL.revokeObjectURL(state.photoUrl);
      setState({ kind: 'idle' });
      setPassId('');
      input.current?.focus();
    }, KIOSK_RESULT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const checkIn = async (code: string): Promise<void> => {
    const id = code.trim();
    if (id === '' || busy.current) return;
    busy.current = true;
    setState({ kind: 'checking' });
    try {
      await pos.tickets.get(id);
      const ticket = await pos.tickets.redeem();
      let photoUrl: string | null = null;
      if (ticket.face?.photo === true && !pos.tickets.offline.value) {
        photoUrl = await pos.tickets
          .photo(ticket._id)
          .then((blob) => URL.createObjectURL(blob))
          .catch(() => null);
      }
      setState({ kind: 'welcome', name: firstName(ticket), photoUrl });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // An expired pass says since when ('Expired on 22-12-2026'); any other refusal is the gate's.
      const refusal = kioskRefusal(
        message,
        pos.tickets.current.peek(),
        pos.config.clock(),
        pos.config.timeZone,
      );
      setState({ kind: 'refused', message: refusal });
    } finally {
      pos.tickets.clear();
      pos.notices.clear();
      busy.current = false;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void checkIn(passId);
  };

  return (
    <main
      data-testid="kiosk"
      className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-slate-50 p-8 text-center dark:bg-slate-950"
    >
      {state.kind === 'welcome' ? (
        <section
          data-testid="kiosk-welcome"
          role="status"
          className="flex flex-col items-center gap-6 rounded-3xl bg-green-100 px-12 py-10 text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {state.photoUrl ? (
            <img
              src={state.photoUrl}
              alt={`Registered face of ${state.name || 'the member'}`}
              data-testid="kiosk-photo"
              className="h-64 w-64 rounded-2xl object-cover ring-4 ring-green-600"
            />
          ) : null}
          <p className="text-6xl font-bold sm:text-7xl">{KIOSK_MESSAGES.welcome(state.name)}</p>
        </section>
      ) : state.kind === 'refused' ? (
        <section
          data-testid="kiosk-refused"
          role="alert"
          className="rounded-3xl bg-amber-100 px-12 py-10 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="text-6xl font-bold sm:text-7xl">{state.message}</p>
        </section>
      ) : (
        <>
          <h1 className="text-5xl font-bold sm:text-6xl">{KIOSK_MESSAGES.prompt}</h1>
          <form onSubmit={submit} className="flex w-full max-w-2xl flex-col gap-4 sm:flex-row">
            <label className="sr-only" htmlFor="kiosk-pass-id">
              Pass ID
            </label>
            <input
              id="kiosk-pass-id"
              ref={input}
              value={passId}
              onChange={(event) => setPassId(event.target.value)}
              // biome-ignore lint/a11y/noAutofocus: the kiosk has one field, and a scanner types into it
              autoFocus
              autoComplete="off"
              disabled={state.kind === 'checking'}
              className="min-h-16 flex-1 rounded-xl border border-slate-300 px-4 text-3xl dark:border-slate-600 dark:bg-slate-900"
            />
            <Button type="submit" variant="primary" size="xl" loading={state.kind === 'checking'}>
              Check in
            </Button>
          </form>
          <Button variant="secondary" size="lg" icon="scan" onClick={() => setCamera((shown) => !shown)}>
            {camera ? 'Hide camera' : 'Scan QR code'}
          </Button>
          {camera ? (
            <div className="w-full max-w-md">
              <Suspense fallback={null}>
                <CameraScanner formats={['qr_code']} onDetected={(code) => void checkIn(code)} />
              </Suspense>
            </div>
          ) : null}
        </>
      )}
      <Button variant="ghost" className="fixed right-4 bottom-4" onClick={() => setExitOpen(true)}>
        Staff
      </Button>
      <p className="fixed bottom-4 left-4 text-sm text-slate-500">{device.terminal}</p>
      <KioskExitDialog pos={pos} open={exitOpen} onClose={() => setExitOpen(false)} />
    </main>
  );
}
