import { DISPLAY_MESSAGES } from './displayMessages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/**
 * A customer display's pairing code as typed on the tablet: six digits, spaces and dashes ignored ('482 913').
 *
 * @example checkDisplayCode('482 913') // { ok: true, value: '482913' }
 * @example checkDisplayCode('48291') // refused: DISPLAY_MESSAGES.codeFormat
 */
export function checkDisplayCode(text: string): RuleResult<string> {
  // Stryker disable next-line Regex: every space and dash goes, one at a time or in runs
  const code = text.replace(/[\s-]+/g, '');
  if (code === '') return refuse(RULE_CODES.required, DISPLAY_MESSAGES.codeRequired);
  if (!/^\d{6}$/.test(code)) return refuse(RULE_CODES.invalid_display_code, DISPLAY_MESSAGES.codeFormat);
  return ok(code);
}
