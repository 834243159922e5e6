import type { FastifyInstance } from 'fastify';
import { signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { listSyncConflicts, resolveSyncConflict } from '../sync';
import { prepareOffline } from './prepareOffline';

/**
 * Working through an outage (docs/offline.md): offline_prepare (the policy, ticket ids reserved for the terminal,
 * tickets to check offline), and for managers the sync conflicts (replays the server refused) and their resolution.
 */
export function offlineRoutes(app: FastifyInstance, { db, config, clock, venue }: AppContext): void {
  serveEndpoint(app, 'offlinePrepare', async (request) => {
    const { terminalId } = signedIn(request);
    return prepareOffline(db, {
      terminalId,
      store: config.store,
      now: clock(),
      timeZone: await venue.timeZone(),
      policy: config.offline,
    });
  });

  serveEndpoint(app, 'syncConflicts', async (request) =>
    listSyncConflicts(db, { includeResolved: request.body.include_resolved }),
  );

  serveEndpoint(app, 'resolveSyncConflict', async (request) => {
    const { staff, terminalId } = signedIn(request);
    return resolveSyncConflict(db, {
      id: request.body.id,
      note: request.body.note,
      staffId: staff.id,
      terminalId,
      now: clock(),
    });
  });
}
