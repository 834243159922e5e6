import { isPosError, POS_ERROR_CODES, RuleError } from 'pos-sdk';
import { RULE_CODES } from 'pos-sdk/rules';
import { EXIT_CODES, type ExitCode } from './exitCodes';
import { UsageError } from './UsageError';

/**
 * Rule refusals that are about what was typed, not about the operation: they are usage errors (2).
 * Every other refusal (a short payment, a refund of another day's order, a ticket that is not
 * Active, a wrong PIN) is a failed operation (1).
 */
const INPUT_RULES: ReadonlySet<string> = new Set([
  RULE_CODES.email_invalid,
  RULE_CODES.email_required,
  RULE_CODES.invalid_quantity,
  RULE_CODES.quantity_too_large,
  RULE_CODES.required,
  RULE_CODES.payment_type_disabled,
]);

/** Was the error thrown by a prompt that the user interrupted (Ctrl+C)? */
export function isPromptInterrupted(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}

/**
 * The exit code for anything a command threw: {@link UsageError} and invalid forms 2, no session
 * or a rejected token 3, no answer from the server 4, every other failure 1.
 */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError) return EXIT_CODES.usage;
  if (isPromptInterrupted(error)) return EXIT_CODES.interrupted;
  if (!isPosError(error)) return EXIT_CODES.failed;
  switch (error.code) {
    case POS_ERROR_CODES.forbidden:
      return EXIT_CODES.auth;
    case POS_ERROR_CODES.network:
    case POS_ERROR_CODES.timeout:
      return EXIT_CODES.unreachable;
    case POS_ERROR_CODES.invalid_request:
    case POS_ERROR_CODES.payload_too_large:
      return EXIT_CODES.usage;
    case POS_ERROR_CODES.rule:
      return error instanceof RuleError && error.rule !== undefined && INPUT_RULES.has(error.rule)
        ? EXIT_CODES.usage
        : EXIT_CODES.failed;
    default:
      return EXIT_CODES.failed;
  }
}
