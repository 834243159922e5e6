import { isEmail } from './email';
import { MAIL_MESSAGES } from './mailMessages';
import { MESSAGES } from './messages';
import { ok, type RuleResult, refuse } from './result';

/**
 * The address to email a receipt again to ("Email receipt", `pos orders resend --to`): the typed one, else the
 * order's customer email; it must match the spec's email pattern ('Invalid email format').
 *
 * @example validateResendEmail(' jane@example.com ') // { ok: true, value: 'jane@example.com' }
 */
export function validateResendEmail(input: string | null | undefined, orderEmail = ''): RuleResult<string> {
  const to = (input ?? '').trim() || orderEmail.trim();
  if (to === '') return refuse('email_required', MAIL_MESSAGES.resendNeedsEmail);
  if (!isEmail(to)) return refuse('email_invalid', MESSAGES.invalidEmailFormat);
  return ok(to);
}
