import type { Instant } from './instant';
import { REPORT_MESSAGES } from './serverMessages';
import { DEFAULT_TIMEZONE, venueDate } from './venueDay';

/** The periods the back office's dashboard offers besides a custom one, each of whole venue days. */
export const SALES_PERIODS = ['today', 'yesterday', 'this-week', 'this-month', 'last-month'] as const;
/** One of {@link SALES_PERIODS}. */
export type SalesPeriodName = (typeof SALES_PERIODS)[number];

/** A period of venue days, both included: `YYYY-MM-DD`. */
export interface SalesPeriod {
  readonly from: string;
  readonly to: string;
}

/** `YYYY-MM-DD` as its parts, through a noon UTC instant (no time zone can move it off the date). */
function parts(date: string): { year: number; month: number; day: number } {
  const noon = new Date(`${date}T12:00:00Z`);
  return { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate() };
}

function isoOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day, 12)).toISOString().slice(0, 10);
}

/**
 * The calendar date `days` after `date` (before it when negative).
 *
 * @example addCalendarDays('2026-03-01', -1) // '2026-02-28'
 */
export function addCalendarDays(date: string, days: number): string {
  const { year, month, day } = parts(date);
  return isoOf(year, month, day + days);
}

/** How many days a period spans, both ends included (`2026-11-01` to `2026-11-30`: 30). */
export function periodDays(period: SalesPeriod): number {
  const from = parts(period.from);
  const to = parts(period.to);
  return (
    Math.round(
      (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
    ) + 1
  );
}

/**
 * The venue days of a named period at `now`, in the venue's time zone: today; yesterday; this week (Monday to
 * today); this month (the 1st to today); last month (the whole month before this one).
 *
 * @example salesPeriod('this-week', new Date('2026-11-26T03:00:00Z'), 'Asia/Kuala_Lumpur') // { from: '2026-11-23', to: '2026-11-26' }
 */
export function salesPeriod(
  name: SalesPeriodName,
  now: Instant,
  timeZone: string = DEFAULT_TIMEZONE,
): SalesPeriod {
  const today = venueDate(now, timeZone);
  const { year, month, day } = parts(today);
  switch (name) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addCalendarDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'this-week': {
      // getUTCDay: 0 is Sunday; the week starts on Monday.
      const weekday = (new Date(Date.UTC(year, month - 1, day, 12)).getUTCDay() + 6) % 7;
      return { from: addCalendarDays(today, -weekday), to: today };
    }
    case 'this-month':
      return { from: isoOf(year, month, 1), to: today };
    case 'last-month':
      return { from: isoOf(year, month - 1, 1), to: isoOf(year, month, 0) };
  }
}

/**
 * The change of a figure against the period before, in whole percent (rounded half away from zero), for the
 * dashboard's '+12 % vs previous'; null when the period before had none (no percentage of nothing).
 *
 * @example salesChange(11_200, 10_000) // 12
 */
export function salesChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  const percent = ((current - previous) * 100) / Math.abs(previous);
  return Math.sign(percent) * Math.round(Math.abs(percent));
}

/**
 * Why a period of venue days cannot be asked for, in the words the server answers: it ends before it starts, or it
 * is longer than `maxDays` (the sales summary's `SALES_SUMMARY_MAX_DAYS`); null when it can. The back office checks a
 * period with it before it asks, and the server with it when asked.
 *
 * @example periodProblem({ from: '2026-11-20', to: '2026-11-10' }) // 'The period must not end before it starts: …'
 */
export function periodProblem(
  period: SalesPeriod,
  maxDays: number = Number.POSITIVE_INFINITY,
): string | null {
  const days = periodDays(period);
  if (days < 1) return REPORT_MESSAGES.periodEndsBeforeStart;
  if (days > maxDays) return REPORT_MESSAGES.periodTooLong(days, maxDays);
  return null;
}
