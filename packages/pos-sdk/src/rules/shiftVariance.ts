import type { ShiftReport } from '../contract/shift';
import { absSen, formatRM, fromRinggit, isNegative, type Sen, sen, ZERO } from '../money';

/** The variance beyond which a count is marked when the venue has not set one: RM 5.00. */
export const DEFAULT_VARIANCE_ALERT: Sen = sen(500);

/** The payment methods of a shift report, in the report's order, with the words staff read. */
export const SHIFT_METHODS = [
  { key: 'cash', label: 'Cash' },
  { key: 'card', label: 'Card' },
  { key: 'ewallet', label: 'E-Wallet' },
] as const;

/** One method's count against what was expected. */
export interface MethodVariance {
  readonly key: (typeof SHIFT_METHODS)[number]['key'];
  readonly label: string;
  readonly expected: Sen;
  /** What was counted (`null` on an X report: nothing counted yet). */
  readonly counted: Sen | null;
  /** counted − expected (positive is over); `null` on an X report. */
  readonly variance: Sen | null;
  /** The variance is beyond the venue's alert (strictly more than it, either way). */
  readonly beyond: boolean;
  /** The variance in words: 'Balanced', 'Over by RM 2.00', 'Short by RM 366.00: check the count'; '' on an X report. */
  readonly text: string;
}

/**
 * Each method's variance of a shift report, in words and marked when beyond the venue's alert (default RM 5.00): the
 * end-of-shift report says 'Short by RM 366.00: check the count' rather than a bare -366.00 among the other figures.
 */
export function shiftVariances(report: ShiftReport, alert: Sen = DEFAULT_VARIANCE_ALERT): MethodVariance[] {
  return SHIFT_METHODS.map(({ key, label }) => {
    const expected = fromRinggit(report.expected[key]);
    const countedRinggit = report.counted?.[key];
    const varianceRinggit = report.variance?.[key];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a Z report has both, an X report neither; the check narrows both types
    if (countedRinggit === undefined || varianceRinggit === undefined) {
      return { key, label, expected, counted: null, variance: null, beyond: false, text: '' };
    }
    const variance = fromRinggit(varianceRinggit);
    return {
      key,
      label,
      expected,
      counted: fromRinggit(countedRinggit),
      variance,
      ...varianceInWords(variance, alert),
    };
  });
}

/**
 * One count's variance in words, marked when beyond the venue's alert (strictly more than it, either way):
 * 'Balanced', 'Over by RM 2.00', 'Short by RM 366.00: check the count'.
 */
export function varianceInWords(
  variance: Sen,
  alert: Sen = DEFAULT_VARIANCE_ALERT,
): { beyond: boolean; text: string } {
  const beyond = absSen(variance) > alert;
  const size = formatRM(absSen(variance));
  const words =
    variance === ZERO ? 'Balanced' : isNegative(variance) ? `Short by ${size}` : `Over by ${size}`;
  return { beyond, text: beyond ? `${words}: check the count` : words };
}
