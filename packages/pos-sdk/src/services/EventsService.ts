import type { Order, Receipt, Shift, ShiftReport } from '../contract';
import type { Sen } from '../money';
import type { SyncResult } from '../sync/createSync';
import type { PosCartItem } from './CartService';

/** {@link PosEvents.saleCompleted}: a sale booked by the server, or kept to be replayed when sold offline. */
export interface SaleCompletedEvent {
  /** The sale's order (with its invoice; a sale sold offline has `pending_sync` and no invoice number yet). */
  readonly order: Order;
  /** The receipt printed for it: the order and its tickets. */
  readonly receipt: Receipt;
  /** The `Idempotency-Key` the sale was sent (or will be replayed) with: one sale, one key. */
  readonly idempotencyKey: string;
  /** True when the sale was sold offline: stored on the terminal and booked by the server at the next sync. */
  readonly offline: boolean;
}

/** {@link PosEvents.saleSynced}: a sale sold offline, now booked by the server as the sync replayed it. */
export interface SaleSyncedEvent {
  /** The order as the server booked it (its invoice number, its tickets' ids as sold). */
  readonly order: Order;
  /** The `Idempotency-Key` of the sale: the one {@link SaleCompletedEvent} gave when it was sold offline. */
  readonly idempotencyKey: string;
}

/** {@link PosEvents.cartChanged}: the cart as it now is. */
export interface CartChangedEvent {
  readonly items: readonly PosCartItem[];
  readonly subtotal: Sen;
  readonly numItems: number;
}

/** {@link PosEvents.shiftStarted}: the terminal's open shift, new or resumed. */
export interface ShiftStartedEvent {
  readonly shift: Shift;
}

/** {@link PosEvents.shiftEnded}: the Z report of the shift just closed. */
export interface ShiftEndedEvent {
  readonly report: ShiftReport;
}

/**
 * What an app can subscribe to on `pos.events`, by name, with each event's payload.
 *
 * - `saleCompleted`: a checkout succeeded (online or offline); its order, idempotency key and `offline`.
 * - `cartChanged`: a line was added, changed or removed, or the cart emptied (also by a sale or a sign-out).
 * - `shiftStarted`: `shift.start()` opened (or resumed) a shift the terminal did not have open.
 * - `shiftEnded`: `shift.end()` closed the shift.
 * - `saleSynced`: a sale sold offline was booked by the server at a sync (its order and idempotency key).
 * - `syncDrained`: a sync replayed what waited and nothing waits any more (`waiting` 0).
 */
export interface PosEvents {
  readonly saleCompleted: SaleCompletedEvent;
  readonly cartChanged: CartChangedEvent;
  readonly shiftStarted: ShiftStartedEvent;
  readonly shiftEnded: ShiftEndedEvent;
  readonly saleSynced: SaleSyncedEvent;
  readonly syncDrained: SyncResult;
}

/** The name of an event of {@link PosEvents}. */
export type PosEventName = keyof PosEvents;

/** A listener of one event: called with that event's payload. */
export type PosEventListener<N extends PosEventName> = (event: PosEvents[N]) => void;

/**
 * The terminal's events, on the same subscription style as `pos.notices`. A listener is called after the state
 * changed (the sale is booked, the cart saved); a listener that throws does not undo it, nor stop the other
 * listeners: its error goes to `PosConfig.onEventError` (default `console.error`).
 *
 * @example
 * const stop = pos.events.subscribe('saleCompleted', ({ order, idempotencyKey, offline }) => {
 *   analytics.track('sale', { invoice: order.invoice?._id, key: idempotencyKey, offline });
 * });
 * stop(); // unsubscribes
 */
export interface EventsService {
  /**
   * Calls `listener` with the payload of every `name` event from now on.
   * @returns a function that unsubscribes.
   */
  subscribe<N extends PosEventName>(name: N, listener: PosEventListener<N>): () => void;
}
