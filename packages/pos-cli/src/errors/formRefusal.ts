import { FormError } from 'pos-sdk';

/**
 * The error for input a form rule refused on this terminal (exit 2): one `{ path, message }` per
 * field, `path` naming the flag ('--cash'), the first message as the message.
 *
 * @example throw formRefusal([{ path: '--cash', message: 'Please enter 0 if empty' }]);
 */
export function formRefusal(
  details: readonly { readonly path: string; readonly message: string }[],
): FormError {
  return new FormError(details);
}
