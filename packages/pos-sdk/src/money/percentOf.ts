import { exactHundredths } from './hundredths';
import { type Sen, sen } from './Sen';

/**
 * `percent` % of `amount`, rounded half-up (away from zero) to the sen (spec section 5).
 *
 * Integer arithmetic only: the percentage is read as hundredths (33.33 -> 3333), so the result
 * is `amount × 3333 / 10000` computed exactly with BigInt and then rounded once.
 *
 * @throws RangeError when `percent` is not finite or has more than 2 decimals
 *   (round it first with `roundTo2Decimals`, as the spec stores discount values).
 * @example percentOf(sen(4900), 33.33) // 1633 sen (16.3317 rounded)
 */
export function percentOf(amount: Sen, percent: number): Sen {
  const numerator = BigInt(amount) * BigInt(exactHundredths(percent));
  const divisor = 10_000n;
  // Stryker disable next-line EqualityOperator: a zero numerator rounds to 0 either way (-0n is 0n)
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  // Half-up: add half the divisor before the truncating division.
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return sen(Number(negative ? -rounded : rounded));
}
