import type { OfflineStore } from './OfflineStore';

// The few IndexedDB shapes this store uses, stated here so that the SDK compiles without the DOM library (the CLI
// and the server compile it for Node); a browser's `indexedDB` fits them.
interface IdbRequest<T> {
  readonly result: T;
  readonly error: unknown;
  onsuccess: ((...args: never[]) => unknown) | null;
  onerror: ((...args: never[]) => unknown) | null;
}
interface IdbOpenRequest extends IdbRequest<IdbDatabase> {
  onupgradeneeded: ((...args: never[]) => unknown) | null;
}
interface IdbTransaction {
  readonly error: unknown;
  objectStore(name: string): {
    get(key: string): IdbRequest<unknown>;
    put(value: unknown, key: string): IdbRequest<unknown>;
  };
  oncomplete: ((...args: never[]) => unknown) | null;
  onerror: ((...args: never[]) => unknown) | null;
  onabort: ((...args: never[]) => unknown) | null;
}
interface IdbDatabase {
  readonly objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string): unknown;
  transaction(
    store: string,
    mode: 'readonly' | 'readwrite',
    options?: { durability: 'strict' },
  ): IdbTransaction;
}
/** What {@link indexedDbOfflineStore} needs of the browser's `indexedDB`. */
export interface IdbFactoryLike {
  open(name: string, version: number): IdbOpenRequest;
}

const STORE = 'offline';
const KEY = 'state';

function request<T>(req: IdbRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * An offline store in the browser's IndexedDB (database `name`, default `pos-offline`): one record, written in a
 * transaction with `durability: 'strict'`, so `write` resolves once the browser has flushed it to disk; it survives
 * a reload, a browser restart and a power cut after the write.
 *
 * @example createPos({ ..., offline: { store: indexedDbOfflineStore(indexedDB) } })
 */
export function indexedDbOfflineStore(factory: IdbFactoryLike, name = 'pos-offline'): OfflineStore {
  let opened: Promise<IdbDatabase> | undefined;
  const open = (): Promise<IdbDatabase> => {
    opened ??= new Promise((resolve, reject) => {
      const req = factory.open(name, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return opened;
  };
  return {
    async read() {
      const db = await open();
      return request(db.transaction(STORE, 'readonly').objectStore(STORE).get(KEY));
    },
    async write(value) {
      const db = await open();
      const transaction = db.transaction(STORE, 'readwrite', { durability: 'strict' });
      transaction.objectStore(STORE).put(value, KEY);
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    },
  };
}
