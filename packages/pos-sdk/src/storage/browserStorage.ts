import type { StorageAdapter } from './StorageAdapter';

/** The part of the Web Storage API the adapter uses (`localStorage`, `sessionStorage`). */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A {@link StorageAdapter} over Web Storage, so a reload of the UI keeps the session and the cart.
 * Write failures (quota, private mode) are swallowed: the terminal keeps working from memory.
 *
 * @example
 * const pos = createPos({ api: { baseUrl: '/' }, storage: browserStorage(localStorage) });
 */
export function browserStorage(storage: WebStorageLike): StorageAdapter {
  return {
    get: (key) => storage.getItem(key),
    set: (key, value) => {
      try {
        storage.setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled: the in-memory signals still hold the state.
      }
    },
    remove: (key) => storage.removeItem(key),
  };
}
