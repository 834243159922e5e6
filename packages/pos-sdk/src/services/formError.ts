import { ValidationError } from '../errors/ValidationError';

/**
 * The `ValidationError` for a form a rule refused: one `{ path, message }` per invalid field
 * (`path` is the form's field name), the first message as the error's message. No HTTP status:
 * the form never left the terminal.
 */
export function formError(errors: Readonly<Partial<Record<string, string>>>): ValidationError {
  const details = Object.entries(errors).flatMap(([path, message]) =>
    message === undefined ? [] : [{ path, message }],
  );
  return new ValidationError(details[0]?.message ?? 'The form is not valid', { status: undefined, details });
}
