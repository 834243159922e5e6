import { formatVenueDateTime } from 'pos-sdk/rules';

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** `00` … `59`. */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/** The UTC offset (ms) that a `formatVenueDateTime` text of `time` shows. */
function offsetShown(text: string, time: number): number {
  // DD-MM-YYYY HH:mm:ss
  const [day, month, year, hour, minute, second] = text.split(/[- :]/).map(Number);
  const wallAsUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0);
  return wallAsUtc - Math.floor(time / SECOND_MS) * SECOND_MS;
}

/**
 * `formatVenueDateTime` for many instants, mostly in order (an export): the same text, byte for byte, without an
 * `Intl` call per instant. The venue's UTC offset is read once per UTC hour, at its first and last second; when
 * both agree (every hour but those of a daylight-saving or other offset change) and the offset's own text matches
 * `formatVenueDateTime` at both ends, the hour's instants are formatted from that offset. Hours with a change, and
 * text that is not a date, go through `formatVenueDateTime` itself.
 *
 * @example
 * const format = venueDateTimeFormatter('Europe/Berlin');
 * format('2026-03-29T00:59:59.000Z'); // '29-03-2026 01:59:59' (CET)
 * format('2026-03-29T01:00:00.000Z'); // '29-03-2026 03:00:00' (CEST)
 */
export function venueDateTimeFormatter(timeZone: string): (instant: string) => string {
  let hourStart = Number.NaN;
  /** The offset of the current hour, or undefined when the hour has a change. */
  let hourOffset: number | undefined;
  let dayNumber = Number.NaN;
  let dayText = '';

  const fromOffset = (time: number, offset: number): string => {
    const local = Math.floor(time / SECOND_MS) * SECOND_MS + offset;
    const day = Math.floor(local / DAY_MS);
    if (day !== dayNumber) {
      const date = new Date(day * DAY_MS);
      const year = String(date.getUTCFullYear()).padStart(4, '0');
      dayNumber = day;
      dayText = `${TWO_DIGITS[date.getUTCDate()]}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${year} `;
    }
    const seconds = (local - day * DAY_MS) / SECOND_MS;
    const minutes = Math.floor(seconds / 60);
    const hour = TWO_DIGITS[Math.floor(minutes / 60)];
    return `${dayText}${hour}:${TWO_DIGITS[minutes % 60]}:${TWO_DIGITS[seconds % 60]}`;
  };

  const offsetOfHour = (start: number): number | undefined => {
    const last = start + HOUR_MS - SECOND_MS;
    const startText = formatVenueDateTime(new Date(start), timeZone);
    const lastText = formatVenueDateTime(new Date(last), timeZone);
    const offset = offsetShown(startText, start);
    if (offsetShown(lastText, last) !== offset) return undefined;
    // The offset's own text must be formatVenueDateTime's (it is, for the years 0 to 9999).
    return fromOffset(start, offset) === startText && fromOffset(last, offset) === lastText
      ? offset
      : undefined;
  };

  return (instant: string): string => {
    const time = Date.parse(instant);
    if (Number.isNaN(time)) return formatVenueDateTime(instant, timeZone); // throws its RangeError
    const hour = Math.floor(time / HOUR_MS) * HOUR_MS;
    if (hour !== hourStart) {
      hourStart = hour;
      hourOffset = offsetOfHour(hour);
    }
    return hourOffset === undefined ? formatVenueDateTime(instant, timeZone) : fromOffset(time, hourOffset);
  };
}
