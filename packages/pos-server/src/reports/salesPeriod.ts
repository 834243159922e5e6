import { SALES_SUMMARY_MAX_DAYS } from 'pos-sdk/contract';
import { REPORT_MESSAGES } from 'pos-sdk/messages';
import { addCalendarDays, periodDays, periodProblem, venueDateStart, venueDayRange } from 'pos-sdk/rules';
import { HttpProblem } from '../http/HttpProblem';

/** A period of whole venue days as instants: from local midnight of `from` to local midnight after `to`. */
export interface VenueDays {
  /** The first venue day, `YYYY-MM-DD`. */
  from: string;
  /** The last venue day (included). */
  to: string;
  /** Every venue day from `from` to `to`, in order. */
  days: string[];
  /** When the first day starts (inclusive). */
  start: Date;
  /** When the day after the last starts (exclusive). */
  end: Date;
}

/** A sales summary's period and the period of the same length just before it. */
export interface SalesPeriod extends VenueDays {
  previous: VenueDays;
}

/**
 * The instant a venue day starts, by the venue-day rules the orders list and the export use (`venueDateStart`).
 *
 * @throws {HttpProblem} 400 on `field` for a date the time zone skipped.
 */
function dayStart(date: string, timeZone: string, field: 'from' | 'to'): Date {
  const start = venueDateStart(date, timeZone);
  if (start === undefined) {
    const message = REPORT_MESSAGES.notAVenueDay(date, timeZone);
    throw HttpProblem.invalidRequest(message, [{ path: field, message }]);
  }
  return start;
}

/** The venue days `from` to `to` as instants (`to` known to be a day of the zone when `end` is asked for). */
function venueDays(from: string, to: string, timeZone: string): VenueDays {
  const count = periodDays({ from, to });
  const start = dayStart(from, timeZone, 'from');
  // The end is the start of the day after `to` (venueDayRange of a skipped date's neighbour still ends right).
  const end = venueDayRange(dayStart(to, timeZone, 'to'), timeZone).end;
  return { from, to, days: Array.from({ length: count }, (_, i) => addCalendarDays(from, i)), start, end };
}

/**
 * The period of a sales summary: the venue days `from` to `to` (both included) in `timeZone`, as the orders list and
 * the export turn days into instants, and the period of as many days just before `from` (`previous`).
 *
 * @throws {HttpProblem} 400 with the field: `to` before `from`, more than `SALES_SUMMARY_MAX_DAYS` days, a date the
 *   time zone skipped.
 */
export function salesPeriod(from: string, to: string, timeZone: string): SalesPeriod {
  const problem = periodProblem({ from, to }, SALES_SUMMARY_MAX_DAYS);
  if (problem !== null) throw HttpProblem.invalidRequest(problem, [{ path: 'to', message: problem }]);
  const count = periodDays({ from, to });
  const period = venueDays(from, to, timeZone);
  const before = venueDays(addCalendarDays(from, -count), addCalendarDays(from, -1), timeZone);
  // The previous period ends where this one starts, whatever a skipped day did to either.
  return { ...period, previous: { ...before, end: period.start } };
}
