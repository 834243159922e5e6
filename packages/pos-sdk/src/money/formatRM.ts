import type { Sen } from './Sen';

/**
 * Formats {@link Sen} as a plain 2-decimal amount without currency: `"49.00"`, `"-9.80"`.
 * No thousands separators, so the text is also valid input for {@link parseRinggit}.
 *
 * @example formatAmount(sen(1250)) // "12.50"
 */
export function formatAmount(amount: Sen): string {
  const magnitude = Math.abs(amount);
  const cents = magnitude % 100;
  // (magnitude - cents) is a multiple of 100, so this division is exact.
  const ringgit = (magnitude - cents) / 100;
  return `${amount < 0 ? '-' : ''}${ringgit}.${String(cents).padStart(2, '0')}`;
}

/**
 * Formats {@link Sen} for people: `"RM 49.00"`; negative amounts as `"-RM 9.80"`.
 *
 * @example formatRM(sen(4900)) // "RM 49.00"
 */
export function formatRM(amount: Sen): string {
  return formatCurrency(amount, 'RM');
}

/**
 * Formats {@link Sen} with a currency symbol (the venue's `currency_display`): `"RM 49.00"`, `"-S$ 9.80"`.
 *
 * @example formatCurrency(sen(4900), 'MYR') // "MYR 49.00"
 */
export function formatCurrency(amount: Sen, symbol: string): string {
  const text = `${symbol} ${formatAmount(Math.abs(amount) as Sen)}`;
  return amount < 0 ? `-${text}` : text;
}
