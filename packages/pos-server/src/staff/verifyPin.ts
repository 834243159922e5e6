import type { Kysely } from 'kysely';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import {
  admitAttempt,
  clearFailures,
  issueApproval,
  minutesLeft,
  PIN_POLICY,
  requireDiscountApprover,
  verifySecret,
} from '../auth';
import type { Database } from '../db/Database';
import { HttpProblem, isHttpProblem } from '../http/HttpProblem';

/**
 * verify_pin: an approver's PIN for a cashier's discount, answered with a single-use approval (10 minutes) that a
 * discounted cart item must carry. Every outcome is audited with both people: the cashier who asked (`staffId`)
 * and the approver (the subject).
 *
 * @throws {HttpProblem} 404 unknown or disabled approver; 403 `not_permitted` for one who may not approve (checked
 *   before the PIN is tried, audited as `approval.refused`); 429 while the approver is locked (5 wrong PINs within
 *   5 minutes lock them for 5 minutes, even for the right PIN); 422 'Incorrect PIN' (never 403: it must not sign
 *   the cashier out).
 */
export async function verifyPin(
  db: Kysely<Database>,
  options: { approverId: string; pin: string; staffId: string; terminalId: string; now: Date },
): Promise<{ verified: true; approval: string; expires_at: string }> {
  const { staffId, terminalId, now } = options;
  const audit = { staffId, terminalId, at: now, subject: { type: 'staff', id: options.approverId } };
  const approver = await requireDiscountApprover(db, options.approverId, staffId).catch(
    async (error: unknown) => {
      if (isHttpProblem(error) && error.code === 'not_permitted') {
        await recordAudit(db, { ...audit, action: 'approval.refused', details: { reason: error.message } });
      }
      throw error;
    },
  );
  const subject = `pin:${approver.id}`;

  // The try is counted before the PIN is checked, so PINs sent at the same moment cannot pass the limit together.
  const admission = await admitAttempt(db, subject, PIN_POLICY, now);
  if (!admission.admitted) {
    throw HttpProblem.locked(SERVER_MESSAGES.pinLocked(minutesLeft(admission.lockedUntil, now)), {
      locked_until: admission.lockedUntil.toISOString(),
    });
  }
  if (!(await verifySecret(options.pin, approver.pin_hash))) {
    await recordAudit(db, { ...audit, action: admission.isLast ? 'pin.locked' : 'pin.rejected' });
    throw HttpProblem.rule(SERVER_MESSAGES.incorrectPin, [
      { path: 'pin', message: SERVER_MESSAGES.incorrectPin },
    ]);
  }
  await clearFailures(db, subject);
  const { approval, expiresAt } = await issueApproval(db, {
    approverId: approver.id,
    requestedBy: staffId,
    terminalId,
    now,
  });
  await recordAudit(db, { ...audit, action: 'pin.approved' });
  return { verified: true, approval, expires_at: expiresAt.toISOString() };
}
