import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import { admitAttempt, clearFailures, minutesLeft, readHostId, signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { serveEndpoint } from '../http/serveEndpoint';
import { makePairingCode, usePairingCode } from './pairing';
import { listTerminals, registerTerminal, terminalStore, unregisterTerminal } from './terminals';

/**
 * Wrong pairing codes from one client address: 10 within 15 minutes lock that address out of pairing for 15 minutes
 * (a code is one of 29^8, so guessing is hopeless within the limit, and a typo costs one try).
 */
const PAIRING_POLICY = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

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
  serveEndpoint(app, 'pairDevice', async (request) => {
    const now = clock();
    const { code } = request.body;
    if (code === undefined || code.trim() === '') {
      const terminal = config.autoPair;
      if (terminal === undefined) throw HttpProblem.rule(SERVER_MESSAGES.pairingNeedsCode);
      const store = (await terminalStore(db, terminal)) ?? config.store;
      await registerTerminal(db, { id: terminal, store, by: 'pos-server', now });
      return { terminal, store };
    }
    const subject = `pair:${request.ip}`;
    const admission = await admitAttempt(db, subject, PAIRING_POLICY, now);
    if (!admission.admitted) {
      throw HttpProblem.locked(SERVER_MESSAGES.pairingLocked(minutesLeft(admission.lockedUntil, now)));
    }
    const pairing = await db.transaction().execute(async (trx) => {
      const paired = await usePairingCode(trx, code, now);
      await recordAudit(trx, {
        action: 'terminal.paired',
        staffId: null,
        terminalId: paired.terminal,
        at: now,
        details: { store: paired.store },
      });
      return paired;
    });
    await clearFailures(db, subject);
    return pairing;
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
    const now = clock();
    return db.transaction().execute(async (trx) => {
      const made = await makePairingCode(trx, {
        terminal: request.body.terminal,
        store: request.body.store,
        defaultStore: config.store,
        by: staff.email,
        now,
      });
      await recordAudit(trx, {
        action: 'terminal.pairing_code',
        staffId: staff.id,
        terminalId,
        at: now,
        details: { terminal: made.terminal, store: made.store, registered: made.registered },
      });
      return made;
    });
  });

  serveEndpoint(app, 'terminalRemove', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    const { terminal } = request.body;
    await db.transaction().execute(async (trx) => {
      if (!(await unregisterTerminal(trx, terminal, now))) {
        throw HttpProblem.notFound(SERVER_MESSAGES.noRegisteredTerminal(terminal));
      }
      await recordAudit(trx, {
        action: 'terminal.unregistered',
        staffId: staff.id,
        terminalId,
        at: now,
        details: { terminal },
      });
    });
    return { terminal, removed: true as const };
  });
}
