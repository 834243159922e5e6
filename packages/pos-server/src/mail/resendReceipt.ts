import { randomUUID } from 'node:crypto';
import type { Order } from 'pos-sdk/contract';
import { ORDER_MESSAGES } from 'pos-sdk/messages';
import { validateResendEmail } from 'pos-sdk/rules';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { ordersToWire, requireOrder } from '../orders';
import { enqueueMail, saleMailKinds } from '../outbox';

/**
 * resend_receipt: queues an order's receipt again (and its passes while the order is PAID), to the order's customer
 * email or a corrected address `to` (the order keeps its email). Call it inside the call's transaction, so the
 * messages are queued exactly when it commits.
 *
 * @returns the order, whose `mail` lists the new messages as `queued`.
 * @throws {HttpProblem} 404 unknown invoice; 422 'Invalid email format' (the spec's email rule of pos-sdk).
 */
export async function resendReceipt(
  db: Db,
  options: { invoiceId: string; to: string | undefined; now: Date; timeZone: string },
): Promise<Order> {
  const order = await requireOrder(db, { invoiceId: options.invoiceId });
  const address = validateResendEmail(options.to, order.customer_email ?? '');
  if (!address.ok) throw HttpProblem.rule(address.message, [{ path: 'to', message: address.message }]);
  const tickets = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  await enqueueMail(db, {
    eventKey: `resend:${randomUUID()}`,
    kinds: order.status === 'PAID' ? saleMailKinds(Number(tickets.count)) : ['receipt'],
    orderId: order.id,
    to: address.value,
    now: options.now,
  });
  const [wire] = await ordersToWire(db, [order], { timeZone: options.timeZone });
  if (wire === undefined) throw HttpProblem.notFound(ORDER_MESSAGES.orderNotFound);
  return wire;
}
