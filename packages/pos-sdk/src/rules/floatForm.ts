import { addSen, isNegative, type Sen, ZERO } from '../money';
import { type AmountInput, readAmountField } from './amountField';
import { MESSAGES } from './messages';
import type { FormResult } from './result';

/** Options of {@link validateFloat}. */
export interface FloatFormOptions {
  /** The float already in the drawer this shift; omit for the first float of a new shift (0). */
  readonly currentFloatTotal?: Sen;
}

/**
 * Validates a float entry (spec section 5, start-shift float): required ('Please enter 0 if
 * empty'), a number with up to 2 decimals ('Value can be 0 or positive number up to 2 decimals').
 *
 * The spec's pattern permits a negative sign. Decision: a negative entry is accepted as cash taken
 * out of the drawer, but never one that brings the float total below zero ('Float cannot bring the
 * drawer below RM 0.00'); so the first float of a new shift must be 0 or more.
 */
export function validateFloat(
  input: AmountInput,
  options: FloatFormOptions = {},
): FormResult<{ float: Sen }, { float: AmountInput }> {
  const read = readAmountField(input, true);
  if (!read.ok) return { ok: false, errors: { float: read.error } };
  if (isNegative(addSen(options.currentFloatTotal ?? ZERO, read.value))) {
    return { ok: false, errors: { float: MESSAGES.floatBelowZero } };
  }
  return { ok: true, value: { float: read.value } };
}
