import type { FastifyInstance } from 'fastify';
import { personName } from 'pos-sdk/rules';
import { signedIn } from '../auth';
import { catalogueCacheOf } from '../catalogue';
import {
  checkoutBuyer,
  checkoutBuyerOrNone,
  loadConfiguredSigning,
  queueLargeSale,
  type SigningCredentials,
} from '../einvoice';
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
export function saleRoutes(app: FastifyInstance, context: AppContext): void {
  const { config, db, clock, venue, mail } = context;
  const catalogue = catalogueCacheOf(db);
  let signing: SigningCredentials | undefined;
  const signingKey = () => {
    if (config.einvoice !== undefined && signing === undefined)
      signing = loadConfiguredSigning(config.einvoice);
    return signing;
  };
  const writer = saleWriterFor(db);
  serveEndpoint(app, 'checkout', async (request) => {
    // Who sells first: a call without a token is refused before anything else.
    const { staff, terminalId } = signedIn(request);
    const replayed = hasReplayHeader(request.headers);
    const now = clock();
    const timeZone = await venue.timeZone();
    const key = readIdempotencyKey(request.headers);
    // The e-invoice buyer is checked before anything is sold (400 in words); a sale replayed after an outage is
    // booked whatever its buyer (a wrong one leaves it to the general public).
    const buyer = replayed ? checkoutBuyerOrNone(request.body) : checkoutBuyer(request.body);
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
    if (config.einvoice !== undefined) {
      const queued = await queueLargeSale(db, receipt, {
        store: config.store,
        buyer,
        timeZone,
        now,
        signing: signingKey,
        logger: request.log,
        staffId: staff.id,
        terminalId,
      });
      if (queued) context.einvoiceSender?.wake();
    }
    return withRequestUrl(receipt, context);
  });
}

/** The receipt with its order's e-invoice request link, when the server gives one (`AppContext.einvoiceRequestUrl`). */
async function withRequestUrl<T extends { order: { _id: string; invoice?: unknown } }>(
  receipt: T,
  context: AppContext,
): Promise<T> {
  if (context.einvoiceRequestUrl === undefined || !receipt.order.invoice) return receipt;
  return {
    ...receipt,
    order: { ...receipt.order, einvoice_request_url: await context.einvoiceRequestUrl(receipt.order._id) },
  };
}
