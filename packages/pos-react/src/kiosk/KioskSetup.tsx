import { KIOSK_MESSAGES } from 'pos-sdk/messages';
import { Link } from 'react-router';
import { Button } from '../components/Button';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { useSession } from '../hooks/useSession';
import { KIOSK_KEY } from './kioskDevice';

/**
 * Starting kiosk mode on this terminal: a manager signed in here presses Start; the server answers a kiosk token
 * (only a manager's call), the device keeps it, the manager is signed out and the page becomes the kiosk.
 */
export function KioskSetup() {
  const pos = usePos();
  const { isSignedIn } = useSession();
  const start = usePosAction(async () => {
    const kiosk = await pos.api.kioskEnable();
    window.localStorage.setItem(
      KIOSK_KEY,
      JSON.stringify({ token: kiosk.kiosk_token, terminal: kiosk.terminal, store: kiosk.store }),
    );
    pos.notices.push({ kind: 'success', message: KIOSK_MESSAGES.enabled });
    await pos.session.signOut('user');
    window.location.assign('/kiosk');
  });
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-6 p-6">
      <h1 className="text-3xl font-bold">Self check-in kiosk</h1>
      <p className="text-lg text-slate-700 dark:text-slate-300">
        This terminal becomes a kiosk where members check themselves in with their pass: no sales, no orders,
        and no way back to the till without a manager's PIN.
      </p>
      {isSignedIn ? (
        <>
          <Button variant="primary" size="xl" loading={start.busy} onClick={() => void start.run()}>
            Start kiosk mode
          </Button>
          {start.error ? (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {start.error}
            </p>
          ) : null}
        </>
      ) : (
        <p>
          A manager{' '}
          <Link to="/signin" className="font-semibold text-brand-700 underline">
            signs in
          </Link>{' '}
          on this terminal first.
        </p>
      )}
    </main>
  );
}
