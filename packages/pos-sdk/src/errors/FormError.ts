import type { FieldIssue } from '../contract/errors';
import { ValidationError } from './ValidationError';

/**
 * A form the terminal refused before anything was sent: `details` holds one `{ path, message }`
 * per invalid field (`path` is the form's field name, or a CLI flag such as `--cash`), `message`
 * is the first of them. It has no HTTP status and is never notified: a UI shows each message
 * beside its field, a CLI names every field.
 *
 * @example
 * const form = validateFloatForm({ float: text });
 * if (!form.ok) throw FormError.fromFields(form.errors); // details: [{ path: 'float', message: '...' }]
 */
export class FormError extends ValidationError {
  override readonly name: string = 'FormError';

  /** @param details one issue per invalid field, in the form's order. */
  constructor(details: readonly FieldIssue[]) {
    // Nothing left the terminal, so there is no status (a ValidationError's default is the server's 400).
    super(details[0]?.message ?? 'The form is not valid', { status: undefined, details });
  }

  /**
   * The error for the `errors` of a refused form rule (`{ float: 'Please enter 0 if empty' }`):
   * one issue per field that has a message.
   */
  static fromFields(errors: Readonly<Partial<Record<string, string>>>): FormError {
    return new FormError(
      Object.entries(errors).flatMap(([path, message]) => (message === undefined ? [] : [{ path, message }])),
    );
  }
}
