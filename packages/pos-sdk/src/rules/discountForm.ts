import { roundTo2Decimals } from '../money';
import type { DiscountType } from './cartItem';
import { MAX_DISCOUNT_PERCENT } from './discount';
import { MESSAGES } from './messages';
import type { FormResult } from './result';

/** The discount type choices as the dialog labels them, by type (spec section 5). */
export const DISCOUNT_TYPE_LABELS = { amount: 'Amount (RM)', percentage: 'Percentage (%)' } as const;

/** The item discount dialog. `type` is a label ('Amount (RM)') or the type itself ('amount'). */
export interface DiscountFormInput {
  readonly value: string | number | null | undefined;
  readonly type: string | null | undefined;
  readonly approver: string | null | undefined;
  readonly pin: string | null | undefined;
}

/** Validated discount dialog values; `value` rounded to 2 decimals. */
export interface DiscountFormValues {
  readonly value: number;
  readonly type: DiscountType;
  readonly approver: string;
  readonly pin: string;
}

/** Maps a label or a type to the discount type. */
function discountTypeOf(input: string | null | undefined): DiscountType | undefined {
  if (input === 'amount' || input === DISCOUNT_TYPE_LABELS.amount) return 'amount';
  if (input === 'percentage' || input === DISCOUNT_TYPE_LABELS.percentage) return 'percentage';
  return undefined;
}

/** Reads the value: undefined when empty, NaN when not a number, else rounded to 2 decimals. */
function readValue(input: DiscountFormInput['value']): number | undefined {
  if (input === null || input === undefined) return undefined;
  const text = String(input).trim();
  if (text === '') return undefined;
  return /^\d+(\.\d+)?$/.test(text) ? roundTo2Decimals(Number(text)) : Number.NaN;
}

/**
 * Validates the item discount dialog (spec section 5, discount form): value, type, approver
 * (one of `approverIds` when given) and PIN are all required; the PIN is digits only
 * ('Only numbers allowed'). The value must be above 0 and a percentage at most 100.
 */
export function validateDiscountForm(
  input: DiscountFormInput,
  approverIds?: readonly string[],
): FormResult<DiscountFormValues, DiscountFormInput> {
  const errors: Partial<Record<keyof DiscountFormInput, string>> = {};
  const value = readValue(input.value);
  const type = discountTypeOf(input.type);
  const approver = (input.approver ?? '').trim();
  const pin = (input.pin ?? '').trim();
  if (value === undefined) errors.value = MESSAGES.discountValueRequired;
  else if (!(value > 0)) errors.value = MESSAGES.discountNotPositive;
  else if (type === 'percentage' && value > MAX_DISCOUNT_PERCENT) errors.value = MESSAGES.discountOver100;
  if (!type) errors.type = MESSAGES.discountTypeRequired;
  if (approver === '' || (approverIds && !approverIds.includes(approver))) {
    errors.approver = MESSAGES.approverRequired;
  }
  if (pin === '') errors.pin = MESSAGES.pinRequired;
  else if (!/^\d+$/.test(pin)) errors.pin = MESSAGES.onlyNumbers;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // Stryker disable next-line ConditionalExpression,LogicalOperator,ObjectLiteral,BooleanLiteral: never true (each set an error above); it narrows the types
  if (value === undefined || !type) return { ok: false, errors };
  return { ok: true, value: { value, type, approver, pin } };
}
