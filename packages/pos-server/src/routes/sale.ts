import type { FastifyInstance } from 'fastify';
import { personName } from 'pos-sdk';
import type { AppContext } from '../http/AppContext';
import { serveIdempotentEndpoint } from '../http/serveIdempotentEndpoint';
import { checkout } from '../sales/checkout';

/**
 * POST /v1/checkout: sells a cart (see `sales/checkout`). Keyed with `Idempotency-Key`: the same key and body
 * answer the first receipt without selling again (also when sent twice at once), another body is a 409.
 */
export function saleRoutes(app: FastifyInstance, context: AppContext): void {
  const { config, catalogue } = context;
  serveIdempotentEndpoint(
    app,
    context,
    'checkout',
    'checkout',
    (trx, { body, staff, terminalId, timeZone, now }) =>
      checkout(trx, body, {
        staffId: staff.id,
        staffName: personName(staff),
        terminalId,
        store: config.store,
        catalogue,
        timeZone,
        now,
      }),
  );
}
