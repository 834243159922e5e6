import type { FastifyInstance } from 'fastify';
import { signedIn } from '../auth/authentication';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { hashRequestBody, readIdempotencyKey, withIdempotency } from '../idempotency';
import { lookupMembership } from '../members/lookupMembership';
import { renewMembership } from '../members/renewMembership';

/**
 * Membership calls: lookup_membership (a member by email with their orders and tickets; 404 when none) and
 * renew_membership (keyed with `Idempotency-Key`, like checkout).
 */
export function membershipRoutes(
  app: FastifyInstance,
  { db, config, clock, venue, mail, catalogue }: AppContext,
): void {
  serveEndpoint(app, 'lookupMembership', async (request) =>
    lookupMembership(db, request.body.email, { now: clock(), timeZone: await venue.timeZone() }),
  );

  serveEndpoint(app, 'renewMembership', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    const timeZone = await venue.timeZone();
    const { body } = await withIdempotency(
      db,
      {
        key: readIdempotencyKey(request.headers),
        scope: 'renew_membership',
        staffId: staff.id,
        bodyHash: hashRequestBody(request.body),
        now,
      },
      (trx) =>
        renewMembership(trx, request.body, {
          staffId: staff.id,
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
