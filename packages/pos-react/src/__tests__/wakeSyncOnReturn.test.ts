import type { SyncService } from 'pos-sdk';
import { describe, expect, it } from 'vitest';
import { type WakeSource, wakeSyncOnReturn } from '../sync/wakeSyncOnReturn';

/** A window stand-in whose events the test fires, with a settable visibility. */
function fakeWindow() {
  const page = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  const source: WakeSource = {
    addEventListener: (type, listener) => page.addEventListener(type, listener),
    removeEventListener: (type, listener) => page.removeEventListener(type, listener),
    document: doc,
  };
  return { source, page, doc };
}

/** A sync service that only counts its wake-ups. */
function countingSync() {
  const counter = { wakes: 0 };
  const sync = { wake: () => counter.wakes++ } as unknown as SyncService;
  return { sync, counter };
}

describe('wakeSyncOnReturn', () => {
  it('wakes the sync when the tab is shown again, the page is restored or the network is back', () => {
    const { source, page, doc } = fakeWindow();
    const { sync, counter } = countingSync();
    const stop = wakeSyncOnReturn(sync, source);

    doc.dispatchEvent(new Event('visibilitychange'));
    expect(counter.wakes).toBe(0); // hidden: nothing to do until it is seen

    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(counter.wakes).toBe(1);
    page.dispatchEvent(new Event('pageshow'));
    page.dispatchEvent(new Event('online'));
    expect(counter.wakes).toBe(3);

    stop();
    doc.dispatchEvent(new Event('visibilitychange'));
    page.dispatchEvent(new Event('online'));
    expect(counter.wakes).toBe(3);
  });
});
