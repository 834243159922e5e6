import { type Instant, timeOf } from './instant';

/** The venue's time zone unless configured (architecture: "today" is the venue's local day). */
export const DEFAULT_TIMEZONE = 'Asia/Kuala_Lumpur';

/** Local calendar date and wall-clock time in a time zone. */
interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per time zone (building one is slow). */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  // Stryker disable next-line ConditionalExpression: a new formatter each time is slower, not different
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `time` (ms), as Intl reads it (slow enough to cache). */
function intlWallClock(time: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(time)) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: literal parts would go under a key nobody reads
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, hour, minute, second };
}

/** The hour a cached offset stands for. */
const HOUR = 3_600_000;
/** Cached hours per time zone; the map is emptied when full. */
const OFFSETS_PER_ZONE = 1024;

/** Per time zone: the UTC offset (ms) of an hour (`time / HOUR`), or null where it changes within that hour. */
const offsets = new Map<string, Map<number, number | null>>();

/** The offset of `timeZone` at the whole second `time`, read through Intl. */
function intlOffsetAt(time: number, timeZone: string): number {
  const wall = intlWallClock(time, timeZone);
  const asUtc = new Date(Date.UTC(2000, 0, 1, wall.hour, wall.minute, wall.second));
  asUtc.setUTCFullYear(wall.year, wall.month - 1, wall.day); // Date.UTC would read years 0-99 as 1900-1999
  return asUtc.getTime() - time;
}

/**
 * The offset of `timeZone` in the hour holding `time`, or null if it changes within that hour. An hour whose first and
 * last second have the same offset has it throughout: no zone changes its clocks twice within an hour.
 */
function hourOffset(time: number, timeZone: string): number | null {
  const hour = Math.floor(time / HOUR);
  const zone = offsets.get(timeZone);
  let offset = zone?.get(hour);
  if (offset === undefined) {
    const first = intlOffsetAt(hour * HOUR, timeZone); // throws for an unknown zone, which is then never kept
    offset = first === intlOffsetAt(hour * HOUR + HOUR - 1000, timeZone) ? first : null;
    // Stryker disable next-line all: when the cache is emptied or made changes speed, not answers
    if (zone === undefined) offsets.set(timeZone, new Map([[hour, offset]]));
    else {
      // Stryker disable next-line all: as above
      if (zone.size >= OFFSETS_PER_ZONE) zone.clear();
      zone.set(hour, offset);
    }
  }
  return offset;
}

/**
 * The wall clock in `timeZone` at `instant`. Hot (a checkout asks it about ten times): the zone's offset is read
 * through Intl once per hour of time and cached, and the wall clock is `Date` arithmetic; an hour in which the offset
 * changes is read through Intl each time.
 * @throws RangeError for an invalid date or zone.
 */
function wallClockAt(instant: Instant, timeZone: string): WallClock {
  const time = timeOf(instant);
  if (Number.isNaN(time)) throw new RangeError(`Invalid date: ${String(instant)}`);
  const second = Math.floor(time / 1000) * 1000;
  // Before year 1 the offset read through Intl (which counts 1 BC, 2 BC... as years 1, 2...) carries that count, so
  // the wall clock shows the years as Intl does.
  const offset = hourOffset(second, timeZone);
  if (offset === null) return intlWallClock(second, timeZone);
  const wall = new Date(second + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** How far `timeZone` is ahead of UTC at `time` (ms). */
function offsetAt(time: number, timeZone: string): number {
  const wall = wallClockAt(new Date(time), timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(time / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The first instant of the given calendar date in `timeZone`: local midnight or, where a daylight-saving change
 * skips midnight (Santiago, Asunción, Havana, Beirut...), the change itself.
 */
function localMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // The offsets in force a day before and a day after: the same on all but the days of a change.
  const before = offsetAt(midnightAsUtc - DAY_MS, timeZone);
  const after = offsetAt(midnightAsUtc + DAY_MS, timeZone);
  // Stryker disable next-line ConditionalExpression: a shortcut; the general path below gives the same start when the offsets agree
  if (before === after) return new Date(midnightAsUtc - after);
  // Midnight in each of the two offsets; the day starts at the earlier one that is already on that date. (When the
  // change skips midnight, midnight in the offset before it is the change, and the offset after it shows 01:00.)
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  const starts = [midnightAsUtc - before, midnightAsUtc - after].filter(
    (start) => venueDate(new Date(start), timeZone) >= date,
  );
  return new Date(Math.min(...starts));
}

/** Two digits. */
function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * The start of the venue day containing `now`: local midnight in `timeZone`.
 *
 * @example venueDayStart(new Date('2025-03-09T16:30:00Z')) // 2025-03-09T16:00:00Z (00:00 on 10 March in KL)
 */
export function venueDayStart(now: Instant, timeZone: string = DEFAULT_TIMEZONE): Date {
  const wall = wallClockAt(now, timeZone);
  return localMidnight(wall.year, wall.month, wall.day, timeZone);
}

/** The venue day containing `now`: `start` (inclusive, local midnight) to `end` (exclusive, next midnight). */
export function venueDayRange(now: Instant, timeZone: string = DEFAULT_TIMEZONE): { start: Date; end: Date } {
  const wall = wallClockAt(now, timeZone);
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return {
    start: localMidnight(wall.year, wall.month, wall.day, timeZone),
    end: localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
  };
}

const HOUR_MS = 3_600_000;

/**
 * The instant a venue calendar date begins: local midnight of `YYYY-MM-DD` in `timeZone`.
 * Undefined for text that is not a real `YYYY-MM-DD` date, or a date the time zone skipped.
 *
 * @example venueDateStart('2026-11-22') // 2026-11-21T16:00:00.000Z
 */
export function venueDateStart(date: string, timeZone: string = DEFAULT_TIMEZONE): Date | undefined {
  const noon = new Date(`${date}T12:00:00Z`).getTime();
  if (Number.isNaN(noon)) return undefined;
  // Noon UTC is on that calendar date in most zones; step towards it for the far ones (UTC±13/14). Only an instant
  // whose venue date is the text itself counts: '2025-02-30' (read as 2 March), '2026' or '+002026-11-22' never is.
  // Stryker disable next-line UnaryOperator: each far zone is found by two probes (±12 h, ±24 h); losing one sign keeps the other
  for (const shift of [0, -12, 12, -24, 24]) {
    // Stryker disable next-line ArithmeticOperator: `- shift` walks the same symmetric set of probes
    const instant = new Date(noon + shift * HOUR_MS);
    if (venueDate(instant, timeZone) === date) return venueDayStart(instant, timeZone);
  }
  return undefined;
}

/** The venue's calendar date of an instant: 'YYYY-MM-DD'. */
export function venueDate(date: Instant, timeZone: string = DEFAULT_TIMEZONE): string {
  const wall = wallClockAt(date, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** Are both instants on the same venue day? */
export function isSameVenueDay(a: Instant, b: Instant, timeZone: string = DEFAULT_TIMEZONE): boolean {
  return venueDate(a, timeZone) === venueDate(b, timeZone);
}

/** An instant as the orders table shows it: 'DD-MM-YYYY HH:mm:ss' in venue time (spec section 2). */
export function formatVenueDateTime(date: Instant, timeZone: string = DEFAULT_TIMEZONE): string {
  const w = wallClockAt(date, timeZone);
  return `${pad(w.day)}-${pad(w.month)}-${pad(w.year, 4)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}
