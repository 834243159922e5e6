import { venueDate, venueDateStart, venueDayRange } from 'pos-sdk/rules';
import { UsageError } from '../errors/UsageError';

/** A period of whole venue days: from the start of the first to the end of the last. */
export interface VenuePeriod {
  /** Local midnight starting the first day. */
  readonly from: Date;
  /** The last millisecond of the last day. */
  readonly to: Date;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `today` and `yesterday` as the venue's days (`YYYY-MM-DD` in its time zone, never the machine's), any other
 * text as it is: a nightly script exports the venue's day whatever zone its machine runs in.
 */
export function venueDayText(text: string, timeZone: string, now: Date): string {
  const word = text.trim().toLowerCase();
  if (word === 'today') return venueDate(now, timeZone);
  if (word === 'yesterday')
    return venueDate(new Date(venueDayRange(now, timeZone).start.getTime() - 1), timeZone);
  return text;
}

/**
 * The venue day `YYYY-MM-DD` names, as an instant range, through the SDK's venue-day rules.
 *
 * @throws UsageError for a malformed or impossible date.
 */
export function venueDayOf(text: string, timeZone: string, flag: string): { start: Date; end: Date } {
  const date = text.trim();
  const noon = new Date(`${date}T12:00:00Z`);
  if (!DATE.test(date) || Number.isNaN(noon.getTime()) || !noon.toISOString().startsWith(date)) {
    throw new UsageError(`${flag} must be a date YYYY-MM-DD, today or yesterday, got "${text}"`);
  }
  const start = venueDateStart(date, timeZone);
  if (start === undefined) throw new UsageError(`${flag} ${text} is not a day in ${timeZone}`);
  return venueDayRange(start, timeZone);
}

/**
 * `--from DATE --to DATE` in the venue's time zone: from the start of the first day to the end
 * of the last. A missing `--to` means up to today; a missing `--from` means the day of `--to`. Either may be
 * `today` or `yesterday`, the venue's days.
 *
 * @throws UsageError for a malformed date or a period that ends before it starts.
 */
export function parseVenuePeriod(
  options: { readonly from?: string | undefined; readonly to?: string | undefined },
  timeZone: string,
  now: Date,
): VenuePeriod {
  const last =
    options.to === undefined
      ? venueDayRange(now, timeZone)
      : venueDayOf(venueDayText(options.to, timeZone, now), timeZone, '--to');
  const first =
    options.from === undefined
      ? last
      : venueDayOf(venueDayText(options.from, timeZone, now), timeZone, '--from');
  if (first.start.getTime() > last.start.getTime()) {
    throw new UsageError(`--from ${options.from} is after --to ${options.to ?? venueDate(now, timeZone)}`);
  }
  return { from: first.start, to: new Date(last.end.getTime() - 1) };
}
