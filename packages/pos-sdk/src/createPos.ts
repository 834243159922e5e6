import { effect, untracked } from '@preact/signals-core';
import { type ApiClient, createApiClient } from './api';
import { newIdempotencyKey } from './api/newIdempotencyKey';
import { createDocumentHeader, DEFAULT_DOOR_OPEN_SECONDS } from './hardware';
import { DEFAULT_HOLD_LIMITS } from './rules/membershipHold';
import { MESSAGES } from './rules/messages';
import { priceModeOf } from './rules/tax';
import { DEFAULT_TIMEZONE } from './rules/venueDay';
import { createApproval } from './services/approval';
import { createCart } from './services/cart';
import { createCatalog } from './services/catalog';
import { createCheckout } from './services/checkout';
import { createEvents } from './services/events';
import { createMembership } from './services/membership';
import { createNotices } from './services/notices';
import { createOrders } from './services/orders';
import type { Pos, PosConfig, ResolvedPosConfig } from './services/Pos';
import type { ServiceContext } from './services/ServiceContext';
import { serverIdentityProvider } from './services/serverIdentityProvider';
import { createSession, type SessionController } from './services/session';
import { createShift } from './services/shift';
import { silentDriver } from './services/silentDriver';
import { createTickets } from './services/tickets';
import { createVenue } from './services/venue';
import { memoryStorage } from './storage/memoryStorage';
import { createSync, type SyncController } from './sync/createSync';

/** Calls an integrator's hook, if any; a hook that throws must not fail the call it is told about. */
function callQuietly<T>(hook: ((value: T) => void) | undefined, value: T): void {
  try {
    hook?.(value);
  } catch {
    // documented as 'should not throw': the call goes on regardless
  }
}

/**
 * Creates one point-of-sale terminal: the API client (token and 403 sign-out wired), the services
 * over it, the storage adapter and the hardware driver. The stored session, cart and tenders are
 * restored at once (storage is synchronous), so the first render already shows them.
 *
 * @example
 * import { browserStorage, createPos } from 'pos-sdk';
 * const pos = createPos({
 *   api: { baseUrl: 'https://pos.example.com', hostId: 'TICKET01' },
 *   storage: browserStorage(localStorage),
 * });
 * if (!pos.session.isSignedIn.value) await pos.session.signIn('cashier@demo.pos', 'demo1234');
 */
export function createPos(config: PosConfig): Pos {
  const storage = config.storage ?? memoryStorage();
  const clock = config.clock ?? (() => new Date());
  const timeZone = config.timeZone ?? DEFAULT_TIMEZONE;
  const receiptColumns = config.receiptColumns ?? 42;
  const hardware = config.hardware ?? silentDriver(receiptColumns);
  const notices = createNotices(config.timers);
  const events = createEvents(config.onEventError);

  // The session needs the api and the api needs the session (token, 403): bind late. So does offline sync.
  let session: SessionController | undefined;
  let sync: SyncController | undefined;
  const api: ApiClient = createApiClient({
    ...config.api,
    getToken: () => session?.getToken() ?? config.deviceToken,
    // Spec section 6: a 403 response to any call signs the user out. Wired once, here.
    onUnauthorized: () => session?.signOut('forbidden'),
    // A money call asked again: the cashier hears at once that the server is slow and the call goes on. The
    // integrator's own hooks are told too, after the SDK's (their failure never stops a call).
    onRetry: (retry) => {
      notices.push({ kind: 'warning', message: MESSAGES.stillTrying });
      callQuietly(config.api.onRetry, retry);
    },
    // The connection state comes from real outcomes (docs/offline.md).
    onReachability: (reachable) => {
      sync?.reachability(reachable);
      callQuietly(config.api.onReachability, reachable);
    },
  });
  const origin = config.origin ?? api.config.store;
  session = createSession({
    api,
    identity: config.identity ?? serverIdentityProvider(api),
    storage,
  });
  const signedInSession = session;
  const venue = createVenue({
    api,
    storage,
    notices,
    isOffline: () => sync?.connection.value === 'offline',
    // Called once `context` below exists: the same header the printed documents carry.
    documentHeader: () => context.documentHeader(),
  });

  const context: ServiceContext = {
    api,
    storage,
    notices,
    events,
    hardware,
    ...(config.door === undefined ? {} : { door: config.door }),
    doorOpenSeconds: config.doorOpenSeconds ?? DEFAULT_DOOR_OPEN_SECONDS,
    clock,
    // The venue's own time zone once its settings are loaded (the server is the authority), else the configured one.
    get timeZone() {
      return venue.settings.value?.time_zone ?? timeZone;
    },
    origin,
    holdLimits: () => {
      const settings = venue.settings.value;
      // Settings kept in storage by an SDK older than the hold limits have none: the defaults.
      return {
        minDays: settings?.hold_min_days ?? DEFAULT_HOLD_LIMITS.minDays,
        maxDays: settings?.hold_max_days ?? DEFAULT_HOLD_LIMITS.maxDays,
      };
    },
    stockPolicy: () => venue.settings.value?.stock_below_zero ?? 'allow',
    taxSetup: () => {
      const settings = venue.settings.value;
      // Settings kept in storage by an SDK older than tax have no codes: no tax, as then.
      return { codes: settings?.tax_codes ?? [], mode: priceModeOf(settings?.prices_include_tax) };
    },
    // Settings kept by an SDK older than the hold fee have none: no fee.
    holdFeeSku: () => venue.settings.value?.hold_fee_sku ?? '',
    isOffline: () => sync?.connection.value === 'offline',
    newIdempotencyKey: config.newIdempotencyKey ?? newIdempotencyKey,
    documentHeader: () => {
      const staff = signedInSession.staffName();
      const settings = venue.settings.value;
      const venueName = settings?.name ?? config.venueName;
      return createDocumentHeader({
        terminal: api.config.hostId,
        now: clock(),
        timeZone: context.timeZone,
        ...(venueName === undefined ? {} : { venueName }),
        ...(staff === undefined ? {} : { staff }),
        ...(settings === null
          ? {}
          : {
              venue: {
                address: settings.address,
                registrationNo: settings.registration_no,
                phone: settings.phone,
                sstRegistrationNo: settings.sst_registration_no ?? '',
              },
              footer: settings.receipt_footer,
              currency: settings.currency_display,
            }),
      });
    },
  };

  sync =
    config.offline === undefined
      ? undefined
      : createSync(context, {
          store: config.offline.store,
          isSignedIn: () => signedInSession.isSignedIn.value,
          ...(config.offline.probeIntervalMs === undefined
            ? {}
            : { probeIntervalMs: config.offline.probeIntervalMs }),
        });
  const shift = createShift(context, session);
  const catalog = createCatalog(context, sync);
  const cart = createCart(context, catalog);
  const checkout = createCheckout(
    context,
    cart,
    sync === undefined ? undefined : { sync, passes: () => catalog.passes.value },
  );
  sync?.holdTicketIds(() => checkout.pendingTicketIds());
  const approval = createApproval(context, cart);
  const orders = createOrders(context);
  const tickets = createTickets(context, sync);
  const membership = createMembership(context, catalog, (sku) => cart.add(sku));

  // Sign-out clears the shift (spec section 4) and what the user saw. The cart and tenders go
  // only when the cashier signs out: a 403 mid-sale must not lose the sale (nothing is lost).
  // The tiles' stock follows this terminal's sales at once (the server's levels come with the next catalogue load).
  events.subscribe('saleCompleted', ({ order }) => catalog.takeSold(order.order_details.cart.items));

  session.onSignOut((reason) => {
    shift.reset();
    if (reason === 'user') {
      cart.reset();
      checkout.reset();
    }
    approval.reset();
    orders.reset();
    tickets.reset();
    membership.reset();
  });

  session.restore();
  cart.restore();
  checkout.restore();
  // Every change of the cart from here on (the restored cart is where it starts, not a change).
  let cartSeen = cart.items.peek();
  const stopCartEvents = effect(() => {
    const items = cart.items.value;
    if (items === cartSeen) return;
    cartSeen = items;
    untracked(() =>
      events.emit('cartChanged', { items, subtotal: cart.subtotal.value, numItems: cart.numItems.value }),
    );
  });
  // A signed-in terminal gets ready for an outage (policy, reserved ticket ids, tickets to check) at once.
  const stopPreparing =
    sync === undefined || config.offline?.prepareOnSignIn === false
      ? () => undefined
      : effect(() => {
          if (signedInSession.isSignedIn.value) void sync?.prepare().catch(() => undefined);
        });

  const resolved: ResolvedPosConfig = {
    // What every service uses (the venue's once loaded): a client formatting dates with it agrees with them.
    get timeZone() {
      return context.timeZone;
    },
    origin,
    receiptColumns,
    clock,
  };
  return {
    api,
    config: resolved,
    session,
    shift,
    catalog,
    cart,
    approval,
    checkout,
    orders,
    tickets,
    membership,
    venue,
    hardware,
    notices,
    events: { subscribe: events.subscribe },
    ...(sync === undefined ? {} : { sync }),
    dispose: () => {
      stopCartEvents();
      events.dispose();
      checkout.dispose();
      stopPreparing();
      sync?.dispose();
      notices.dispose();
    },
  };
}
