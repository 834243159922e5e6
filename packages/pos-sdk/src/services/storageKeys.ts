import type { StorageAdapter } from '../storage/StorageAdapter';

/** The keys the services persist under, one per area. */
export const STORAGE_KEYS = {
  /** Token, user id, email and profile. */
  session: 'pos.session',
  /** Cart lines. */
  cart: 'pos.cart',
  /** Tenders, customer email and the pending checkout attempt's idempotency key. */
  checkout: 'pos.checkout',
  /** The venue's settings (receipt header, time zone). */
  venue: 'pos.venue',
} as const;

/** Reads a JSON value; `undefined` when absent or unreadable (a corrupt entry is ignored, not fatal). */
export function readStored(storage: StorageAdapter, key: string): unknown {
  const text = storage.get(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes a JSON value. */
export function writeStored(storage: StorageAdapter, key: string, value: unknown): void {
  storage.set(key, JSON.stringify(value));
}

/** Is `value` a non-null, non-array object? */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
