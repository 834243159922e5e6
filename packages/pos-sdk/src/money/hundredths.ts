/**
 * Decimal-string handling shared by the ringgit and percentage conversions.
 *
 * Numbers are read through their shortest decimal representation (`String(x)`), which is
 * exactly what a person typed or what JSON carried, so 0.1 + 0.2 is seen as
 * "0.30000000000000004" and never silently becomes 0.3.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Splits a finite number into sign, integer digits and fraction digits; undefined for exponent notation. */
function splitDecimal(value: number): { negative: boolean; whole: string; fraction: string } | undefined {
  const match = DECIMAL.exec(String(value));
  if (!match) return undefined;
  // Stryker disable next-line StringLiteral: the whole-number group is not optional; `?? '0'` is for the type checker
  const whole = match[2] ?? '0';
  return { negative: match[1] === '-', whole, fraction: match[3] ?? '' };
}

/** Turns sign + digits into a safe integer (never -0: a BigInt has none), or throws a RangeError. */
function toSafeInteger(negative: boolean, digits: bigint, original: number): number {
  const n = Number(negative ? -digits : digits);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${original} is too large for an amount`);
  return n;
}

/**
 * A decimal number with at most 2 decimals as an integer number of hundredths (49.5 -> 4950).
 *
 * @throws RangeError for non-finite values, more than 2 decimals or values too large.
 */
export function exactHundredths(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`${value} is not a finite number`);
  const parts = splitDecimal(value);
  // Exponent notation only appears below 1e-6 (more than 2 decimals) or at 1e21 and above.
  if (!parts || parts.fraction.length > 2) {
    throw new RangeError(`${value} is not an amount with at most 2 decimals`);
  }
  const digits = BigInt(parts.whole + parts.fraction.padEnd(2, '0'));
  return toSafeInteger(parts.negative, digits, value);
}

/**
 * A decimal number rounded half-up (away from zero) to an integer number of hundredths
 * (1.005 -> 101, -1.005 -> -101), judged on its decimal representation.
 *
 * @throws RangeError for non-finite values or values too large.
 */
export function roundedHundredths(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`${value} is not a finite number`);
  const parts = splitDecimal(value);
  if (!parts) {
    // Exponent notation: below 0.000001 in size (rounds to zero), or 1e21 and above (out of range).
    if (Math.abs(value) < 1e21) return 0;
    throw new RangeError(`${value} is too large for an amount`);
  }
  const kept = BigInt(parts.whole + parts.fraction.slice(0, 2).padEnd(2, '0'));
  const roundsUp = parts.fraction.charAt(2) >= '5'; // '' (no third decimal) is below '5'
  return toSafeInteger(parts.negative, roundsUp ? kept + 1n : kept, value);
}

/**
 * Rounds a decimal number half-up to 2 decimals, as the spec's "rounded to 2 decimals".
 *
 * @example roundTo2Decimals(12.345) // 12.35
 * @example roundTo2Decimals(1.005)  // 1.01 (judged on the decimal digits, not the binary value)
 */
export function roundTo2Decimals(value: number): number {
  // n / 100 of an integer n is the double nearest to the 2-decimal number, so String() prints it exactly.
  return roundedHundredths(value) / 100;
}
