import type { SyncService } from 'pos-sdk';

/** The parts of `window` this needs: its events and its document's visibility. */
export interface WakeSource {
  addEventListener(type: 'online' | 'pageshow', listener: () => void): void;
  removeEventListener(type: 'online' | 'pageshow', listener: () => void): void;
  readonly document: {
    readonly visibilityState: DocumentVisibilityState;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
}

/**
 * Tells the SDK's sync when the page comes back: the tab shown again (also after the device slept with it open),
 * the page restored from the back-forward cache, the network back. A background tab's timers are slowed down by
 * the browser, so its probe may be late; `sync.wake()` asks the server at once and sends what waits (docs/offline.md).
 * @returns a function that stops listening.
 */
export function wakeSyncOnReturn(sync: SyncService | undefined, source: WakeSource = window): () => void {
  if (sync === undefined) return () => undefined;
  const wake = (): void => sync.wake();
  const onVisibility = (): void => {
    if (source.document.visibilityState === 'visible') sync.wake();
  };
  source.addEventListener('online', wake);
  source.addEventListener('pageshow', wake);
  source.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    source.removeEventListener('online', wake);
    source.removeEventListener('pageshow', wake);
    source.document.removeEventListener('visibilitychange', onVisibility);
  };
}
