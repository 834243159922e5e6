import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit';
import { actorOf } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { readVenueSettings, updateVenueSettings } from './venueSettings';

/**
 * The venue settings: every staff member reads them (receipts carry them); a manager changes them (the contract's
 * `role: 'manager'`, enforced by authentication with 403 `not_permitted`), in one transaction with the audit entry.
 */
export function venueRoutes(app: FastifyInstance, { db, config, clock, venue }: AppContext): void {
  serveEndpoint(app, 'venue', async () => readVenueSettings(db, config));

  serveEndpoint(app, 'settingsSet', async (request) => {
    const actor = actorOf(request, clock());
    const settings = await db.transaction().execute(async (trx) => {
      const { before, after } = await updateVenueSettings(trx, config, request.body, {
        by: actor.staffId,
        now: actor.now,
      });
      await recordAudit(trx, {
        action: 'settings.updated',
        staffId: actor.staffId,
        terminalId: actor.terminalId,
        at: actor.now,
        details: { changes: request.body, before },
      });
      return after;
    });
    venue.invalidate();
    return settings;
  });
}
