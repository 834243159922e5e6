import type { FastifyInstance } from 'fastify';
import { signedIn } from '../auth';
import { catalogueCacheOf } from '../catalogue';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { serveIdempotentEndpoint } from '../http/serveIdempotentEndpoint';
import { terminalStore } from '../terminals';
import { readVenueSettings } from '../venue';
import { endMembershipHold, holdMembership, listMembershipHolds } from './holdMembership';
import { lookupMembership } from './lookupMembership';
import { renewMembership } from './renewMembership';

/**
 * Membership calls: lookup_membership (a member by email with their orders and tickets; 404 when none) and
 * renew_membership (keyed with `Idempotency-Key`, like checkout); hold_membership, end_membership_hold and
 * membership_holds (a membership held for some days: managers, and staff with the `hold_memberships` right).
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

  /** The caller, the venue's zone and its hold limits (venue settings), at the server's now. */
  const holdContext = async (request: Parameters<typeof signedIn>[0]) => {
    const { staff, terminalId } = signedIn(request);
    const settings = await readVenueSettings(db, config);
    return {
      staff,
      terminalId,
      now: clock(),
      timeZone: settings.time_zone,
      limits: { minDays: settings.hold_min_days, maxDays: settings.hold_max_days },
      store: (await terminalStore(db, terminalId)) ?? config.store,
      feeSku: settings.hold_fee_sku,
    };
  };
  serveEndpoint(app, 'holdMembership', async (request) =>
    holdMembership(
      db,
      {
        ticketId: request.body.ticket_id,
        from: request.body.from,
        days: request.body.days,
        feeOrder: request.body.fee_order,
        checkOnly: request.body.check_only,
      },
      await holdContext(request),
    ),
  );
  serveEndpoint(app, 'endMembershipHold', async (request) =>
    endMembershipHold(db, { ticketId: request.body.ticket_id }, await holdContext(request)),
  );
  serveEndpoint(app, 'membershipHolds', async (request) => listMembershipHolds(db, request.body.ticket_id));
}
