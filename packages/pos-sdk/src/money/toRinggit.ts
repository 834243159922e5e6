import type { Sen } from './Sen';

/**
 * Converts {@link Sen} to a ringgit number for the wire (`4950` -> `49.5`).
 *
 * IEEE division is correctly rounded, so `amount / 100` is the double nearest to the 2-decimal
 * value: it prints as exactly that decimal and `fromRinggit(toRinggit(x)) === x`.
 *
 * @example toRinggit(sen(4950)) // 49.5
 */
export function toRinggit(amount: Sen): number {
  const ringgit = amount / 100;
  return ringgit === 0 ? 0 : ringgit;
}
