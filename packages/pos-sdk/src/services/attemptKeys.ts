/** Idempotency keys of money-moving calls whose answer has not been seen yet. */
export interface AttemptKeys {
  /** The key of an attempt (named by its request), made on first use and reused by its retries. */
  keyFor(attempt: string): string;
  /** Forgets an attempt's key once its answer arrived. */
  settle(attempt: string): void;
  /** Forgets every key (sign-out). */
  clear(): void;
}

/**
 * Keeps one idempotency key per logical attempt, so a retry after a failure or a timeout is the
 * same operation for the server (docs/api.md, Idempotency: same key and body, first result).
 */
export function createAttemptKeys(newKey: () => string): AttemptKeys {
  const keys = new Map<string, string>();
  return {
    keyFor: (attempt) => {
      let key = keys.get(attempt);
      if (key === undefined) {
        key = newKey();
        keys.set(attempt, key);
      }
      return key;
    },
    settle: (attempt) => {
      keys.delete(attempt);
    },
    clear: () => keys.clear(),
  };
}
