/**
 * Where a terminal keeps what it needs through an outage (docs/offline.md): the sales and scans waiting to sync,
 * the offline policy, the reserved ticket ids and the tickets it can check. Asynchronous, because durable stores
 * are: `write` resolves only once the value is on disk (IndexedDB with strict durability in the browser, a synced
 * file in Node), so a sale is stored before its receipt prints.
 */
export interface OfflineStore {
  /** The value last written, or undefined when nothing was. */
  read(): Promise<unknown>;
  /** Replaces the value; resolves once it is durable. */
  write(value: unknown): Promise<void>;
}

/** An offline store in memory (tests, or a terminal that may lose its queue with the process). */
export function memoryOfflineStore(initial?: unknown): OfflineStore {
  let stored: string | undefined = initial === undefined ? undefined : JSON.stringify(initial);
  return {
    read: async () => (stored === undefined ? undefined : (JSON.parse(stored) as unknown)),
    write: async (value) => {
      stored = JSON.stringify(value);
    },
  };
}
