import type { Transaction } from 'kysely';
import { MESSAGES } from 'pos-sdk/messages';
import { checkRefund } from 'pos-sdk/rules';
import type { Database, OrderRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { enqueueMail } from '../outbox';
import { requireOpenShift } from '../shifts';
import { requireOrder } from './findOrder';
import { reverseOrder } from './reverseOrder';

/**
 * Refunds an order by its invoice id with a reason (spec: refund only for same-day PAID invoiced orders).
 *
 * `checkRefund` of pos-sdk decides, with the venue's "today": 409 with its reason ('Only orders from today can be
 * refunded', 'Only PAID orders can be refunded', 'This order has no invoice'); a second refund gets the PAID one.
 * 404 for an unknown invoice; 409 'No open shift' without an open shift (the money leaves this shift's drawer).
 * Its tickets become Canceled.
 */
export async function refundOrder(
  trx: Transaction<Database>,
  options: {
    invoiceId: string;
    reason: string;
    staffId: string;
    terminalId: string;
    now: Date;
    timeZone: string;
    restock?: boolean | undefined;
  },
): Promise<OrderRow> {
  const order = await requireOrder(trx, { invoiceId: options.invoiceId });
  const invoice = await trx
    .selectFrom('invoices')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const refundable = checkRefund(
    {
      date: order.created_at,
      status: order.status,
      invoice: invoice === undefined ? null : { _id: invoice.id },
    },
    options.now,
    options.timeZone,
  );
  if (!refundable.ok) throw HttpProblem.conflict(refundable.message, { rule: refundable.code });
  const shift = await requireOpenShift(trx, options.terminalId);
  // Same transaction: the refund notice is queued exactly when the refund commits.
  await enqueueMail(trx, {
    eventKey: `refund:${order.id}`,
    kinds: ['refund'],
    orderId: order.id,
    to: order.customer_email,
    now: options.now,
  });
  return reverseOrder(trx, {
    order,
    reversal: 'refund',
    reason: options.reason.trim(),
    notPaid: MESSAGES.refundNotPaid,
    staffId: options.staffId,
    terminalId: options.terminalId,
    shiftId: shift.id,
    now: options.now,
    restock: options.restock,
  });
}
