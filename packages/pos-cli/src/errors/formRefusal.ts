import { ValidationError } from 'pos-sdk';

/**
 * The error for input a form rule refused on this terminal (exit 2): one `{ path, message }` per
 * field, `path` naming the flag ('--cash'), the spec's message as the message. No HTTP status:
 * nothing was sent.
 *
 * @example throw formRefusal([{ path: '--cash', message: 'Please enter 0 if empty' }]);
 */
export function formRefusal(
  details: readonly { readonly path: string; readonly message: string }[],
): ValidationError {
  return new ValidationError(details[0]?.message ?? 'The input is not valid', { status: undefined, details });
}
