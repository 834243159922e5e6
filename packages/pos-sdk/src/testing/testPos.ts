import { createPos } from '../createPos';
import { createMemoryDriver, type MemoryDriver } from '../hardware/createMemoryDriver';
import type { Pos, PosConfig } from '../services/Pos';
import { memoryStorage } from '../storage/memoryStorage';
import type { StorageAdapter } from '../storage/StorageAdapter';
import { createFetchMock, type FetchMock, type FetchMockOptions } from './fetchMock';
import { fixture } from './fixtures';
import { TEST_BASE_URL, TEST_HOST_ID } from './wire';

/** The kit's fixed "now": 10:00 on 22 November 2026 in Kuala Lumpur, the morning the fixtures were recorded. */
export const TEST_NOW = new Date('2026-11-22T02:00:00.000Z');

/** The venue time zone of the kit's terminal and fixtures. */
export const TEST_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** Options of {@link createTestPos}: anything of `createPos`'s configuration, and how the terminal starts. */
export interface TestPosOptions extends Partial<Omit<PosConfig, 'api'>> {
  /** Over the kit's API settings (`baseUrl` {@link TEST_BASE_URL}, the mock's `fetch`, no retry delay). */
  readonly api?: Partial<PosConfig['api']>;
  /**
   * Start signed in as the fixtures' cashier (Ana Cashier, on TICKET01), as a previous run would have left the
   * storage. Default false: the test signs in (the mock answers `signIn` and `adminLogin` with their fixtures).
   */
  readonly signedIn?: boolean;
  /** Options of the fetch mock the terminal talks to. */
  readonly mock?: FetchMockOptions;
}

/** A simulated terminal: the `Pos`, the mock it talks to, its hardware and storage. */
export interface TestPos {
  /** The terminal, as `createPos` makes it. */
  readonly pos: Pos;
  /** The server it talks to: script answers and failures, read `calls` and `unexpected`. */
  readonly server: FetchMock;
  /** The drawer and printer: `hardware.calls` lists what was printed and opened. */
  readonly hardware: MemoryDriver;
  /** What the terminal keeps (session, cart, tenders). */
  readonly storage: StorageAdapter;
  /** Stops the terminal's timers (`pos.dispose()`); call it after each test. */
  dispose(): void;
}

/** Storage holding the fixtures' signed-in cashier, as `createPos` keeps a session. */
function signedInStorage(): StorageAdapter {
  const { userToken, profile, terminal } = fixture('adminLogin').answer;
  return memoryStorage({
    'pos.session': JSON.stringify({
      token: userToken,
      userId: profile._id,
      email: profile.email,
      profile,
      terminal,
    }),
  });
}

/**
 * A simulated terminal for contract tests: `createPos` over a {@link createFetchMock} (every call answered with its
 * fixture unless scripted), a memory driver for drawer and printer, memory storage and a fixed clock
 * ({@link TEST_NOW}, Kuala Lumpur). Nothing touches a network, a device or the disk.
 *
 * @example
 * const { pos, server, hardware, dispose } = createTestPos({ signedIn: true });
 * await pos.catalog.load();
 * await pos.cart.add('GRIP-M', 1);
 * pos.checkout.setTender('CASH', '20');
 * const receipt = await pos.checkout.submit({ email: '', confirmedNoEmail: true });
 * expect(server.callsTo('checkout')).toHaveLength(1);
 * dispose();
 */
export function createTestPos(options: TestPosOptions = {}): TestPos {
  const { api, signedIn, mock: mockOptions, ...config } = options;
  const baseUrl = api?.baseUrl ?? TEST_BASE_URL;
  const server = createFetchMock({
    baseUrl,
    ...(api?.engineUrl === undefined ? {} : { engineUrl: api.engineUrl }),
    ...mockOptions,
  });
  const hardware = createMemoryDriver();
  const storage = config.storage ?? (signedIn === true ? signedInStorage() : memoryStorage());
  const pos = createPos({
    clock: () => new Date(TEST_NOW),
    timeZone: TEST_TIME_ZONE,
    hardware,
    newIdempotencyKey: () => crypto.randomUUID(),
    ...config,
    storage,
    api: { hostId: TEST_HOST_ID, retryDelayMs: 0, ...api, baseUrl, fetch: api?.fetch ?? server.fetch },
  });
  return { pos, server, hardware, storage, dispose: () => pos.dispose() };
}
