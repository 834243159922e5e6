import { ok, RULE_CODES, type RuleResult, refuse } from './result';
import { ORDER_MESSAGES } from './serverMessages';

/**
 * Can the order be canceled? Only a PAID one ('Only PAID orders can be canceled'): the invoice dialog shows
 * CANCEL only then, and the server refuses the rest with the same text.
 */
export function canCancel(order: { readonly status: string }): RuleResult<undefined> {
  return order.status === 'PAID' ? ok(undefined) : refuse(RULE_CODES.not_paid, ORDER_MESSAGES.cancelNotPaid);
}
