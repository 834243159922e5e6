import { checkDeviceTerminal } from 'pos-sdk';
import { useEffect } from 'react';
import { usePos } from '../hooks/usePos';

/**
 * Sends the device back to pairing when its terminal was unregistered: asked at start, whenever the session ends (a
 * manager's `pos terminal remove` revokes the terminal's tokens, so the next call signs out) and whenever a sign-in
 * fails. No answer (an outage) changes nothing: the till keeps working offline as its terminal.
 */
export function TerminalWatch({ onUnregistered }: { onUnregistered: () => void }) {
  const pos = usePos();
  useEffect(() => {
    const controller = new AbortController();
    const { hostId, store } = pos.api.config;
    const check = () => {
      checkDeviceTerminal(
        { baseUrl: window.location.origin },
        { terminal: hostId, store },
        { signal: controller.signal },
      ).then(
        (status) => {
          if (!status.registered && !controller.signal.aborted) onUnregistered();
        },
        () => undefined,
      );
    };
    check();
    let signedIn = pos.session.isSignedIn.peek();
    const stopSession = pos.session.isSignedIn.subscribe((now) => {
      if (signedIn && !now) check();
      signedIn = now;
    });
    const stopAlert = pos.session.showMessage.subscribe((shown) => {
      if (shown) check();
    });
    return () => {
      controller.abort();
      stopSession();
      stopAlert();
    };
  }, [pos, onUnregistered]);
  return null;
}
