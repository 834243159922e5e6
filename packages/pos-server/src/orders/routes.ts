import type { FastifyInstance } from 'fastify';
import type { Order } from 'pos-sdk/contract';
import { ORDER_MESSAGES } from 'pos-sdk/messages';
import { type SignedIn, signedIn } from '../auth';
import type { Db, OrderRow } from '../db/Database';
import type { AppContext } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { serveEndpoint } from '../http/serveEndpoint';
import { type IdempotentCall, serveIdempotentEndpoint } from '../http/serveIdempotentEndpoint';
import { addOrderNote } from './addOrderNote';
import { cancelOrder } from './cancelOrder';
import { requireOrder } from './findOrder';
import { getOrders } from './getOrders';
import { ordersToWire } from './ordersToWire';
import { refundOrder } from './refundOrder';

/**
 * Order calls: get_orders (a period of an origin, newest first, searched by invoice id or customer email),
 * get_order (by `order_id` or `invoice_id`), add_order_note, cancel_order and refund_order (both keyed with
 * `Idempotency-Key`).
 */
export function orderRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, clock, venue } = context;
  // The venue's time zone is read before a transaction starts, never inside one: on SQLite the app has one
  // connection, and a read outside the transaction would wait for it to end.
  const toWire = async (handle: Db, row: OrderRow, timeZone: string) => {
    const [order] = await ordersToWire(handle, [row], { timeZone });
    if (order === undefined) throw HttpProblem.notFound(ORDER_MESSAGES.orderNotFound);
    return order;
  };
  // The order's e-invoice request page, for a reprinted receipt (e-invoicing on, with a public address).
  const withRequestUrl = async (order: Order): Promise<Order> =>
    context.einvoiceRequestUrl === undefined || !order.invoice || order.status === 'CANCELED'
      ? order
      : { ...order, einvoice_request_url: await context.einvoiceRequestUrl(order._id) };
  const reread = (handle: Db, row: OrderRow) =>
    handle.selectFrom('orders').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();

  serveEndpoint(app, 'getOrders', async (request, reply) => {
    const { orders, more } = await getOrders(db, request.body, venue);
    if (more !== undefined) {
      reply.header('x-total-count', String(more.total)).header('x-next-cursor', more.nextCursor);
    }
    // The full orders carry their request link; a page of light rows does not.
    return context.einvoiceRequestUrl === undefined || !Array.isArray(orders)
      ? orders
      : Promise.all(orders.map(withRequestUrl));
  });

  serveEndpoint(app, 'getOrder', async (request) => {
    const { order_id: orderId, invoice_id: invoiceId } = request.body;
    const row = await requireOrder(db, orderId === undefined ? { invoiceId: invoiceId ?? '' } : { orderId });
    return withRequestUrl(await toWire(db, row, await venue.timeZone()));
  });

  serveEndpoint(app, 'addOrderNote', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    const timeZone = await venue.timeZone();
    return db.transaction().execute(async (trx) => {
      const row = await addOrderNote(trx, {
        orderId: request.body.order_id,
        note: request.body.note,
        staffId: staff.id,
        terminalId,
        now,
      });
      return toWire(trx, row, timeZone);
    });
  });

  // Cancel and refund: who and when, and the order as it is after the change.
  const by = (call: IdempotentCall<'cancelOrder' | 'refundOrder', SignedIn>) => ({
    staffId: call.staff.id,
    terminalId: call.terminalId,
    now: call.now,
  });
  const answer = async (trx: Db, row: OrderRow, timeZone: string) =>
    toWire(trx, await reread(trx, row), timeZone);

  serveIdempotentEndpoint(app, context, 'cancelOrder', 'cancel_order', signedIn, async (trx, call) =>
    answer(
      trx,
      await cancelOrder(trx, {
        orderId: call.body.order_id,
        reason: call.body.reason,
        restock: call.body.restock,
        ...by(call),
      }),
      call.timeZone,
    ),
  );

  serveIdempotentEndpoint(app, context, 'refundOrder', 'refund_order', signedIn, async (trx, call) => {
    const { invoice_id: invoiceId, message: reason, items, tenders, restock } = call.body;
    const row = await refundOrder(trx, {
      invoiceId,
      reason,
      items,
      tenders,
      restock,
      ...by(call),
      timeZone: call.timeZone,
    });
    return answer(trx, row, call.timeZone);
  });
}
