import type { FastifyInstance } from 'fastify';
import { signedIn } from '../auth/authentication';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { hashRequestBody, readIdempotencyKey, withIdempotency } from '../idempotency';
import { checkout } from '../sales/checkout';

/**
 * POST /v1/checkout: sells a cart (see `sales/checkout`). Keyed with `Idempotency-Key`: the same key and body
 * answer the first receipt without selling again (also when sent twice at once), another body is a 409.
 */
export function saleRoutes(
  app: FastifyInstance,
  { db, config, clock, venue, mail, catalogue }: AppContext,
): void {
  serveEndpoint(app, 'checkout', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    const timeZone = await venue.timeZone();
    const { body } = await withIdempotency(
      db,
      {
        key: readIdempotencyKey(request.headers),
        scope: 'checkout',
        staffId: staff.id,
        bodyHash: hashRequestBody(request.body),
        now,
      },
      (trx) =>
        checkout(trx, request.body, {
          staffId: staff.id,
          staffName: `${staff.first_name} ${staff.last_name}`.trim(),
          terminalId,
          store: config.store,
          catalogue,
          timeZone,
          now,
        }),
    );
    mail?.wake(); // the receipt was queued in the transaction that just committed
    return body;
  });
}
