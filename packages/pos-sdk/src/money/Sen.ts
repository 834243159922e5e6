/**
 * An amount of money in integer sen (1 ringgit = 100 sen).
 *
 * A branded number: a plain `number` is not a `Sen`, so ringgit and sen cannot be mixed up
 * by accident. Create one with {@link sen}, {@link fromRinggit} or {@link parseRinggit}, and
 * calculate only with the functions of `money/`.
 */
export type Sen = number & { readonly __unit: 'sen' };

/**
 * Brands an integer number of sen as {@link Sen}.
 *
 * @throws RangeError when `n` is not a safe integer (a fraction of a sen, NaN, Infinity, too large).
 * @example sen(4900) // RM 49.00
 */
export function sen(n: number): Sen {
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`An amount in sen must be a safe integer, got ${n}`);
  }
  // Normalise -0 so that formatting never shows "-RM 0.00".
  return (n === 0 ? 0 : n) as Sen;
}

/** Zero sen. */
export const ZERO: Sen = sen(0);
