import { exactHundredths } from './hundredths';
import { type Sen, sen } from './Sen';

/**
 * Converts a ringgit number from the wire (at most 2 decimals: `49`, `12.5`) to {@link Sen}.
 *
 * The conversion goes through the number's decimal string, never `Math.round(x * 100)`,
 * so float residue such as `0.1 + 0.2` is rejected instead of hidden.
 *
 * @throws RangeError for NaN, Infinity, more than 2 decimals or amounts beyond the safe range.
 * @example fromRinggit(12.5) // 1250 sen
 */
export function fromRinggit(ringgit: number): Sen {
  return sen(exactHundredths(ringgit));
}
