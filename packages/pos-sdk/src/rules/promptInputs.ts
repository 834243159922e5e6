import { MESSAGES } from './messages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** The longest id the contract takes (`IdSchema`): a pass or an invoice id. */
const MAX_ID_LENGTH = 200;
/** The longest refund reason the contract takes (`RefundOrderRequestSchema.message`). */
const MAX_REASON_LENGTH = 1000;

/**
 * Trimmed non-empty text of at most `max` characters, or a `required` refusal with `message`, or a `too_long` one
 * with `tooLong` (checked here, so the message is on this field and in words, not the server's 400 on another).
 */
function requireText(
  input: string | null | undefined,
  message: string,
  max: number,
  tooLong: string,
): RuleResult<string> {
  const text = (input ?? '').trim();
  if (text === '') return refuse(RULE_CODES.required, message);
  return text.length > max ? refuse(RULE_CODES.too_long, tooLong) : ok(text);
}

/** The 'Scan Pass' prompt needs non-empty input (spec section 5), at most 200 characters; returns it trimmed. */
export function validatePassId(input: string | null | undefined): RuleResult<string> {
  return requireText(input, MESSAGES.passIdRequired, MAX_ID_LENGTH, MESSAGES.passIdTooLong);
}

/** The refund 'Invoice ID' prompt needs non-empty input (spec section 5), at most 200 characters; trimmed. */
export function validateInvoiceId(input: string | null | undefined): RuleResult<string> {
  return requireText(input, MESSAGES.invoiceIdRequired, MAX_ID_LENGTH, MESSAGES.invoiceIdTooLong);
}

/** The 'Refund Reason' text box needs a non-empty reason of at most 1000 characters; returns it trimmed. */
export function validateRefundReason(input: string | null | undefined): RuleResult<string> {
  return requireText(input, MESSAGES.refundReasonRequired, MAX_REASON_LENGTH, MESSAGES.refundReasonTooLong);
}
