import { FormError, isPosError, RuleError } from 'pos-sdk';
import { isPromptInterrupted } from './exitCodeOf';

/**
 * The one line `pos` prints on stderr for a failure: the spec's or the server's message, with a
 * warning's title in front ('Insufficient Amount: Payment is short by RM 10.00') and, for a form
 * the terminal refused, every invalid field ('cash: Please enter 0 if empty; card: ...').
 */
export function describeFailure(error: unknown): string {
  if (isPromptInterrupted(error)) return 'Canceled';
  if (error instanceof RuleError && error.title !== undefined) return `${error.title}: ${error.message}`;
  // A form refused on the terminal: its details name the fields.
  if (error instanceof FormError && error.details.length > 0) {
    return error.details
      .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
      .join('; ');
  }
  if (isPosError(error) || error instanceof Error) return oneLine(error.message);
  return oneLine(String(error));
}

/** Collapses a message to one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim() || 'Something went wrong';
}
