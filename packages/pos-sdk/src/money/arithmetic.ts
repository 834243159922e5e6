import { type Sen, sen, ZERO } from './Sen';

/** a + b. @throws RangeError beyond the safe integer range. */
export function addSen(a: Sen, b: Sen): Sen {
  return sen(a + b);
}

/** a − b. @throws RangeError beyond the safe integer range. */
export function subtractSen(a: Sen, b: Sen): Sen {
  return sen(a - b);
}

/** The sum of a list of amounts (ZERO for an empty list). */
export function sumSen(amounts: Iterable<Sen>): Sen {
  let total = ZERO;
  for (const amount of amounts) total = addSen(total, amount);
  return total;
}

/**
 * amount × quantity.
 *
 * @throws RangeError when `quantity` is not an integer, or the result leaves the safe range.
 * @example multiplySen(sen(5), 999) // 4995 sen, RM 49.95
 */
export function multiplySen(amount: Sen, quantity: number): Sen {
  if (!Number.isInteger(quantity)) {
    throw new RangeError(`A quantity must be an integer, got ${quantity}`);
  }
  return sen(amount * quantity);
}

/** −amount. */
export function negateSen(amount: Sen): Sen {
  return sen(-amount);
}

/** |amount|. */
export function absSen(amount: Sen): Sen {
  return sen(Math.abs(amount));
}

/** The smaller of two amounts. */
export function minSen(a: Sen, b: Sen): Sen {
  return sen(Math.min(a, b));
}

/** The larger of two amounts. */
export function maxSen(a: Sen, b: Sen): Sen {
  return sen(Math.max(a, b));
}

/** Negative when a < b, 0 when equal, positive when a > b (usable with `Array.prototype.sort`). */
export function compareSen(a: Sen, b: Sen): number {
  return Math.sign(a - b);
}

/** Is the amount below zero? */
export function isNegative(amount: Sen): boolean {
  return amount < 0;
}

/** Is the amount above zero? */
export function isPositive(amount: Sen): boolean {
  return amount > 0;
}

/** Is the amount exactly zero? */
export function isZero(amount: Sen): boolean {
  return amount === 0;
}
