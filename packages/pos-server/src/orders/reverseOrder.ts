import type { Transaction } from 'kysely';
import { ORDER_MESSAGES } from 'pos-sdk/messages';
import { sen } from 'pos-sdk/money';
import { recordAudit } from '../audit';
import type { Database, OrderRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { putBackStock } from '../stock';

/** What reverses an order: a cancellation or a refund. */
export type Reversal = 'cancel' | 'refund';

/**
 * Cancels or refunds a PAID order, inside the caller's transaction:
 *
 * - the order becomes CANCELED / REFUNDED with when, by whom and why, and the shift it was reversed in
 *   (`reversed_in_shift_id`: the shift report of that shift counts its tenders as refunds);
 * - its tickets become Canceled;
 * - a cancel's merchandise goes back on the shelf (tracked stock: a `cancel` movement) unless `restock` is false;
 * - a renewal puts the membership ticket's expiry back to what it was before (only while no later renewal
 *   extended it: 409 otherwise), and an order whose membership ticket was renewed since is refused (409), so
 *   no paid renewal is left on a canceled ticket.
 *
 * The status change is conditional (`where status = 'PAID'`): of two reversals at once, one wins and the other
 * gets the 409 `notPaid`.
 *
 * @returns the updated order row.
 */
export async function reverseOrder(
  trx: Transaction<Database>,
  options: {
    order: OrderRow;
    reversal: Reversal;
    reason: string | null;
    notPaid: string;
    staffId: string;
    terminalId: string;
    shiftId: string;
    now: Date;
    /** False: the order's merchandise does not go back on the shelf. Default true. */
    restock?: boolean | undefined;
    /** The money the reversal gives back, for the audit log (default: the order's total). */
    amount?: number;
  },
): Promise<OrderRow> {
  const at = options.now.toISOString();
  const changes =
    options.reversal === 'refund'
      ? {
          status: 'REFUNDED' as const,
          refunded_at: at,
          refunded_by: options.staffId,
          refund_reason: options.reason,
        }
      : {
          status: 'CANCELED' as const,
          canceled_at: at,
          canceled_by: options.staffId,
          cancel_reason: options.reason,
        };
  const updated = await trx
    .updateTable('orders')
    .set({ ...changes, reversed_in_shift_id: options.shiftId })
    .where('id', '=', options.order.id)
    .where('status', '=', 'PAID')
    .returningAll()
    .executeTakeFirst();
  if (updated === undefined) throw HttpProblem.conflict(options.notPaid);

  // The order's tickets are canceled before the check of renewals below: on PostgreSQL a renewal extending one of them
  // at this moment holds its row, so this update waits for the renewal to commit, and the check (a later statement)
  // then sees it and refuses (the whole reversal rolls back). Checked first, the renewal's uncommitted row was not
  // seen and the ticket was canceled under a paid renewal.
  await trx
    .updateTable('tickets')
    .set({ status: 'Canceled', canceled_at: at })
    .where('order_id', '=', options.order.id)
    .where('status', '=', 'Valid')
    .execute();

  const renewedSince = await trx
    .selectFrom('membership_renewals')
    .innerJoin('tickets', 'tickets.id', 'membership_renewals.ticket_id')
    .innerJoin('orders', 'orders.id', 'membership_renewals.order_id')
    .select('membership_renewals.order_id')
    .where('tickets.order_id', '=', options.order.id)
    .where('membership_renewals.order_id', '!=', options.order.id)
    .where('orders.status', '=', 'PAID')
    .executeTakeFirst();
  if (renewedSince !== undefined) throw HttpProblem.conflict(ORDER_MESSAGES.renewedSince);

  if (options.order.kind === 'renewal') {
    const renewal = await trx
      .selectFrom('membership_renewals')
      .selectAll()
      .where('order_id', '=', options.order.id)
      .executeTakeFirst();
    if (renewal !== undefined && renewal.previous_expires_at !== null) {
      const restored = await trx
        .updateTable('tickets')
        .set({ expires_at: renewal.previous_expires_at })
        .where('id', '=', renewal.ticket_id)
        .where('expires_at', '=', renewal.new_expires_at)
        .returning('id')
        .executeTakeFirst();
      if (restored === undefined) throw HttpProblem.conflict(ORDER_MESSAGES.laterRenewal);
    }
  }

  // A cancel's merchandise back on the shelf (tracked stock only), unless the cashier said it does not go back. A
  // refund puts back the units it refunds itself (`refundOrder`), line by line.
  const merchandise =
    options.reversal !== 'cancel'
      ? []
      : await trx
          .selectFrom('order_items')
          .select(['sku', 'name', 'quantity'])
          .where('order_id', '=', options.order.id)
          .where('type', '=', 'MERCHANDISE')
          .execute();
  if (merchandise.length > 0) {
    await putBackStock(trx, {
      store: options.order.store,
      orderId: options.order.id,
      kind: options.reversal,
      lines: merchandise.map((item) => ({ sku: item.sku, name: item.name, quantity: Number(item.quantity) })),
      restock: options.restock !== false,
      reason: options.reason ?? '',
      actor: { staffId: options.staffId, terminalId: options.terminalId, now: options.now },
    });
  }

  await recordAudit(trx, {
    action: options.reversal === 'refund' ? 'order.refunded' : 'order.canceled',
    staffId: options.staffId,
    terminalId: options.terminalId,
    at: options.now,
    subject: { type: 'order', id: options.order.id },
    amount: sen(options.amount ?? options.order.total_sen),
    details: { reason: options.reason, shift_id: options.shiftId },
  });
  return updated;
}
