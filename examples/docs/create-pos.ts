import { browserStorage, createConsoleDriver, createPos, type Pos, type WebStorageLike } from 'pos-sdk';
import { fileStorage } from 'pos-sdk/node';

/** A browser terminal: the session and the cart survive a reload through localStorage. */
export function createBrowserPos(localStorage: WebStorageLike): Pos {
  return createPos({
    api: { baseUrl: 'https://pos.example.com', hostId: 'TICKET01', store: 'STORE' },
    storage: browserStorage(localStorage),
    timeZone: 'Asia/Kuala_Lumpur',
  });
}

/** A Node terminal (a CLI or a script): state in a 0600 JSON file, receipts on stdout. */
export function createNodePos(server: string): Pos {
  return createPos({
    api: { baseUrl: server, timeoutMs: 10_000 },
    storage: fileStorage('~/.config/pos/state.json'),
    hardware: createConsoleDriver({ columns: 32 }),
    receiptColumns: 32,
  });
}
