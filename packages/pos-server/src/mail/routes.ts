import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ORDER_MESSAGES } from 'pos-sdk/messages';
import { validateResendEmail } from 'pos-sdk/rules';
import { signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { hashRequestBody, readIdempotencyKey, withIdempotency } from '../http/idempotency';
import { serveEndpoint } from '../http/serveEndpoint';
import { ordersToWire, requireOrder } from '../orders';
import { enqueueMail, saleMailKinds } from '../outbox';

/**
 * POST /v1/admin/resend_receipt: queues an order's receipt again (and its passes while the order is PAID), to the
 * order's customer email or a corrected address given as `to` (checked with the spec's email rule of pos-sdk: 422
 * 'Invalid email format'; the order keeps its email). Keyed with `Idempotency-Key`: a retried request queues
 * nothing more. Answers the order, whose `mail` lists the new messages as `queued`.
 */
export function mailRoutes(app: FastifyInstance, { db, clock, mail, venue }: AppContext): void {
  serveEndpoint(app, 'resendReceipt', async (request) => {
    const { staff } = signedIn(request);
    const now = clock();
    const timeZone = await venue.timeZone();
    const { body } = await withIdempotency(
      db,
      {
        key: readIdempotencyKey(request.headers),
        scope: 'resend_receipt',
        staffId: staff.id,
        bodyHash: hashRequestBody(request.body),
        now,
      },
      async (trx) => {
        const order = await requireOrder(trx, { invoiceId: request.body.invoice_id });
        const address = validateResendEmail(request.body.to, order.customer_email ?? '');
        if (!address.ok) throw HttpProblem.rule(address.message, [{ path: 'to', message: address.message }]);
        const to = address.value;
        const tickets = await trx
          .selectFrom('tickets')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow();
        await enqueueMail(trx, {
          eventKey: `resend:${randomUUID()}`,
          kinds: order.status === 'PAID' ? saleMailKinds(Number(tickets.count)) : ['receipt'],
          orderId: order.id,
          to,
          now,
        });
        const [wire] = await ordersToWire(trx, [order], { timeZone });
        if (wire === undefined) throw HttpProblem.notFound(ORDER_MESSAGES.orderNotFound);
        return wire;
      },
    );
    mail?.wake();
    return body;
  });
}
