import { parseRinggit, type Sen } from '../money';
import { MESSAGES } from './messages';

/** A cash amount as typed into a form (ringgit text) or given by a script (a number). */
export type AmountInput = string | number | null | undefined;

/**
 * Reads a required ringgit field of the end-shift and float forms (spec section 5):
 * empty -> 'Please enter 0 if empty'; not a number with up to 2 decimals (non-negative unless
 * `allowNegative`) -> 'Value can be 0 or positive number up to 2 decimals'.
 */
export function readAmountField(
  input: AmountInput,
  allowNegative = false,
): { readonly ok: true; readonly value: Sen } | { readonly ok: false; readonly error: string } {
  const text = input === null || input === undefined ? '' : String(input).trim();
  if (text === '') return { ok: false, error: MESSAGES.enterZeroIfEmpty };
  // parseRinggit reads `-?digits(.dd)?` and nothing else; a field that must not be negative refuses the minus first
  // ('-0' too).
  const value = allowNegative || !text.startsWith('-') ? parseRinggit(text) : undefined;
  return value === undefined ? { ok: false, error: MESSAGES.amountPattern } : { ok: true, value };
}
