import type { FastifyInstance } from 'fastify';
import { readHostId, signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { enableKiosk, exitKiosk } from './kiosk';
import { pairDevice } from './pairDevice';
import { issuePairingCode } from './pairing';
import { listTerminals, removeTerminal, terminalStore } from './terminals';

/**
 * Terminals and the devices paired with them:
 * - POST /v1/pair `{code}` (no token): a manager's one-time code makes the device that sends it that terminal, of
 *   its store; with no code, a server with `POS_AUTO_PAIR` answers that terminal (registering it for the server's
 *   store if needed), any other refuses in words.
 * - POST /v1/terminal_status (no token): whether the terminal of `X-Host-Name` is registered, and its store, so an
 *   unregistered terminal's device goes back to pairing.
 * - POST /v1/admin/terminals/list|pair|remove (manager): the back office's view of the terminals.
 */
export function terminalRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  serveEndpoint(app, 'pairDevice', async (request) =>
    pairDevice(db, {
      code: request.body.code,
      address: request.ip,
      autoPair: config.autoPair,
      defaultStore: config.store,
      now: clock(),
    }),
  );

  // Self check-in: a manager signed in on the terminal turns it into a kiosk; a manager's PIN at the kiosk ends it.
  serveEndpoint(app, 'kioskEnable', async (request) => {
    const { staff, terminalId } = signedIn(request);
    return enableKiosk(db, { terminalId, managerId: staff.id, now: clock(), fallbackStore: config.store });
  });

  serveEndpoint(app, 'kioskExit', async (request) => {
    const { terminalId } = signedIn(request);
    return exitKiosk(db, {
      terminalId,
      approverId: request.body.approver,
      pin: request.body.pin,
      now: clock(),
    });
  });

  serveEndpoint(app, 'terminalStatus', async (request) => {
    const terminal = readHostId(request);
    const store = await terminalStore(db, terminal);
    return { terminal, store: store ?? null, registered: store !== undefined };
  });

  serveEndpoint(app, 'terminalList', async () => {
    const terminals = await listTerminals(db);
    return terminals.map((entry) => ({
      _id: entry.id,
      store: entry.store,
      registered_at: entry.registeredAt,
      registered_by: entry.registeredBy,
    }));
  });

  serveEndpoint(app, 'terminalPair', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const { terminal, store } = request.body;
    return issuePairingCode(db, {
      terminal,
      store,
      defaultStore: config.store,
      staff,
      terminalId,
      now: clock(),
    });
  });

  serveEndpoint(app, 'terminalRemove', async (request) => {
    const { staff, terminalId } = signedIn(request);
    return removeTerminal(db, {
      terminal: request.body.terminal,
      staffId: staff.id,
      terminalId,
      now: clock(),
    });
  });
}
