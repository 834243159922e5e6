import type { FastifyInstance } from 'fastify';
import { DISPLAY_EVENTS_PATH } from 'pos-sdk/contract';
import { signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { claimDisplay } from './claimDisplay';
import { streamDisplayEvents } from './displayEvents';
import { createDisplayHub } from './displayHub';

/**
 * The customer display on a tablet paired with a terminal (docs/ui.md, "Customer-facing display"):
 * - POST /v1/display/pair (the till's staff token): a six-digit code for a tablet, 5 minutes, once;
 * - POST /v1/display/claim `{code}` (no token): the tablet's display token, which reads that terminal's stream only;
 * - POST /v1/display/publish `{message}`, /status, /unpair (the till's staff token, for its own terminal);
 * - GET /v1/display/events?token=… (`text/event-stream`): the tablet follows the till's sale.
 * The state is this process's ({@link createDisplayHub}); closing the app ends the streams.
 */
export function displayRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  const hub = createDisplayHub();
  // Before close waits for the open connections: a stream never ends by itself.
  app.addHook('preClose', async () => hub.closeAll());

  serveEndpoint(app, 'displayPair', async (request) => {
    const { terminalId } = signedIn(request);
    const { code, expiresAt } = hub.makeCode(terminalId, clock());
    return { terminal: terminalId, code, expires_at: expiresAt.toISOString() };
  });

  serveEndpoint(app, 'displayClaim', async (request) =>
    claimDisplay(db, hub, { code: request.body.code, address: request.ip, now: clock() }),
  );

  serveEndpoint(app, 'displayStatus', async (request) => hub.status(signedIn(request).terminalId));

  serveEndpoint(app, 'displayPublish', async (request) => {
    const { terminalId } = signedIn(request);
    hub.publish(terminalId, request.body.message);
    return hub.status(terminalId);
  });

  serveEndpoint(app, 'displayUnpair', async (request) => {
    const { terminalId } = signedIn(request);
    hub.unpair(terminalId);
    return hub.status(terminalId);
  });

  app.get<{ Querystring: { token?: unknown } }>(
    DISPLAY_EVENTS_PATH,
    // Public to the authentication hook: the token in the query is checked here, against the display tokens only.
    // Logged at warn: the request log would carry the token in the URL.
    { config: { public: true }, logLevel: 'warn' },
    async (request, reply) => streamDisplayEvents(hub, request, reply),
  );
}
