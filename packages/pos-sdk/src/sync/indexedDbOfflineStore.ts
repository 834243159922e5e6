import type { OfflineStore } from './OfflineStore';

const STORE = 'offline';
const KEY = 'state';

function request<T>(req: IDBRequest<T>): Promise<T> {
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
export function indexedDbOfflineStore(factory: IDBFactory, name = 'pos-offline'): OfflineStore {
  let opened: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
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
