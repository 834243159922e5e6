import type { FastifyInstance } from 'fastify';
import { actorOf, signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { listApprovers } from './listApprovers';
import {
  addStaffMember,
  editStaff,
  listStaff,
  resetStaffPassword,
  resetStaffPin,
  setStaffActive,
} from './staffAdmin';
import { verifyPin } from './verifyPin';

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
  serveEndpoint(app, 'users', async () => listApprovers(db));

  serveEndpoint(app, 'verifyPin', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const { approver, pin } = request.body;
    return verifyPin(db, { approverId: approver, pin, staffId: staff.id, terminalId, now: clock() });
  });

  // The back office's staff list (a manager's token only): every change in one transaction with its audit entries.
  serveEndpoint(app, 'staffList', async () => listStaff(db));

  serveEndpoint(app, 'staffAdd', async (request) => {
    const actor = actorOf(request, clock());
    return db.transaction().execute((trx) => addStaffMember(trx, actor, request.body));
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
