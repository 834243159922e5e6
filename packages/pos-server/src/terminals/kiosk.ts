import type { KioskEnableResponse, KioskExitResponse } from 'pos-sdk/contract';
import { KIOSK_MESSAGES, SERVER_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import {
  admitAttempt,
  clearFailures,
  issueKioskToken,
  minutesLeft,
  PIN_POLICY,
  revokeKioskTokens,
  verifySecret,
} from '../auth';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { terminalStore } from './terminals';

/**
 * kiosk/enable: a manager signed in on a terminal puts it in kiosk mode. The answer's kiosk token is the device's
 * from then on (no staff sign-in); the server lets it check passes in and nothing else. Audited.
 */
export async function enableKiosk(
  db: Db,
  options: { terminalId: string; managerId: string; now: Date; fallbackStore: string },
): Promise<KioskEnableResponse> {
  const token = await db.transaction().execute(async (trx) => {
    const issued = await issueKioskToken(trx, {
      terminalId: options.terminalId,
      enabledBy: options.managerId,
      now: options.now,
    });
    await recordAudit(trx, {
      action: 'kiosk.enabled',
      staffId: options.managerId,
      terminalId: options.terminalId,
      at: options.now,
      subject: { type: 'terminal', id: options.terminalId },
    });
    return issued;
  });
  const store = (await terminalStore(db, options.terminalId)) ?? options.fallbackStore;
  return { kiosk_token: token, terminal: options.terminalId, store };
}

/**
 * kiosk/exit: a manager's PIN, typed at the kiosk, ends its kiosk mode (every kiosk token of the terminal revoked).
 * The PIN tries count as verify_pin's do (5 wrong within 5 minutes lock the manager for 5 minutes).
 *
 * @throws {HttpProblem} 404 unknown manager; 403 `not_permitted` for someone who is not a manager; 429 locked;
 *   422 'Incorrect PIN'.
 */
export async function exitKiosk(
  db: Db,
  options: { terminalId: string; approverId: string; pin: string; now: Date },
): Promise<KioskExitResponse> {
  const manager = await db
    .selectFrom('staff')
    .select(['id', 'role', 'pin_hash', 'active'])
    .where('id', '=', options.approverId)
    .executeTakeFirst();
  if (manager === undefined || manager.active !== 1)
    throw HttpProblem.notFound(SERVER_MESSAGES.approverNotFound);
  if (manager.role !== 'manager') throw HttpProblem.notPermitted(KIOSK_MESSAGES.exitManagerOnly);
  const subject = `pin:${manager.id}`;
  const admission = await admitAttempt(db, subject, PIN_POLICY, options.now);
  if (!admission.admitted) {
    throw HttpProblem.locked(SERVER_MESSAGES.pinLocked(minutesLeft(admission.lockedUntil, options.now)), {
      locked_until: admission.lockedUntil.toISOString(),
    });
  }
  if (!(await verifySecret(options.pin, manager.pin_hash))) {
    throw HttpProblem.rule(SERVER_MESSAGES.incorrectPin, [
      { path: 'pin', message: SERVER_MESSAGES.incorrectPin },
    ]);
  }
  await clearFailures(db, subject);
  await db.transaction().execute(async (trx) => {
    await revokeKioskTokens(trx, options.terminalId, options.now);
    await recordAudit(trx, {
      action: 'kiosk.exited',
      staffId: manager.id,
      terminalId: options.terminalId,
      at: options.now,
      subject: { type: 'terminal', id: options.terminalId },
    });
  });
  return { terminal: options.terminalId, kiosk: false };
}
