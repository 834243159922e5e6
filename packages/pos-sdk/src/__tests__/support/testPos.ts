import nock from 'nock';
import { createPos } from '../../createPos';
import { createMemoryDriver, type MemoryDriver } from '../../hardware';
import type { Pos, PosConfig } from '../../services/Pos';
import { memoryStorage } from '../../storage/memoryStorage';
import type { StorageAdapter } from '../../storage/StorageAdapter';
import { BASE, CASHIER, MERCHANDISE, NOW, PASSES, TIME_ZONE } from './fixtures';

/** The token a signed-in test terminal sends. */
export const TOKEN = 'token-cashier';

/** What {@link createTestPos} gives a test. */
export interface TestPos {
  readonly pos: Pos;
  readonly driver: MemoryDriver;
  readonly storage: StorageAdapter;
}

/** Storage holding a signed-in cashier's session, as a previous run would have left it. */
export function signedInStorage(): StorageAdapter {
  return memoryStorage({
    'pos.session': JSON.stringify({
      token: TOKEN,
      userId: CASHIER._id,
      email: CASHIER.email,
      profile: CASHIER,
    }),
  });
}

/**
 * A terminal against {@link BASE} (answered by nock), a recording driver, a fixed clock and
 * venue time zone, and no retries (each test decides what the wire does).
 */
export function createTestPos(config: Partial<PosConfig> & { storage?: StorageAdapter } = {}): TestPos {
  const driver = createMemoryDriver();
  const storage = config.storage ?? signedInStorage();
  const pos = createPos({
    clock: () => NOW,
    timeZone: TIME_ZONE,
    hardware: driver,
    ...config,
    api: { baseUrl: BASE, retries: 0, retryDelayMs: 0, timeoutMs: 2000, ...config.api },
    storage,
  });
  return { pos, driver, storage };
}

/** The api as nock answers it, for one test. */
export function server(): nock.Scope {
  return nock(BASE);
}

/** Answers the catalogue calls with the demo catalogue and loads it. */
export async function loadCatalog(pos: Pos): Promise<void> {
  server().get('/v1/passes/STORE').reply(200, PASSES).get('/v1/merchandises/STORE').reply(200, MERCHANDISE);
  await pos.catalog.load();
}

/** The messages of the current notices, for concise assertions. */
export function noticeMessages(pos: Pos): string[] {
  return pos.notices.items.value.map((notice) => notice.message);
}
