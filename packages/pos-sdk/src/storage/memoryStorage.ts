import type { StorageAdapter } from './StorageAdapter';

/**
 * A {@link StorageAdapter} that keeps values in a `Map`: nothing survives the process.
 * The default of `createPos`; two `createPos` calls given the same instance share state
 * (what a reload looks like in tests).
 *
 * @example
 * const storage = memoryStorage();
 * const pos = createPos({ api: { baseUrl }, storage });
 */
export function memoryStorage(initial: Record<string, string> = {}): StorageAdapter {
  const values = new Map<string, string>(Object.entries(initial));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
    },
    remove: (key) => {
      values.delete(key);
    },
  };
}
