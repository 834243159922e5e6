/**
 * The public surface of the SDK's stateful layer: `createPos(config)` and the services it wires.
 *
 * State lives in `@preact/signals-core` signals, exposed read-only (`ReadonlySignal<T>`): callers
 * read `.value`, `subscribe()` or derive with `computed()`, and change state only through the
 * actions. Actions return results or throw a `PosError` subclass (`RuleError` for a rule's
 * refusal, carrying the spec's message; `ValidationError` for an invalid form, its `details`
 * holding one `{ path, message }` per invalid field, `path` being the form's field name; the
 * api's errors otherwise). Money is integer sen (`Sen`).
 *
 * This file is the contract the CLI and the React UI code against: changes are additive only.
 */

import type { ReadonlySignal } from '@preact/signals-core';
import type { ApiClient, ApiConfig } from '../api';
import type {
  CartItem,
  CartMember,
  Duration,
  ExportFormat,
  LookupMembershipResponse,
  Member,
  MerchandiseProduct,
  Order,
  OrderPage,
  OrderSummary,
  PassProduct,
  Receipt,
  RenewMembershipResponse,
  Shift,
  ShiftReport,
  Ticket,
  TicketDisplayStatus,
  UserEntry,
  UserProfile,
} from '../contract';
import type { HardwareDriver } from '../hardware';
import type { Sen } from '../money';
import type { DiscountType } from '../rules/cartItem';
import type { CustomerEmailCheck } from '../rules/customerEmail';
import type { SyncService } from '../sync/createSync';
import type { OfflineStore } from '../sync/OfflineStore';
import type { VenueService } from './venue';

// ---------------------------------------------------------------------------------------------
// Configuration and adapters
// ---------------------------------------------------------------------------------------------

/**
 * Where the SDK keeps what must survive a reload: the session (token, user id, email, profile),
 * the cart, the tenders and the pending checkout's idempotency key.
 *
 * Synchronous on purpose: every store the product runs on (memory, `localStorage`, a small JSON
 * file) can answer at once, so `createPos` restores the cart before its first render and no
 * write can race another. Values are strings (JSON written by the services).
 *
 * @example
 * const storage = memoryStorage();            // tests, scripts
 * const storage = browserStorage(localStorage); // the web UI
 * const storage = fileStorage('~/.pos/state.json'); // the CLI (from 'pos-sdk/node')
 */
export interface StorageAdapter {
  /** The value stored under `key`, or `null` when none. */
  get(key: string): string | null;
  /** Stores `value` under `key`, replacing what was there. */
  set(key: string, value: string): void;
  /** Forgets `key` (no error when absent). */
  remove(key: string): void;
}

/**
 * The identity provider sign-in goes through (spec section 7): email and password for an
 * `idToken`, which `admin_login` exchanges for the user token.
 * The default, `serverIdentityProvider(api)`, calls the reference server's `/v1/identity/sign_in`.
 */
export interface IdentityProvider {
  /**
   * Authenticates staff credentials.
   * @throws a `PosError` (`InvalidCredentialsError` for wrong credentials, `NetworkError` when unreachable).
   */
  signIn(email: string, password: string): Promise<{ idToken: string; email: string }>;
}

/** Timer functions the notices use to expire; default the global ones (so fake timers work). */
export interface Timers {
  /** Calls `fn` after `ms` milliseconds; returns a handle for `clearTimeout`. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a pending `setTimeout`. */
  clearTimeout(handle: unknown): void;
}

/** Configuration of {@link Pos}. Everything but `api.baseUrl` has a default. */
export interface PosConfig {
  /**
   * The API client's configuration (base URL, engine URL, host id, store, timeouts...).
   * `getToken` and `onUnauthorized` are wired by `createPos`: the session supplies the token and
   * any 403 signs out.
   */
  api: Omit<ApiConfig, 'getToken' | 'onUnauthorized'>;
  /** Persistence for session, cart and tenders. Default: `memoryStorage()` (nothing survives the process). */
  storage?: StorageAdapter;
  /** Default: `serverIdentityProvider(api)` (the reference server: sign_in, then admin_login). */
  identity?: IdentityProvider;
  /** Drawer and printer. Default: a driver that does nothing. */
  hardware?: HardwareDriver;
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
}

/** The settled configuration a {@link Pos} runs with. */
export interface ResolvedPosConfig {
  /** The venue's IANA time zone. */
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
  /** Stops notice timers and subscriptions. The instance must not be used afterwards. */
  dispose(): void;
}

// ---------------------------------------------------------------------------------------------
// Notices (toasts)
// ---------------------------------------------------------------------------------------------

/** How a notice is shown. */
export type NoticeKind = 'success' | 'warning' | 'error' | 'info';

/**
 * A toast: the one place the product's success, warning and error messages come from (spec section 8).
 * Two-line warnings carry a `title` ('Shopping Cart Empty' / 'No item to checkout').
 */
export interface Notice {
  /** Unique within the `Pos` instance. */
  readonly id: string;
  readonly kind: NoticeKind;
  readonly title?: string;
  /** The spec's text, word for word. */
  readonly message: string;
  /** How long it stays before it expires on its own: warnings 3000 ms, the photo error 5000 ms. */
  readonly durationMs: number;
}

/** What a caller passes to push its own notice; `durationMs` defaults by kind. */
export interface NoticeInput {
  readonly kind: NoticeKind;
  readonly title?: string;
  readonly message: string;
  readonly durationMs?: number;
}

/** The live list of notices. Each expires after its `durationMs` or on `dismiss`. */
export interface NoticesService {
  /** The notices currently shown, oldest first. */
  readonly items: ReadonlySignal<readonly Notice[]>;
  /**
   * Calls `listener` once for every new notice (a CLI prints it; the UI may prefer `items`).
   * @returns a function that unsubscribes.
   */
  subscribe(listener: (notice: Notice) => void): () => void;
  /** Shows a notice (for the clients' own messages). */
  push(input: NoticeInput): Notice;
  /** Removes a notice before it expires. */
  dismiss(id: string): void;
  /** Removes every notice. */
  clear(): void;
}

// ---------------------------------------------------------------------------------------------
// Session
// ---------------------------------------------------------------------------------------------

/**
 * Staff sign-in (spec sections 3, 4 and 6): auth state in the spec's names.
 * Any 403 from any call signs out (wired once by `createPos`).
 */
/** Why the session ended: the cashier signed out, or the server refused the token (403). */
export type SignOutReason = 'user' | 'forbidden';

export interface SessionService {
  /** The signed-in user's id, or `null`. */
  readonly authUser: ReadonlySignal<string | null>;
  /** The signed-in user's profile, or `null`. */
  readonly userProfile: ReadonlySignal<UserProfile | null>;
  /** The signed-in user's email (stored locally), or `null`. */
  readonly email: ReadonlySignal<string | null>;
  /** True while signing in. */
  readonly loader: ReadonlySignal<boolean>;
  /** The authentication alert message of the last failed sign-in ('' when none). */
  readonly alertMessage: ReadonlySignal<string>;
  /** Whether the alert message is shown. */
  readonly showMessage: ReadonlySignal<boolean>;
  /** Is a user signed in (a token and a user id)? */
  readonly isSignedIn: ReadonlySignal<boolean>;
  /**
   * Signs in: validates the form ('The input is not valid E-mail!', 'Please input your Password!'),
   * then the identity provider, then `admin_login`; stores token, user id, email and profile.
   * On failure sets `alertMessage` (the server's message or 'Server not responding') and `showMessage`.
   * @throws `ValidationError` (details per field) for an invalid form; the api's error otherwise
   *   (`InvalidCredentialsError` for a wrong email or password, `NetworkError` when unreachable).
   */
  signIn(email: string, password: string): Promise<UserProfile>;
  /**
   * Signs out: clears token, profile, shift, approval and the stored session. A cashier's own
   * sign-out (`'user'`, the default) also clears the cart and tenders; a forced one (`'forbidden'`,
   * a 403 from any call) keeps them, with the pending checkout's key, so a sale in progress is not
   * lost and its retry after signing in again cannot create a second order.
   * The local state is cleared at once; the cashier's own sign-out then revokes the token on the server
   * (`admin_logout`). The promise never rejects: it resolves true once the token is known to have ended on the
   * server, false when the server could not be reached (the token then ends at its expiry there).
   */
  signOut(reason?: SignOutReason): Promise<boolean>;
  /**
   * Reloads a stored session (start-up). `createPos` calls it already.
   * @returns whether a session was found.
   */
  restore(): boolean;
  /** Signs out when signed in without a profile (spec section 6). @returns whether a profile is present. */
  ensureProfile(): boolean;
  /** Hides the alert message (the login screen does it 100 ms after showing it). */
  hideMessage(): void;
  /** The current user token (what the api client sends as Bearer), if any. */
  getToken(): string | undefined;
}

// ---------------------------------------------------------------------------------------------
// Shift
// ---------------------------------------------------------------------------------------------

/** The close-shift form: the takings counted, as typed (validated with `validateEndShift`). */
export interface EndShiftForm {
  readonly cash: string;
  readonly card: string;
  readonly ewallet: string;
}

/** The cash shift (spec section 4). */
export interface ShiftService {
  /** The open shift, or `null` (none yet, ended, or signed out). */
  readonly current: ReadonlySignal<Shift | null>;
  /** An open shift with an empty float: the 'New Shift' float dialog must show. */
  readonly needsFloat: ReadonlySignal<boolean>;
  /** The sum of the float entries (ZERO without a shift). */
  readonly floatTotal: ReadonlySignal<Sen>;
  /** The last X or Z report fetched (`null` until one is). */
  readonly lastReport: ReadonlySignal<ShiftReport | null>;
  /** True while a shift call is in flight. */
  readonly busy: ReadonlySignal<boolean>;
  /**
   * Starts (or resumes) the terminal's shift; call on entering sales when signed in.
   * An empty shift object `{}` signs the user out (and resolves `null`).
   */
  start(): Promise<Shift | null>;
  /**
   * Sets the float from the dialog's text ('Please enter 0 if empty', 'Value can be 0 or positive
   * number up to 2 decimals'; negative allowed), prints a float receipt. The shift gets a float
   * entry, so `needsFloat` turns false and the 'New Shift' dialog closes.
   * @throws `ValidationError` (details `{ float }`) for invalid input.
   */
  setFloat(input: string): Promise<Shift>;
  /** Cancelling the 'New Shift' dialog signs out (only while `needsFloat`; otherwise nothing). */
  cancelNewShift(): void;
  /** Menu > Float: opens the cash drawer (the UI then shows the float dialog). */
  openFloatFromMenu(): Promise<void>;
  /** The X report of the open shift so far; printed as an `x-report`. */
  report(): Promise<ShiftReport>;
  /**
   * Ends the shift with the counted takings ('Please enter 0 if empty', 'Value can be 0 or positive
   * number up to 2 decimals'); prints the `z-report`, clears the shift and returns the report.
   * @throws `ValidationError` (details per field) for invalid input.
   */
  end(input: EndShiftForm): Promise<ShiftReport>;
  /** Menu > Open Drawer. */
  openDrawer(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

/**
 * One sellable variant as a sales-screen tile. Tiles come grouped by product (a product's
 * variants are adjacent, in catalogue order); `productId` names the group.
 */
export interface Tile {
  readonly sku: string;
  /** The product name (pass `_id`, merchandise `name`). */
  readonly title: string;
  /** The pass group (Adult, Child) or the merchandise size. */
  readonly subtitle: string;
  /** Unit price; passes use their first price entry. */
  readonly price: Sen;
  readonly type: 'PASS' | 'MERCHANDISE';
  readonly productId: string;
  /** Pass category (`Membership` is special); `Merchandise` for merchandise. */
  readonly category: string;
}

/** The tiles of the sales screen's selector (Special shows nothing). */
export interface CatalogTiles {
  readonly entryPass: readonly Tile[];
  readonly merchandise: readonly Tile[];
}

/**
 * The store's passes and merchandise. Membership Renewal products stay in the tiles (the spec
 * answers a tap with 'Membership renewal needs to be process independently.'): renewal is sold
 * through `membership.renew`.
 */
export interface CatalogService {
  readonly passes: ReadonlySignal<readonly PassProduct[]>;
  readonly merchandise: ReadonlySignal<readonly MerchandiseProduct[]>;
  readonly loading: ReadonlySignal<boolean>;
  /** Tiles grouped by product with their variants. */
  readonly tiles: ReadonlySignal<CatalogTiles>;
  /** Fetches passes and merchandise (a fetched list replaces the stored one); errors become notices and rethrow. */
  load(): Promise<void>;
  /** Scan Product: the tile whose sku equals `code` (trimmed, case-insensitive), or `undefined`. */
  findBySku(code: string): Tile | undefined;
}

// ---------------------------------------------------------------------------------------------
// Cart
// ---------------------------------------------------------------------------------------------

/** A discount on a cart line, money in sen. Applied only through `approval.approveDiscount`. */
export interface PosDiscount {
  readonly type: DiscountType;
  /** Ringgit (amount) or percent (percentage), rounded to 2 decimals. */
  readonly value: number;
  /** What it takes off the line. */
  readonly amount: Sen;
  /** The approving user's `_id`. */
  readonly approver: string;
  /** The approver's display name (for the discount note). */
  readonly approver_name?: string;
  /** The single-use token verify_pin returned. */
  readonly approval?: string;
}

/**
 * A cart line: the contract's `CartItem` field names, with money kept in sen (`price`, the
 * discount's `amount`). `toPayload()` converts to the wire shape.
 */
export interface PosCartItem {
  readonly sku: string;
  readonly name: string;
  /** Pass category (`Membership` is special); `Merchandise` for merchandise. */
  readonly category: string;
  /** Pass group or merchandise size. */
  readonly group?: string;
  readonly quantity: number;
  readonly min_qty?: number;
  readonly usage_limit?: number;
  readonly duration?: Duration;
  /** Start of today in the venue time zone (ISO with offset), set when added. */
  readonly visit_date?: string;
  readonly type: 'PASS' | 'MERCHANDISE';
  /** Unit price. */
  readonly price: Sen;
  readonly discount?: PosDiscount;
  /** Membership items: who the membership is for. */
  readonly member?: CartMember;
}

/** Member details for a Membership item; `type` and `sku` are filled from the variant. */
export type MemberDetails = Omit<CartMember, 'type' | 'sku'>;

/** Options of `cart.add`. */
/** A tapped or scanned item the cart accepts so far (`cart.prepare`). */
export interface PreparedItem {
  readonly sku: string;
  readonly name: string;
  /** A membership: ask for the member's details, quantity 1. */
  readonly needsMember: boolean;
  /** The quantity the quantity dialog starts with (a pass's min_qty, otherwise 1). */
  readonly quantity: number;
}

export interface AddToCartOptions {
  /** Required in practice for Membership items: the server refuses a membership without a member. */
  readonly member?: MemberDetails;
}

/** A discount to apply to a line (what `approval.approveDiscount` passes after the PIN check). */
export interface DiscountToApply {
  readonly type: DiscountType;
  /** Ringgit (amount) or percent (percentage). */
  readonly value: number;
  readonly approver: string;
  readonly approver_name?: string;
  readonly approval?: string;
}

/** The cart's part of the checkout payload, wire-shaped (ringgit numbers). */
export interface CartPayload {
  readonly items: CartItem[];
  readonly num_items: number;
  readonly subtotal: number;
}

/**
 * The cart (spec sections 4 and 5). Persisted through the storage adapter, so a reload keeps it.
 * Every refusal throws a `RuleError` with the spec's message. `add` and `setQuantity` also show
 * it as a warning notice (spec section 8: the quantity and cart refusal messages are toasts);
 * `applyDiscount` does not (the discount dialog shows it).
 */
export interface CartService {
  readonly items: ReadonlySignal<readonly PosCartItem[]>;
  /** Sum of line amounts (after discounts). */
  readonly subtotal: ReadonlySignal<Sen>;
  /** Sum of quantities. */
  readonly numItems: ReadonlySignal<number>;
  readonly isEmpty: ReadonlySignal<boolean>;
  /**
   * Checks a tapped or scanned code (SKU or barcode) before any dialog asks for a quantity or a
   * member: toasts and throws at once what the cart would refuse whatever the answers ('Membership
   * renewal needs to be process independently.', 'Only 1 membership item is allowed in the cart!',
   * an unknown code), and says what to ask next.
   * @throws `RuleError`, `NotFoundError`.
   */
  prepare(code: string): Promise<PreparedItem>;
  /**
   * Adds `quantity` (default 1) of the variant `sku` from the catalogue (loaded on a miss). An
   * sku already in the cart gets its quantity increased. Toasts 'Added {qty} x {name} to cart'.
   * Empty or zero quantity is ignored (resolves `undefined`).
   * @throws `RuleError`: 'Membership renewal needs to be process independently.',
   *   'Only 1 membership item is allowed in the cart!', 'Membership passes can only have quantity of 1',
   *   'Quantity for {name} has to be at least {min_qty}'; `NotFoundError` for an unknown sku.
   */
  add(sku: string, quantity?: number | string, options?: AddToCartOptions): Promise<PosCartItem | undefined>;
  /**
   * Sets a line's quantity from the quantity dialog. Empty or zero is ignored (returns `undefined`).
   * @throws `RuleError` with the quantity messages.
   */
  setQuantity(sku: string, input: number | string): PosCartItem | undefined;
  /** Removes a line. */
  remove(sku: string): void;
  /** Empties the cart (the clear-all link). */
  clear(): void;
  /**
   * Applies an approved discount to a line. Normally called by `approval.approveDiscount`.
   * @throws `RuleError` (not in cart, not above 0, over 100 %, more than the line).
   */
  applyDiscount(sku: string, discount: DiscountToApply): PosCartItem;
  /** Removes a line's discount (clicking an applied discount). */
  removeDiscount(sku: string): void;
  /** The wire-shaped items, num_items and subtotal. */
  toPayload(): CartPayload;
  /** Reloads the stored cart (`createPos` does it already). */
  restore(): void;
}

// ---------------------------------------------------------------------------------------------
// Discount approval
// ---------------------------------------------------------------------------------------------

/** The PIN state of the discount dialog (spec section 4). */
export type PinState = 'unauthorised' | 'authorised';

/** The item discount form, as typed. */
export interface DiscountForm {
  readonly value: string;
  readonly type: DiscountType;
  /** The approver's user `_id`, one of `users`. */
  readonly approver: string;
  /** Digits only ('Only numbers allowed'). */
  readonly pin: string;
}

/** Discount approval: the approver list and the PIN check. */
export interface ApprovalService {
  /** The users list (approvers); a fetched list replaces the stored one. */
  readonly users: ReadonlySignal<readonly UserEntry[]>;
  /** Starts unauthorised; authorised only after a successful verify_pin, then back to unauthorised. */
  readonly pinState: ReadonlySignal<PinState>;
  /** True while verifying. */
  readonly verifying: ReadonlySignal<boolean>;
  /** Fetches the users list. */
  loadUsers(): Promise<readonly UserEntry[]>;
  /**
   * Validates the form, verifies the approver's PIN, applies the discount with the returned
   * approval token and the approver's name, and resets the PIN state to unauthorised.
   * On failure the state stays unauthorised and the error is thrown (and toasted).
   * @throws `ValidationError` (form), `RuleError` (wrong PIN, 422), `LockedError` (429), `RuleError` from the cart.
   */
  approveDiscount(sku: string, form: DiscountForm): Promise<PosCartItem>;
}

// ---------------------------------------------------------------------------------------------
// Checkout (payment)
// ---------------------------------------------------------------------------------------------

/** The payment methods that take money (GIFT CARD is shown but disabled). */
export type TenderType = 'CASH' | 'CREDIT CARD' | 'E-WALLET';

/** The amount entered per method. */
export type Tenders = Readonly<Record<TenderType, Sen>>;

/** What `checkout.submit` needs besides the cart and tenders. */
export interface SubmitInput {
  /** The customer email ('' for none). */
  readonly email: string;
  /** The cashier answered 'Confirm NOT entering customer email?' with yes. */
  readonly confirmedNoEmail?: boolean;
}

/**
 * The payment screen and checkout (spec sections 4 and 5). Tenders are persisted with the cart.
 * A checkout attempt keeps one idempotency key until it succeeds or the cart/tenders change, so a
 * retry after a failure or a timeout can never create a second order.
 */
export interface CheckoutService {
  readonly tenders: ReadonlySignal<Tenders>;
  /** Sum of the tenders. */
  readonly paid: ReadonlySignal<Sen>;
  /** paid − subtotal; negative when short. */
  readonly change: ReadonlySignal<Sen>;
  readonly isShort: ReadonlySignal<boolean>;
  /** How much is missing (ZERO when not short). */
  readonly shortBy: ReadonlySignal<Sen>;
  /** The customer email last entered. */
  readonly customerEmail: ReadonlySignal<string>;
  /** True while a checkout is in flight (a second submit is refused). */
  readonly submitting: ReadonlySignal<boolean>;
  /** The receipt of the last successful checkout. */
  readonly lastReceipt: ReadonlySignal<Receipt | null>;
  /** The idempotency key of the pending attempt, or `null` when none is pending. */
  readonly pendingKey: ReadonlySignal<string | null>;
  /**
   * Sets a method's amount from the amount entry: a positive number sets it; empty or non-positive
   * resets it to 0. @returns the amount set. @throws `RuleError` for GIFT CARD.
   */
  setTender(type: TenderType | 'GIFT CARD', input: string): Sen;
  /** Resets every tender to 0. */
  clearTenders(): void;
  /** Remembers the customer email entered in the 'Customer Email' modal. */
  setCustomerEmail(email: string): void;
  /** The customer email rule for the current cart: `ok`, `invalid`, `required` or `confirm`. */
  checkEmail(email: string): CustomerEmailCheck;
  /**
   * Checks out: refuses an empty cart ('Shopping Cart Empty' / 'No item to checkout'), a short
   * payment ('Insufficient Amount' / 'Payment is short by RM {x}') and the email outcomes, each as
   * a warning notice and a thrown `RuleError`; then calls checkout with the attempt's key.
   * On success: cart and tenders emptied, `sale` printed, drawer opened when CASH was tendered,
   * 'Checkout completed'. On failure: cart and tenders unchanged, error notice, rethrown.
   */
  submit(input: SubmitInput): Promise<Receipt>;
  /**
   * The checks `submit` starts with, before the 'Customer Email' question: refuses an empty cart
   * ('Shopping Cart Empty' / 'No item to checkout') and a short payment ('Insufficient Amount' /
   * 'Payment is short by RM {x}') with a warning notice. @returns whether checkout may go on.
   */
  checkPayment(): boolean;
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/** Options of `orders.load`. */
export interface LoadOrdersOptions {
  /** Invoice number or customer email substring ('' or absent: all of today). */
  readonly search?: string;
  /**
   * Orders per page, 1 to 500 (`ORDERS_PAGE_MAX`); `loadMore` asks for pages of the same size.
   * Default 50 (`ORDERS_PAGE_DEFAULT`).
   */
  readonly limit?: number;
}

/** Options of `orders.pages`: the filter of get_orders and where to start. */
export interface OrderPagesOptions {
  /** Invoice number (exact or prefix) or any part of the customer email; '' or absent: every order. */
  readonly search?: string;
  /** Inclusive start; default the start of today's venue day. */
  readonly from?: Date | string;
  /** Exclusive end; default none (up to now). */
  readonly to?: Date | string;
  /** Orders per page, 1 to 500; default 50. */
  readonly limit?: number;
  /** Start at this `next_cursor` of an earlier page instead of the newest order. */
  readonly cursor?: string;
}

/** Options of `orders.export`. */
export interface ExportOrdersOptions {
  readonly from: Date | string;
  readonly to: Date | string;
  /** Default `csv`. */
  readonly format?: ExportFormat;
}

/** The export's streamed answer. */
export interface OrderExport {
  readonly contentType: string;
  readonly body: ReadableStream<Uint8Array>;
}

/**
 * The day's orders, a page at a time, and what can be done to one (spec sections 2 and 4). The list holds light
 * rows ({@link OrderSummary}: what the orders table shows); the invoice modal's full order is fetched by `open`.
 *
 * @example
 * await pos.orders.load({ search: 'jane@' }); // the first 50, newest first
 * console.info(ordersMatching(pos.orders.total.value, pos.orders.totalIsEstimate.value));
 * while (pos.orders.hasMore.value) await pos.orders.loadMore();
 */
export interface OrdersService {
  /** The loaded rows of today's orders for the origin, newest first: the first page, then each `loadMore`. */
  readonly list: ReadonlySignal<readonly OrderSummary[]>;
  /** The search text of the last load. */
  readonly search: ReadonlySignal<string>;
  /** How many orders the last load's filter matches (all pages); 10,000 at most, see `totalIsEstimate`. */
  readonly total: ReadonlySignal<number>;
  /** True when the server stopped counting at 10,000: the filter matches more than `total` orders. */
  readonly totalIsEstimate: ReadonlySignal<boolean>;
  /** Is there a page after the loaded rows? */
  readonly hasMore: ReadonlySignal<boolean>;
  /** The order open in the invoice modal (its full detail), or `null`. */
  readonly selected: ReadonlySignal<Order | null>;
  /** The id of the order whose detail `open` is fetching, or `null`: the modal's loading state. */
  readonly opening: ReadonlySignal<string | null>;
  /** The first page is being fetched (`load`). */
  readonly loading: ReadonlySignal<boolean>;
  /** A further page is being fetched (`loadMore`). */
  readonly loadingMore: ReadonlySignal<boolean>;
  /**
   * Loads the first page of today's orders (from the venue day's start), replacing the list; a later load wins over
   * one still in flight. 'Failed to retrieve orders' on failure (rethrown).
   *
   * @returns the rows of the first page.
   */
  load(options?: LoadOrdersOptions): Promise<readonly OrderSummary[]>;
  /**
   * Appends the next page of the last load's filter (same search, same start of day, same page size). Does nothing
   * while there is no next page or the first page is loading; a second call while a page is in flight waits for
   * that page. 'Failed to retrieve orders' on failure (rethrown; the next call retries the same page).
   *
   * @returns the whole list after the page.
   */
  loadMore(): Promise<readonly OrderSummary[]>;
  /**
   * Every page of a filter, one request per page, without touching the list: for scripts and the CLI, which stream
   * them. 'Failed to retrieve orders' on failure (thrown from the iteration).
   *
   * @example
   * for await (const page of pos.orders.pages({ from: '2026-11-01T00:00:00+08:00', limit: 500 })) {
   *   for (const order of page.orders) console.info(order.invoice?._id, order.total_amount);
   * }
   */
  pages(options?: OrderPagesOptions): AsyncGenerator<OrderPage, void, undefined>;
  /**
   * Opens an order in the invoice modal: fetches its full detail (get_order); `opening` holds its id meanwhile.
   * Replaces its row with the answer. An answer that arrives after `close` or another `open` is not shown.
   */
  open(orderId: string): Promise<Order>;
  /** Closes the invoice modal. */
  close(): void;
  /** Adds a note. 'Order updated successfully'. */
  addNote(orderId: string, note: string): Promise<Order>;
  /** Cancels an order (keyed). 'Order updated successfully'. */
  cancel(orderId: string, reason?: string): Promise<Order>;
  /**
   * Refunds by invoice id with a reason (keyed; a retry reuses the key). Refused with a `RuleError`
   * unless the order is from today, PAID and invoiced, or when the invoice id or reason is empty.
   */
  refund(invoiceId: string, reason: string): Promise<Order>;
  /** Prints a `reprint` of the order and toasts 'Reprinting invoice {id}'. */
  reprint(order: Order): Promise<void>;
  /**
   * Emails the order's receipt and passes again (keyed; a retry reuses the key), to `to` when given (a corrected
   * address) or else the order's customer email. Refused with a `RuleError` ('Invalid email format', or no address
   * at all) before any call. Replaces the order with the answer, whose `mail` shows the new message queued, and
   * toasts 'Receipt queued for {email}'.
   */
  emailReceipt(order: Order, to?: string): Promise<Order>;
  /** The orders of a period for the origin, streamed through. */
  export(options: ExportOrdersOptions): Promise<OrderExport>;
  /** Is the order (a full order or a listed row) refundable now (same venue day, PAID, invoiced)? */
  canRefund(order: Order | OrderSummary): boolean;
  /** Why the order (a full order or a listed row) cannot be refunded now, or `null` when it can. */
  refundRefusal(order: Order | OrderSummary): string | null;
}

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------

/** A face photo: JPEG bytes. */
export type FacePhoto = Uint8Array | Blob;

/** Check Pass: look up, redeem, register a face (spec sections 4 and 7). */
export interface TicketsService {
  readonly current: ReadonlySignal<Ticket | null>;
  /**
   * Whether `current` is what this terminal last knew of the pass (the server could not be reached), not the
   * server's answer: the ticket dialog says so (docs/offline.md).
   */
  readonly offline: ReadonlySignal<boolean>;
  /** The derived display status at the clock's now (evaluated when the ticket changes), or `null`. */
  readonly status: ReadonlySignal<TicketDisplayStatus | null>;
  /** Active, allow_redeem and no request in flight. */
  readonly canRedeem: ReadonlySignal<boolean>;
  readonly loading: ReadonlySignal<boolean>;
  readonly redeeming: ReadonlySignal<boolean>;
  readonly registering: ReadonlySignal<boolean>;
  /** The photo taken in the camera dialog, or `null`. */
  readonly capturedPhoto: ReadonlySignal<FacePhoto | null>;
  /** Fetches a ticket by pass id; a failure clears the ticket. @throws `RuleError` for an empty id. */
  get(ticketId: string): Promise<Ticket>;
  /** Redeems the current ticket ('Ticket redemption successful'). @throws `RuleError` when not redeemable. */
  redeem(): Promise<Ticket>;
  /**
   * Registers the face photo (`jpeg`, else `capturedPhoto`) for the current ticket; a
   * non-shareable ticket already used is registered with no body. Success updates the ticket
   * ('Photo successfully registered'); failure toasts the server's message for 5 s and clears
   * `capturedPhoto`.
   */
  registerFace(jpeg?: FacePhoto): Promise<Ticket>;
  setCapturedPhoto(photo: FacePhoto | null): void;
  /** The registered photo of a ticket. */
  photo(ticketId: string): Promise<Blob>;
  /** Clears the ticket and the captured photo. */
  clear(): void;
}

// ---------------------------------------------------------------------------------------------
// Membership
// ---------------------------------------------------------------------------------------------

/**
 * The Renewal Checkout form, as typed (spec section 5, renewal form). Field names match the
 * rule's (`validateRenewalForm`), so a `ValidationError`'s `details` keys name these fields.
 */
export interface RenewalForm {
  /** The renewal variant's sku (e.g. RENEW-1M). */
  readonly sku: string;
  readonly name: string;
  readonly email: string;
  /** Only '60' is offered. */
  readonly country_code: string;
  /** Digits only. */
  readonly phone: string;
  /** Birth date `YYYY-MM-DD`, not in the future. */
  readonly dob: string;
  /** One tender: CASH, CREDIT CARD or E-WALLET. */
  readonly payment_type: string;
  /** 1 to 12 when the duration unit is Month, otherwise 1. */
  readonly quantity: string;
}

/** Member lookup and renewal (spec sections 4 and 5). */
export interface MembershipService {
  readonly result: ReadonlySignal<LookupMembershipResponse | null>;
  readonly selectedMember: ReadonlySignal<Member | null>;
  readonly searching: ReadonlySignal<boolean>;
  readonly renewing: ReadonlySignal<boolean>;
  /** Looks up members by email; a failure clears the selected member (and the result). */
  lookup(email: string): Promise<LookupMembershipResponse>;
  /** Clears the search result and the selected member. */
  clear(): void;
  selectMember(member: Member | null): void;
  /** The renewal form prefilled from a member and the catalogue's renewal product. */
  renewalDefaults(member: Member): RenewalForm;
  /** The read-only payment amount: price × quantity (ZERO when the form cannot tell). */
  renewalAmount(form: Pick<RenewalForm, 'sku' | 'quantity'>): Sen;
  /**
   * Validates and renews (keyed; a retry reuses the key): one RENEW item with the member's details,
   * one tender of the amount. 'Membership renewed successfully'. A failure clears the selected member.
   * @throws `ValidationError` (details per field) for an invalid form.
   */
  renew(form: RenewalForm): Promise<RenewMembershipResponse>;
}
