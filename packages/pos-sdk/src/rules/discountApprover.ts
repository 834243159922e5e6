import type { StaffRole } from '../contract/backOffice';
import { type NameParts, personName } from './displayText';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';
import { SALE_MESSAGES } from './serverMessages';

/** What decides whether a staff member may approve discounts: their role and the right a manager grants. */
export interface DiscountApproverRights {
  readonly role: StaffRole;
  /** The `approve_discounts` right, granted to a staff member by a manager (managers need none). */
  readonly approve_discounts: boolean;
}

/** A chosen approver: who they are and their rights. */
export interface DiscountApprover extends DiscountApproverRights {
  readonly _id: string;
  readonly name: NameParts;
}

/**
 * May this staff member approve a discount? Managers always may; other staff only once a manager granted them
 * `approve_discounts`. The users list (the discount dialog's approvers) holds exactly these.
 *
 * @example canApproveDiscounts({ role: 'staff', approve_discounts: false }) // false
 */
export function canApproveDiscounts(member: DiscountApproverRights): boolean {
  return member.role === 'manager' || member.approve_discounts;
}

/**
 * Checks the approver of a discount the cashier `cashierId` asks for: refused, with the message the server sends
 * as 403 `not_permitted`, when the approver may not approve discounts (a cashier naming herself without the right
 * is told so in her own words).
 *
 * @example
 * const checked = checkDiscountApprover(approver, signedInStaffId);
 * if (!checked.ok) throw HttpProblem.notPermitted(checked.message);
 */
export function checkDiscountApprover(approver: DiscountApprover, cashierId: string): RuleResult<undefined> {
  if (canApproveDiscounts(approver)) return ok(undefined);
  if (approver._id === cashierId) return refuse(RULE_CODES.own_discount, SALE_MESSAGES.ownDiscountNotAllowed);
  return refuse(RULE_CODES.not_an_approver, SALE_MESSAGES.approverNotAllowed(personName(approver.name)));
}
