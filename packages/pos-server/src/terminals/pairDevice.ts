import type { Kysely } from 'kysely';
import type { DevicePairing } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import { admitAttempt, clearFailures, minutesLeft } from '../auth';
import type { Database } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { usePairingCode } from './pairing';
import { registerTerminal, terminalStore } from './terminals';

/**
 * Wrong pairing codes from one client address: 10 within 15 minutes lock that address out of pairing for 15 minutes
 * (a code is one of 29^8, so guessing is hopeless within the limit, and a typo costs one try).
 */
const PAIRING_POLICY = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * pair: a manager's one-time code makes the device that sends it that terminal, of its store ({@link usePairingCode},
 * audited as `terminal.paired`). With no code, a server with `autoPair` answers that terminal (registering it for
 * `defaultStore` if needed); any other refuses in words.
 *
 * @param options.address the client's address, which the wrong codes are counted against.
 * @throws {HttpProblem} 422 without a code on a server that does not pair by itself; 429 while the address is
 *   locked out; as {@link usePairingCode} for a wrong code.
 */
export async function pairDevice(
  db: Kysely<Database>,
  options: {
    code: string | undefined;
    address: string;
    autoPair: string | undefined;
    defaultStore: string;
    now: Date;
  },
): Promise<DevicePairing> {
  const { code, now } = options;
  if (code === undefined || code.trim() === '') {
    const terminal = options.autoPair;
    if (terminal === undefined) throw HttpProblem.rule(SERVER_MESSAGES.pairingNeedsCode);
    const store = (await terminalStore(db, terminal)) ?? options.defaultStore;
    await registerTerminal(db, { id: terminal, store, by: 'pos-server', now });
    return { terminal, store };
  }
  const subject = `pair:${options.address}`;
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
}
