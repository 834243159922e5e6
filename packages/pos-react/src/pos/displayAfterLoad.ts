import type { Pos } from 'pos-sdk';
import { afterPageLoad } from './afterPageLoad';

/**
 * Starts sending the sale to a customer display of this device (`/display`, docs/ui.md) once the page has loaded:
 * the sender is loaded then, not with /main.
 * @returns a function that stops it.
 */
export function displayAfterLoad(pos: Pos): () => void {
  // The display itself and a kiosk sell nothing: only a till sends.
  if (/^\/(display|kiosk)\b/.test(window.location.pathname)) return () => undefined;
  let stop: (() => void) | undefined;
  let stopped = false;
  const cancel = afterPageLoad(() => {
    void import('../display/broadcastToDisplay').then(({ broadcastToDisplay }) => {
      if (!stopped) stop = broadcastToDisplay(pos);
    });
  });
  return () => {
    stopped = true;
    cancel();
    stop?.();
  };
}
