import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { canApproveDiscounts } from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import {
  actorOf,
  admitAttempt,
  clearFailures,
  issueApproval,
  minutesLeft,
  PIN_POLICY,
  requireDiscountApprover,
  signedIn,
  verifySecret,
} from '../auth';
import type { AppContext } from '../http/AppContext';
import { HttpProblem, isHttpProblem } from '../http/HttpProblem';
import { serveEndpoint } from '../http/serveEndpoint';
import { addStaff } from './addStaff';
import {
  editStaff,
  listStaff,
  requireStaff,
  resetStaffPassword,
  resetStaffPin,
  setStaffActive,
  staffToWire,
} from './staffAdmin';

/**
 * Staff calls: POST /v1/admin/users (the approvers list) and POST /v1/admin/verify_pin.
 *
 * users: the active staff who may approve a discount (managers, and staff a manager granted `approve_discounts`),
 * so the discount dialog offers no one else.
 *
 * verify_pin: an approver who may not approve is refused with 403 `not_permitted` before the PIN is tried (the
 * cashier stays signed in; the refusal is audited as `approval.refused`); a correct PIN answers `{verified: true, approval, expires_at}` with a single-use approval (10 minutes)
 * that a discounted cart item must carry; a wrong PIN is 422 'Incorrect PIN' (never 403: it must not sign the
 * cashier out); after 5 wrong PINs within 5 minutes the approver is locked for 5 minutes (429, even for the right
 * PIN). PINs are scrypt hashes compared in constant time.
 */
export function staffRoutes(app: FastifyInstance, { db, clock }: AppContext): void {
  serveEndpoint(app, 'users', async () => {
    const rows = await db
      .selectFrom('staff')
      .select(['id', 'email', 'first_name', 'last_name', 'role', 'approve_discounts'])
      .where('active', '=', 1)
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .execute();
    // The SDK's rule decides who approves, here as at verify_pin and checkout (a venue's staff list is short).
    const approvers = rows.filter((row) =>
      canApproveDiscounts({ role: row.role, approve_discounts: row.approve_discounts === 1 }),
    );
    return approvers.map((row) => ({
      _id: row.id,
      email: row.email,
      name: { first: row.first_name, last: row.last_name },
    }));
  });

  serveEndpoint(app, 'verifyPin', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    // The audit entries name both: the cashier who asked (staffId) and the approver (subject).
    const audit = {
      staffId: staff.id,
      terminalId,
      at: now,
      subject: { type: 'staff', id: request.body.approver },
    };
    const approver = await requireDiscountApprover(db, request.body.approver, staff.id).catch(
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
    if (!(await verifySecret(request.body.pin, approver.pin_hash))) {
      await recordAudit(db, { ...audit, action: admission.isLast ? 'pin.locked' : 'pin.rejected' });
      throw HttpProblem.rule(SERVER_MESSAGES.incorrectPin, [
        { path: 'pin', message: SERVER_MESSAGES.incorrectPin },
      ]);
    }
    await clearFailures(db, subject);
    const { approval, expiresAt } = await issueApproval(db, {
      approverId: approver.id,
      requestedBy: staff.id,
      terminalId,
      now,
    });
    await recordAudit(db, { ...audit, action: 'pin.approved' });
    return { verified: true as const, approval, expires_at: expiresAt.toISOString() };
  });

  // The back office's staff list (a manager's token only): every change in one transaction with its audit entries.
  serveEndpoint(app, 'staffList', async () => listStaff(db));

  serveEndpoint(app, 'staffAdd', async (request) => {
    const actor = actorOf(request, clock());
    const { email, first, last, role, password, pin } = request.body;
    return db.transaction().execute(async (trx) => {
      const id = await addStaff(
        trx,
        { email, firstName: first, lastName: last, password, pin, role },
        actor.now,
      );
      await recordAudit(trx, {
        action: 'staff.added',
        staffId: actor.staffId,
        terminalId: actor.terminalId,
        at: actor.now,
        subject: { type: 'staff', id },
        details: { email: email.trim().toLowerCase(), role },
      });
      return staffToWire(await requireStaff(trx, email));
    });
  });

  serveEndpoint(app, 'staffEdit', async (request) =>
    db
      .transaction()
      .execute((trx) => editStaff(trx, actorOf(request, clock()), request.body.email, request.body.changes)),
  );

  serveEndpoint(app, 'staffSetActive', async (request) =>
    db
      .transaction()
      .execute((trx) =>
        setStaffActive(trx, actorOf(request, clock()), request.body.email, request.body.active),
      ),
  );

  serveEndpoint(app, 'staffResetPassword', async (request) =>
    db
      .transaction()
      .execute((trx) =>
        resetStaffPassword(trx, actorOf(request, clock()), request.body.email, request.body.password),
      ),
  );

  serveEndpoint(app, 'staffResetPin', async (request) =>
    db
      .transaction()
      .execute((trx) => resetStaffPin(trx, actorOf(request, clock()), request.body.email, request.body.pin)),
  );
}
