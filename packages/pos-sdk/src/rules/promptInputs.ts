import { MESSAGES } from './messages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** Trimmed non-empty text, or a `required` refusal with `message`. */
function requireText(input: string | null | undefined, message: string): RuleResult<string> {
  const text = (input ?? '').trim();
  return text === '' ? refuse(RULE_CODES.required, message) : ok(text);
}

/** The 'Scan Pass' prompt needs non-empty input (spec section 5); returns the trimmed pass ID. */
export function validatePassId(input: string | null | undefined): RuleResult<string> {
  return requireText(input, MESSAGES.passIdRequired);
}

/** The refund 'Invoice ID' prompt needs non-empty input (spec section 5); returns it trimmed. */
export function validateInvoiceId(input: string | null | undefined): RuleResult<string> {
  return requireText(input, MESSAGES.invoiceIdRequired);
}

/** The 'Refund Reason' text box needs a non-empty reason; returns it trimmed. */
export function validateRefundReason(input: string | null | undefined): RuleResult<string> {
  return requireText(input, MESSAGES.refundReasonRequired);
}
