import { effect } from '@preact/signals-core';
import type { Pos } from 'pos-sdk';
import { afterPageLoad } from './afterPageLoad';

/**
 * Gets the terminal ready for an outage (docs/offline.md, "offline_prepare": the policy, reserved
 * ticket ids and up to 2,000 tickets to check at the gate) whenever a user is signed in, as the SDK
 * does by itself, but after the page has loaded: its answer can be large, and it must not compete
 * with the sales screen's first load. The terminal is made with `prepareOnSignIn: false`.
 * @returns a function that stops it.
 */
export function prepareOfflineAfterLoad(pos: Pos): () => void {
  const { sync } = pos;
  if (sync === undefined) return () => undefined;
  // The offline store is read at once (a local read): what waits from before the reload shows in the banner
  // and the user menu from the start.
  sync.ready().catch(() => undefined);
  let stop: (() => void) | undefined;
  const cancel = afterPageLoad(() => {
    stop = effect(() => {
      if (pos.session.isSignedIn.value) sync.prepare().catch(() => undefined);
    });
  });
  return () => {
    cancel();
    stop?.();
  };
}
