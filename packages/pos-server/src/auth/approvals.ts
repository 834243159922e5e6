import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { checkDiscountApprover } from 'pos-sdk/rules';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { createOpaqueToken, hashToken } from './opaqueToken';

/** How long a discount approval from verify_pin stays usable. */
export const APPROVAL_TTL_MS = 10 * 60_000;

/**
 * The active staff member `approverId`, checked as the approver of a discount the signed-in `cashierId` asks for
 * (`checkDiscountApprover` of pos-sdk: a manager, or a staff member a manager granted `approve_discounts`).
 *
 * Why 403 `not_permitted` and not `forbidden`: clients sign out on `forbidden`, and a refused approver must leave
 * the cashier signed in at her sale. Why here and not only in the users list: a client may name anyone.
 *
 * @returns the approver's id and PIN hash.
 * @throws {HttpProblem} 404 'Approver not found' for an unknown or disabled member; 403 `not_permitted` ('Ana
 *   Cashier cannot approve discounts: …', or 'You cannot approve your own discount: …') for one who may not.
 */
export async function requireDiscountApprover(
  db: Db,
  approverId: string,
  cashierId: string,
): Promise<{ id: string; pin_hash: string }> {
  const approver = await db
    .selectFrom('staff')
    .select(['id', 'pin_hash', 'first_name', 'last_name', 'role', 'approve_discounts'])
    .where('id', '=', approverId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (approver === undefined) throw HttpProblem.notFound(SERVER_MESSAGES.approverNotFound);
  const checked = checkDiscountApprover(
    {
      _id: approver.id,
      name: approver,
      role: approver.role,
      approve_discounts: approver.approve_discounts === 1,
    },
    cashierId,
  );
  if (!checked.ok) throw HttpProblem.notPermitted(checked.message);
  return { id: approver.id, pin_hash: approver.pin_hash };
}

/**
 * Hands out a single-use approval after a correct PIN; only its sha256 is stored, with the approver and expiry.
 */
export async function issueApproval(
  db: Db,
  options: { approverId: string; requestedBy: string; terminalId: string; now: Date },
): Promise<{ approval: string; expiresAt: Date }> {
  const approval = createOpaqueToken();
  const expiresAt = new Date(options.now.getTime() + APPROVAL_TTL_MS);
  await db
    .insertInto('approvals')
    .values({
      token_hash: hashToken(approval),
      approver_id: options.approverId,
      requested_by: options.requestedBy,
      terminal_id: options.terminalId,
      created_at: options.now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
  return { approval, expiresAt };
}

/**
 * Uses up a discount approval for the given approver: true once, false for an unknown, used, expired approval
 * or one issued for another approver.
 *
 * A single atomic update, so two checkouts carrying the same approval cannot both use it. Call it inside the
 * checkout's transaction: if the sale fails and rolls back, the approval stays usable.
 *
 * @example
 * if (!(await consumeApproval(trx, item.discount.approval, { approverId: item.discount.approver, now }))) {
 *   throw HttpProblem.rule('Discount needs a valid approval');
 * }
 */
export async function consumeApproval(
  db: Db,
  approval: string,
  expected: { approverId: string; now: Date },
): Promise<boolean> {
  const at = expected.now.toISOString();
  const row = await db
    .updateTable('approvals')
    .set({ used_at: at })
    .where('token_hash', '=', hashToken(approval))
    .where('approver_id', '=', expected.approverId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('approver_id')
    .executeTakeFirst();
  return row !== undefined;
}
