import type { Transaction } from 'kysely';
import { ORDER_MESSAGES, REFUND_MESSAGES } from 'pos-sdk/messages';
import { canCancel } from 'pos-sdk/rules';
import type { Database, OrderRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { requireOpenShift } from '../shifts';
import { requireOrder } from './findOrder';
import { reverseOrder } from './reverseOrder';

/**
 * Cancels a PAID order (409 'Only PAID orders can be canceled' otherwise; 404 unknown order; 409 'No open shift'
 * when the terminal has no open shift, since the money leaves its drawer). Its tickets become Canceled.
 */
export async function cancelOrder(
  trx: Transaction<Database>,
  options: {
    orderId: string;
    reason: string | undefined;
    staffId: string;
    terminalId: string;
    now: Date;
    restock?: boolean | undefined;
  },
): Promise<OrderRow> {
  const order = await requireOrder(trx, { orderId: options.orderId });
  const cancelable = canCancel(order);
  if (!cancelable.ok) throw HttpProblem.conflict(cancelable.message);
  // Its refunds gave money back already: a cancellation would give back the whole payment again.
  if (order.refunded_sen > 0) throw HttpProblem.conflict(REFUND_MESSAGES.partlyRefundedNoCancel);
  const shift = await requireOpenShift(trx, options.terminalId);
  const reason = options.reason?.trim() ?? '';
  return reverseOrder(trx, {
    order,
    reversal: 'cancel',
    reason: reason === '' ? null : reason,
    notPaid: ORDER_MESSAGES.cancelNotPaid,
    staffId: options.staffId,
    terminalId: options.terminalId,
    shiftId: shift.id,
    now: options.now,
    restock: options.restock,
  });
}
