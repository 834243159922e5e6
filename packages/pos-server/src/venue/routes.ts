import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { changeVenueSettings, readVenueSettings } from './venueSettings';

/**
 * The venue settings: every staff member reads them (receipts carry them); a manager changes them (the contract's
 * `role: 'manager'`, enforced by authentication with 403 `not_permitted`), in one transaction with the audit entry.
 */
export function venueRoutes(app: FastifyInstance, { db, config, clock, venue }: AppContext): void {
  serveEndpoint(app, 'venue', async () => readVenueSettings(db, config));

  serveEndpoint(app, 'settingsSet', async (request) => {
    const settings = await changeVenueSettings(db, config, request.body, actorOf(request, clock()));
    venue.invalidate();
    return settings;
  });
}
