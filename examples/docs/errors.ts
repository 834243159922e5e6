import { isPosError, POS_ERROR_CODES, type Pos, ValidationError } from 'pos-sdk';

/** Field errors of a form, by field name, from a `ValidationError`. */
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
    if (isPosError(error) && error.code === POS_ERROR_CODES.auth) return 'Signed out: please sign in again';
    throw error;
  }
}
