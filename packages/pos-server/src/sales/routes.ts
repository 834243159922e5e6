import type { FastifyInstance } from 'fastify';
import { personName } from 'pos-sdk/rules';
import { signedIn } from '../auth';
import { catalogueCacheOf } from '../catalogue';
import type { AppContext } from '../http/AppContext';
import { readIdempotencyKey } from '../http/idempotency';
import { serveEndpoint } from '../http/serveEndpoint';
import { hasReplayHeader } from '../sync';
import { saleWriterFor } from './saleWriter';
import { sellOnce } from './sellOnce';

/**
 * POST /v1/checkout: sells a cart (see `sales/sellOnce` and `sales/checkout`), keyed with `Idempotency-Key`, written
 * by the database engine's sale writer (`sales/saleWriter`), chosen once here. `mail.wake()` runs after the commit,
 * for the receipt and passes the sale queued.
 */
export function saleRoutes(app: FastifyInstance, { config, db, clock, venue, mail }: AppContext): void {
  const catalogue = catalogueCacheOf(db);
  const writer = saleWriterFor(db);
  serveEndpoint(app, 'checkout', async (request) => {
    // Who sells first: a call without a token is refused before anything else.
    const { staff, terminalId } = signedIn(request);
    const replayed = hasReplayHeader(request.headers);
    const now = clock();
    const timeZone = await venue.timeZone();
    const key = readIdempotencyKey(request.headers);
    const receipt = await sellOnce(db, writer, {
      body: request.body,
      key,
      now,
      replayed,
      seller: {
        staffId: staff.id,
        staffName: personName(staff),
        terminalId,
        store: config.store,
        catalogue,
        timeZone,
      },
    });
    mail?.wake();
    return receipt;
  });
}
