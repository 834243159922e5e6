import type { Sen } from '../money';
import { type AmountInput, readAmountField } from './amountField';
import type { FormResult } from './result';

/** The End Shift form: takings counted in cash, card and e-wallet (spec section 5). */
export interface EndShiftInput {
  readonly cash: AmountInput;
  readonly card: AmountInput;
  readonly ewallet: AmountInput;
}

/** The end_shift body, in sen. */
export interface EndShiftValues {
  readonly cash: Sen;
  readonly card: Sen;
  readonly ewallet: Sen;
}

const FIELDS = ['cash', 'card', 'ewallet'] as const;

/**
 * Validates the End Shift form: each of cash, card and ewallet is required ('Please enter 0 if
 * empty') and a non-negative number with up to 2 decimals ('Value can be 0 or positive number up
 * to 2 decimals').
 */
export function validateEndShift(input: EndShiftInput): FormResult<EndShiftValues, EndShiftInput> {
  const errors: Partial<Record<keyof EndShiftInput, string>> = {};
  const values: Partial<Record<keyof EndShiftInput, Sen>> = {};
  for (const field of FIELDS) {
    const read = readAmountField(input[field]);
    if (read.ok) values[field] = read.value;
    else errors[field] = read.error;
  }
  const { cash, card, ewallet } = values;
  if (cash === undefined || card === undefined || ewallet === undefined) return { ok: false, errors };
  return { ok: true, value: { cash, card, ewallet } };
}
