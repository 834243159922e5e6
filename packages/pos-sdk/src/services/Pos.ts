import type { ApiClient, ApiConfig } from '../api';
import type { DoorDriver, HardwareDriver } from '../hardware';
import type { StorageAdapter } from '../storage/StorageAdapter';
import type { SyncService } from '../sync/createSync';
import type { OfflineStore } from '../sync/OfflineStore';
import type { ApprovalService } from './ApprovalService';
import type { CartService } from './CartService';
import type { CatalogService } from './CatalogService';
import type { CheckoutService } from './CheckoutService';
import type { EventsService, PosEventName } from './EventsService';
import type { IdentityProvider } from './IdentityProvider';
import type { MembershipService } from './MembershipService';
import type { NoticesService, Timers } from './NoticesService';
import type { OrdersService } from './OrdersService';
import type { SessionService } from './SessionService';
import type { ShiftService } from './ShiftService';
import type { TicketsService } from './TicketsService';
import type { VenueService } from './venue';

/** Configuration of {@link Pos}. Everything but `api.baseUrl` has a default. */
export interface PosConfig {
  /**
   * The API client's configuration (base URL, engine URL, host id, store, timeouts...).
   * `getToken` and `onUnauthorized` are wired by `createPos`: the session supplies the token and
   * a 403 that ended the session signs out. `onRetry` and `onReachability` are called after the SDK's own
   * (the 'still trying' notice, the offline state).
   */
  api: Omit<ApiConfig, 'getToken' | 'onUnauthorized'>;
  /**
   * A device's own token, used when no staff member is signed in: a self check-in kiosk's (`api.kioskEnable`), which
   * the server lets check and redeem passes only. Default: none (every call carries the signed-in staff's token).
   */
  deviceToken?: string;
  /** Persistence for session, cart and tenders. Default: `memoryStorage()` (nothing survives the process). */
  storage?: StorageAdapter;
  /** Default: `serverIdentityProvider(api)` (the reference server: sign_in, then admin_login). */
  identity?: IdentityProvider;
  /** Drawer and printer. Default: a driver that does nothing. */
  hardware?: HardwareDriver;
  /**
   * The door relay (docs/hardware.md): opened after every successful entry (`tickets.redeem`); a door fault never
   * undoes the entry, it is a `HardwareError` notice. Default: none.
   */
  door?: DoorDriver;
  /** How long the door stays open after an entry, in whole seconds. Default `DEFAULT_DOOR_OPEN_SECONDS` (5). */
  doorOpenSeconds?: number;
  /** The time source for "today", ticket status and refund eligibility. Default `() => new Date()`. */
  clock?: () => Date;
  /** The venue's IANA time zone: "today" is its local day. Default `Asia/Kuala_Lumpur`. */
  timeZone?: string;
  /** The store code sent as `origin` (checkout, orders). Default `api.store ?? 'STORE'`. */
  origin?: string;
  /** Printed at the top of receipts and reports (e.g. 'Demo Climbing Gym'). */
  venueName?: string;
  /**
   * Receipt width in characters (58 mm paper: 32; 80 mm: 42 or 48). Default 42. The default driver
   * reports it; a driver you pass prints at its own width. Read back as `pos.config.receiptColumns`.
   */
  receiptColumns?: 32 | 42 | 48;
  /** Timers for notice expiry. Default: the global `setTimeout`/`clearTimeout`, looked up at call time. */
  timers?: Timers;
  /** Makes idempotency keys. Default `crypto.randomUUID()`. */
  newIdempotencyKey?: () => string;
  /**
   * Selling and checking passes through an outage (docs/offline.md): where the waiting sales and scans are kept
   * (`indexedDbOfflineStore(indexedDB)` in a browser, `fileOfflineStore(path)` from `pos-sdk/node`), and how often the
   * terminal asks whether the server is back (`probeIntervalMs`, default 5000; 0 never, e.g. a CLI that syncs on
   * command), and whether a signed-in terminal asks the server for its offline data at once (`prepareOnSignIn`,
   * default true; a CLI asks when it signs in or opens a shift, and on `pos sync now`). Without it, a checkout that
   * gets no answer keeps its cart for a retry, as before.
   */
  offline?: { store: OfflineStore; probeIntervalMs?: number; prepareOnSignIn?: boolean };
  /**
   * Told when a `pos.events` listener throws (the sale, cart or shift it was told about stands, and the other
   * listeners are still called). Default: `console.error`.
   */
  onEventError?: (error: unknown, event: PosEventName) => void;
}

/** The settled configuration a {@link Pos} runs with. */
export interface ResolvedPosConfig {
  /**
   * The venue's IANA time zone: the one its settings give once `venue` has loaded them (a manager may change it in
   * the back office), else `PosConfig.timeZone`. It reads `pos.venue.settings`: a component that should re-render
   * when a manager changes the zone subscribes to that signal.
   */
  readonly timeZone: string;
  /** The store code sent as `origin`. */
  readonly origin: string;
  /** The receipt width clients should create their drivers with. */
  readonly receiptColumns: 32 | 42 | 48;
  /** Now, as the services see it. */
  readonly clock: () => Date;
}

/**
 * One point-of-sale terminal: every service over one API client, one storage and one driver.
 * Create it once per app (or per CLI run) and `dispose()` it when done.
 *
 * @example
 * const pos = createPos({ api: { baseUrl: 'http://127.0.0.1:8080' } });
 * await pos.session.signIn('cashier@demo.pos', 'demo1234');
 * await pos.shift.start();
 */
export interface Pos {
  /** The underlying typed API client (token and 403 handling already wired). */
  readonly api: ApiClient;
  /** The settled configuration (time zone, origin, receipt width, clock). */
  readonly config: ResolvedPosConfig;
  readonly session: SessionService;
  readonly shift: ShiftService;
  readonly catalog: CatalogService;
  readonly cart: CartService;
  readonly approval: ApprovalService;
  readonly checkout: CheckoutService;
  readonly orders: OrdersService;
  readonly tickets: TicketsService;
  readonly membership: MembershipService;
  /** Working through an outage; present when `PosConfig.offline` was given. */
  readonly sync?: SyncService;
  /** The venue's settings (receipt header, time zone), loaded from the server. */
  readonly venue: VenueService;
  /** The hardware driver in use (the configured one or the no-op default). */
  readonly hardware: HardwareDriver;
  readonly notices: NoticesService;
  /** What happened at the terminal, to subscribe to: a sale completed, the cart changed, a shift started or ended, a sync drained. */
  readonly events: EventsService;
  /** Stops notice timers and subscriptions. The instance must not be used afterwards. */
  dispose(): void;
}
