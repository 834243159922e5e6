/**
 * Where the SDK keeps what must survive a reload: the session (token, user id, email, profile),
 * the cart, the tenders and the pending checkout's idempotency key.
 *
 * Synchronous on purpose: every store the product runs on (memory, `localStorage`, a small JSON
 * file) can answer at once, so `createPos` restores the cart before its first render and no
 * write can race another. Values are strings (JSON written by the services).
 *
 * @example
 * const storage = memoryStorage();            // tests, scripts
 * const storage = browserStorage(localStorage); // the web UI
 * const storage = fileStorage('~/.pos/state.json'); // the CLI (from 'pos-sdk/node')
 */
export interface StorageAdapter {
  /** The value stored under `key`, or `null` when none. */
  get(key: string): string | null;
  /** Stores `value` under `key`, replacing what was there. */
  set(key: string, value: string): void;
  /** Forgets `key` (no error when absent). */
  remove(key: string): void;
}
