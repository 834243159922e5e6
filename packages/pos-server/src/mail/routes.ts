import type { FastifyInstance } from 'fastify';
import { signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { hashRequestBody, readIdempotencyKey, withIdempotency } from '../http/idempotency';
import { serveEndpoint } from '../http/serveEndpoint';
import { listOutbox } from './listOutbox';
import { resendReceipt } from './resendReceipt';

/**
 * POST /v1/admin/resend_receipt: queues an order's receipt again (and its passes while the order is PAID), to the
 * order's customer email or a corrected address given as `to` (checked with the spec's email rule of pos-sdk: 422
 * 'Invalid email format'; the order keeps its email). Keyed with `Idempotency-Key`: a retried request queues
 * nothing more. Answers the order, whose `mail` lists the new messages as `queued`.
 *
 * POST /v1/admin/mail/outbox: the outbox's messages, newest first (`listOutbox`).
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
      (trx) => resendReceipt(trx, { invoiceId: request.body.invoice_id, to: request.body.to, now, timeZone }),
    );
    mail?.wake();
    return body;
  });

  // The outbox a page at a time, newest first; a manager's (the contract's role).
  serveEndpoint(app, 'mailOutbox', async (request) => listOutbox(db, request.body));
}
