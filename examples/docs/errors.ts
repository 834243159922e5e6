import { isPosError, type Pos, ValidationError } from 'pos-sdk';

/** Field errors of a form, by field name, from a `ValidationError` (a `FormError` is one too). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ValidationError)) return {};
  return Object.fromEntries(error.details.map((issue) => [issue.path, issue.message]));
}

/** Closes the shift, showing field errors inline and everything else as a message. */
export async function closeShift(pos: Pos, cash: string, card: string, ewallet: string): Promise<string> {
  try {
    const report = await pos.shift.end({ cash, card, ewallet });
    return `Shift closed, cash variance ${report.variance?.cash ?? 0}`;
  } catch (error) {
    const fields = fieldErrors(error);
    if (Object.keys(fields).length > 0) return Object.values(fields).join('; '); // 'Please enter 0 if empty'
    if (!isPosError(error)) throw error;
    // `code` narrows the error: one vocabulary, the wire's codes plus the client-only ones.
    switch (error.code) {
      case 'forbidden':
        return 'Signed out: please sign in again'; // the session is over; createPos has signed out
      case 'not_permitted':
        return error.message; // 'Only a manager can do this...': still signed in
      case 'network':
      case 'timeout':
        return 'Server not responding: the shift is still open, try again';
      case 'rule':
        return `${error.details?.title ?? 'Refused'}: ${error.message}`; // details: { rule?, title? }
      default:
        throw error;
    }
  }
}
