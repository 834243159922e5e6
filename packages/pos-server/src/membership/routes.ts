import type { FastifyInstance } from 'fastify';
import { signedIn } from '../auth';
import { catalogueCacheOf } from '../catalogue';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { serveIdempotentEndpoint } from '../http/serveIdempotentEndpoint';
import { lookupMembership } from './lookupMembership';
import { renewMembership } from './renewMembership';

/**
 * Membership calls: lookup_membership (a member by email with their orders and tickets; 404 when none) and
 * renew_membership (keyed with `Idempotency-Key`, like checkout).
 */
export function membershipRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, config, clock, venue } = context;
  const catalogue = catalogueCacheOf(db);
  serveEndpoint(app, 'lookupMembership', async (request) =>
    lookupMembership(db, request.body.email, { now: clock(), timeZone: await venue.timeZone() }),
  );

  serveIdempotentEndpoint(
    app,
    context,
    'renewMembership',
    'renew_membership',
    signedIn,
    (trx, { body, staff, terminalId, timeZone, now }) =>
      renewMembership(trx, body, {
        staffId: staff.id,
        terminalId,
        store: config.store,
        catalogue,
        timeZone,
        now,
      }),
  );
}
