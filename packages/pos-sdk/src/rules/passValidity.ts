import { venueDateStart } from './venueDay';

/** A length of time as the catalogue states it: `{value: 1, unit: 'Day'}`, `{value: 6, unit: 'Month'}`. */
export interface Period {
  readonly value: number;
  readonly unit: string;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function formatDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Year, month (1–12) and day of a `YYYY-MM-DD` calendar date. */
function partsOf(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (match === null) throw new RangeError(`Not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * A calendar date plus a period, on the calendar (no time zone involved): days and weeks add days; months and
 * years add calendar months, a day past the end of the target month falling back to its last day
 * (31 January + 1 Month = 28 or 29 February). Units are read case-insensitively, singular or plural; an unknown
 * unit counts as days.
 *
 * @example addToDate('2026-01-31', { value: 1, unit: 'Month' }) // '2026-02-28'
 */
export function addToDate(date: string, period: Period): string {
  const [year, month, day] = partsOf(date);
  const unit = period.unit.trim().toLowerCase().replace(/s$/, '');
  if (unit === 'month' || unit === 'year') {
    const months = unit === 'year' ? period.value * 12 : period.value;
    const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
    return formatDate(new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))));
  }
  const days = unit === 'week' ? period.value * 7 : period.value;
  return formatDate(new Date(Date.UTC(year, month - 1, day + days)));
}

/**
 * The instant a venue calendar date begins: local midnight of `YYYY-MM-DD` in the venue's time zone.
 *
 * @example startOfVenueDate('2026-11-22', 'Asia/Kuala_Lumpur') // 2026-11-21T16:00:00.000Z
 * @throws RangeError for a malformed date, or one that does not exist in the time zone.
 */
export function startOfVenueDate(date: string, timeZone: string): Date {
  const start = venueDateStart(date, timeZone);
  if (start === undefined) throw new RangeError(`${date} is not a calendar date in ${timeZone}`);
  return start;
}

/** When a pass starts and stops being valid. */
export interface PassValidity {
  /** Start of the visit's venue day (the ticket's wire `date`). */
  readonly validFrom: Date;
  /** The visit day plus the pass's duration, at the venue's midnight (the wire `expiry`). */
  readonly expiresAt: Date;
}

/**
 * A pass's validity from its visit date (`YYYY-MM-DD`, venue day) and duration: from the start of that venue day
 * to the start of the day `duration` later, so a 1 Day pass expires at the end of its visit day and a 1 Month
 * pass bought on 15 March is valid through 14 April. The server issues tickets with it, and a terminal selling
 * offline prints the same dates.
 *
 * @example passValidity('2026-11-22', { value: 1, unit: 'Day' }, 'Asia/Kuala_Lumpur')
 *   // { validFrom: 2026-11-21T16:00:00Z, expiresAt: 2026-11-22T16:00:00Z }
 */
export function passValidity(visitDate: string, duration: Period, timeZone: string): PassValidity {
  return {
    validFrom: startOfVenueDate(visitDate, timeZone),
    expiresAt: startOfVenueDate(addToDate(visitDate, duration), timeZone),
  };
}
