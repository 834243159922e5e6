import { type ReadonlySignal, signal } from '@preact/signals-core';
import type { MembershipHoldResponse, Order } from '../contract';
import { toPosError } from '../errors/toPosError';
import type { Sen } from '../money';
import { HOLD_MESSAGES } from '../rules/membershipHold';
import { merchandiseUnitPrice } from '../rules/unitPrice';
import type { CatalogController } from './catalog';
import { notifyFailure } from './notifyFailure';
import type { ServiceContext } from './ServiceContext';
import { readStored, writeStored } from './storageKeys';

/** Where the till keeps the holds waiting for their fee to be paid (a reload keeps them with the cart). */
export const PENDING_HOLDS_KEY = 'pos.pendingHolds';

/** Where the till keeps the holds whose fee was sold offline, until that sale reaches the server. */
export const HOLDS_AFTER_SYNC_KEY = 'pos.holdsAfterSync';

/** A hold waiting for the sale that carries its fee: placed with that sale's order once it is paid. */
export interface PendingHold {
  /** The membership's pass ID. */
  readonly ticket_id: string;
  /** The first day on hold, `YYYY-MM-DD`. */
  readonly from: string;
  readonly days: number;
  /** The fee's SKU, as the venue set it when the fee went into the cart. */
  readonly fee_sku: string;
}

/** A hold whose fee was sold offline: placed with the order the server books for that sale at the sync. */
interface HoldAfterSync extends PendingHold {
  /** The `Idempotency-Key` of the offline sale that carried the fee. */
  readonly sale_key: string;
}

/** The venue's hold fee: the merchandise variant its settings name, and its catalogue price. */
export interface HoldFee {
  readonly sku: string;
  readonly name: string;
  readonly price: Sen;
}

/** The hold-fee part of the membership service (`pos.membership`). */
export interface HoldFeeController {
  /** Holds waiting for their fee's sale, oldest first. */
  readonly pendingHolds: ReadonlySignal<readonly PendingHold[]>;
  /**
   * The venue's hold fee, or null when it charges none (`hold_fee_sku` empty) or the catalogue has no merchandise
   * variant of that SKU (loaded catalogue).
   */
  holdFee(): HoldFee | null;
  /** Keeps a hold waiting for its fee (one per membership: a newer one replaces it). */
  addPending(hold: PendingHold): void;
  /** Forgets a membership's waiting hold (the fee will not be sold). */
  cancelPending(ticketId: string): void;
  /** Forgets every waiting hold. */
  reset(): void;
}

function isPendingHold(value: unknown): value is PendingHold {
  if (value === null || typeof value !== 'object') return false;
  const hold = value as Record<string, unknown>;
  return (
    typeof hold.ticket_id === 'string' &&
    typeof hold.from === 'string' &&
    typeof hold.days === 'number' &&
    typeof hold.fee_sku === 'string'
  );
}

/**
 * The venue's optional hold fee at the till: the holds waiting for the sale that carries their fee, placed when that
 * sale completes (`hold_membership` with `fee_order`, the sale's order: the server checks it is a paid order of this
 * store with the fee, not used for another hold). A cart emptied of the fee (the line removed, the cart cleared)
 * drops the waiting holds. A sale sold offline has no order on the server yet: its holds are kept (with the sale's
 * key, across reloads) and placed when the sync books that sale (`saleSynced`); if the sync ends without booking it
 * (the server refused the sale) they are dropped and the till says so. What the server says of each hold is a
 * notice: 'Membership put on hold', or why not.
 */
export function createHoldFee(
  context: ServiceContext,
  catalog: Pick<CatalogController, 'findEntry'>,
  placed: (answer: MembershipHoldResponse) => void,
): HoldFeeController {
  const { api, notices, storage } = context;
  const stored = readStored(storage, PENDING_HOLDS_KEY);
  const pendingHolds = signal<readonly PendingHold[]>(
    Array.isArray(stored) ? stored.filter(isPendingHold) : [],
  );
  const storedAfterSync = readStored(storage, HOLDS_AFTER_SYNC_KEY);
  let afterSync: readonly HoldAfterSync[] = Array.isArray(storedAfterSync)
    ? storedAfterSync.filter(
        (hold): hold is HoldAfterSync =>
          isPendingHold(hold) && typeof (hold as HoldAfterSync).sale_key === 'string',
      )
    : [];
  const saveAfterSync = (holds: readonly HoldAfterSync[]) => {
    afterSync = holds;
    if (holds.length === 0) storage.remove(HOLDS_AFTER_SYNC_KEY);
    else writeStored(storage, HOLDS_AFTER_SYNC_KEY, holds);
  };
  const save = (holds: readonly PendingHold[]) => {
    pendingHolds.value = holds;
    if (holds.length === 0) storage.remove(PENDING_HOLDS_KEY);
    else writeStored(storage, PENDING_HOLDS_KEY, holds);
  };

  const place = async (hold: PendingHold, order: Order) => {
    try {
      const answer = await api.holdMembership({
        ticket_id: hold.ticket_id,
        from: hold.from,
        days: hold.days,
        fee_order: order._id,
      });
      placed(answer);
      notices.push({ kind: 'success', message: answer.message });
    } catch (error) {
      // The fee is paid whatever happens here: the cashier must hear that the hold is not placed, and why.
      notifyFailure(notices, error, { message: HOLD_MESSAGES.feeHoldFailed(toPosError(error).message) });
    }
  };

  context.events.subscribe('saleCompleted', ({ order, offline, idempotencyKey }) => {
    const sold = order.order_details.cart.items
      .filter((item) => pendingHolds.peek().some((hold) => hold.fee_sku === item.sku))
      .reduce((count, item) => count + item.quantity, 0);
    if (sold === 0) return;
    // One fee line unit per waiting hold, oldest first; the server still refuses a second hold on one order.
    const paid = pendingHolds.peek().slice(0, sold);
    save(pendingHolds.peek().slice(paid.length));
    if (offline) {
      // The order reaches the server only at the next sync: the holds wait for it, and the cashier hears so.
      saveAfterSync([...afterSync, ...paid.map((hold) => ({ ...hold, sale_key: idempotencyKey }))]);
      notices.push({ kind: 'warning', message: HOLD_MESSAGES.feeSoldOffline });
      return;
    }
    for (const hold of paid) void place(hold, order);
  });

  // The sync booked an offline sale: the holds its fee paid are placed with the order the server gave it.
  context.events.subscribe('saleSynced', ({ order, idempotencyKey }) => {
    const paid = afterSync.filter((hold) => hold.sale_key === idempotencyKey);
    if (paid.length === 0) return;
    saveAfterSync(afterSync.filter((hold) => hold.sale_key !== idempotencyKey));
    for (const { sale_key: _key, ...hold } of paid) void place(hold, order);
  });

  // Nothing waits any more: a hold still here had its sale refused (a sale synced placed its holds above).
  context.events.subscribe('syncDrained', () => {
    if (afterSync.length === 0) return;
    saveAfterSync([]);
    notices.push({ kind: 'warning', message: HOLD_MESSAGES.feeSaleRefused });
  });

  // The fee left the cart: its holds will not be paid. Looked at after the current events, because a completed sale
  // empties the cart just before it says it completed.
  context.events.subscribe('cartChanged', ({ items }) => {
    if (pendingHolds.peek().length === 0) return;
    queueMicrotask(() => {
      const kept = pendingHolds.peek().filter((hold) => items.some((item) => item.sku === hold.fee_sku));
      if (kept.length !== pendingHolds.peek().length) save(kept);
    });
  });

  return {
    pendingHolds,
    holdFee: () => {
      const sku = context.holdFeeSku?.() ?? '';
      if (sku === '') return null;
      const entry = catalog.findEntry(sku);
      if (entry?.type !== 'MERCHANDISE') return null;
      const size = entry.variant.size ? ` - ${entry.variant.size}` : '';
      return {
        sku: entry.variant.sku,
        name: `${entry.product.name}${size}`,
        price: merchandiseUnitPrice(entry.variant),
      };
    },
    addPending: (hold) =>
      save([...pendingHolds.peek().filter((each) => each.ticket_id !== hold.ticket_id), hold]),
    cancelPending: (ticketId) => save(pendingHolds.peek().filter((hold) => hold.ticket_id !== ticketId)),
    reset: () => save([]),
  };
}
