import { SALE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit } from 'pos-sdk/money';
import { computeDiscount } from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import { consumeApproval, requireDiscountApprover } from '../auth';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import type { PricedLine } from './priceCartLine';

/**
 * Recomputes a line's discount with `computeDiscount` of pos-sdk (spec section 5: a percentage of price ×
 * quantity rounded half-up to the sen, or a fixed amount) and puts it on the line's rule item.
 *
 * @throws {HttpProblem} 422 with the rule's refusal ('Discount must be more than 0', 'Percentage discount cannot be
 *   more than 100%', 'Discount cannot exceed the item amount'); 409 'Discount changed for {sku}' when the amount
 *   sent is not the computed one; 422 'Discount needs approval' without an approval token.
 */
export function checkDiscount(line: PricedLine): PricedLine {
  const requested = line.request.discount;
  if (requested === undefined) return line;
  const path = `items.${line.index}.discount`;
  const computed = computeDiscount({ type: requested.type, value: requested.value }, line.rule);
  if (!computed.ok) throw HttpProblem.rule(computed.message, [{ path, message: computed.message }]);
  if (fromRinggit(requested.amount) !== computed.value.amount) {
    throw HttpProblem.conflict(SALE_MESSAGES.discountChanged(line.rule.sku));
  }
  const approval = requested.approval?.trim() ?? '';
  if (approval === '') {
    throw HttpProblem.rule(SALE_MESSAGES.discountNeedsApproval, [
      { path: `${path}.approval`, message: SALE_MESSAGES.discountNeedsApproval },
    ]);
  }
  return {
    ...line,
    rule: { ...line.rule, discount: { ...computed.value, approver: requested.approver, approval } },
  };
}

/**
 * Uses up the approvals of the discounted lines (single use, for the approver named on the line). Call it in the
 * sale's transaction after every other check: if the sale rolls back, the approvals stay usable. The approver must
 * still be allowed to approve at the sale (a right taken back after the PIN was checked counts). Each use is
 * audited (`approval.used`: by the cashier, subject the approver).
 *
 * @throws {HttpProblem} 422 'Discount needs approval' for an unknown, used, expired or other approver's approval;
 *   403 `not_permitted` when the approver may no longer approve discounts.
 */
export async function consumeDiscountApprovals(
  db: Db,
  lines: readonly PricedLine[],
  context: { staffId: string; terminalId: string; now: Date },
): Promise<void> {
  const { now } = context;
  for (const line of lines) {
    const discount = line.rule.discount;
    if (!discount?.approval || discount.approver === undefined) continue;
    if (!(await consumeApproval(db, discount.approval, { approverId: discount.approver, now }))) {
      throw HttpProblem.rule(SALE_MESSAGES.discountNeedsApproval, [
        { path: `items.${line.index}.discount.approval`, message: SALE_MESSAGES.discountNeedsApproval },
      ]);
    }
    await requireDiscountApprover(db, discount.approver, context.staffId);
    await recordAudit(db, {
      action: 'approval.used',
      staffId: context.staffId,
      terminalId: context.terminalId,
      at: now,
      subject: { type: 'staff', id: discount.approver },
      amount: discount.amount,
      details: { sku: line.rule.sku, type: discount.type, value: discount.value },
    });
  }
}
