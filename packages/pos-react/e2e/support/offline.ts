import type { Page } from 'playwright-core';
import { expect, vi } from 'vitest';

/** What the terminal keeps in IndexedDB for an outage (the SDK's offline store), or undefined before it wrote any. */
export interface StoredOfflineState {
  readonly policy: unknown;
  readonly ticket_ids: readonly string[];
  readonly catalogue?: unknown;
  readonly queue: readonly unknown[];
}

/** Reads the terminal's offline store (`pos-offline`), without creating it when the SDK has not yet. */
export function offlineState(current: Page): Promise<StoredOfflineState | undefined> {
  return current.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'pos-offline')) return undefined;
    return new Promise<StoredOfflineState | undefined>((resolve, reject) => {
      const opening = indexedDB.open('pos-offline');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const database = opening.result;
        if (!database.objectStoreNames.contains('offline')) {
          database.close();
          resolve(undefined);
          return;
        }
        const reading = database.transaction('offline').objectStore('offline').get('state');
        reading.onerror = () => reject(reading.error);
        reading.onsuccess = () => {
          database.close();
          resolve(reading.result as StoredOfflineState | undefined);
        };
      };
    });
  });
}

/** Waits until the terminal is ready for an outage: the policy, reserved ticket ids and the catalogue are stored. */
export async function waitUntilPrepared(current: Page): Promise<void> {
  await vi.waitFor(
    async () => {
      const state = await offlineState(current);
      expect(state?.policy).toBeTruthy();
      expect(state?.ticket_ids.length).toBeGreaterThan(0);
      expect(state?.catalogue).toBeTruthy();
    },
    { timeout: 20_000, interval: 250 },
  );
}

/** Waits until the service worker has cached the app and controls the page. */
export async function waitForServiceWorker(current: Page): Promise<void> {
  await current.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await vi.waitFor(
    async () => expect(await current.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true),
    { timeout: 20_000, interval: 250 },
  );
}
