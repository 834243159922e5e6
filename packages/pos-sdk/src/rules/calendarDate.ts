import { type Instant, timeOf } from './instant';
import { DEFAULT_TIMEZONE, venueDate } from './venueDay';

/** The product's date format (the orders table, receipts, birth dates): day first. */
export const CALENDAR_DATE_FORMAT = 'DD-MM-YYYY';

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** Is `YYYY-MM-DD` a real date (no 31 April, no 29 February of a common year)? */
function realDate(year: string, month: string, day: string): string | undefined {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const noon = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(iso) ? iso : undefined;
}

/**
 * A calendar date as a person types it: 'DD-MM-YYYY' (also with / or .) or 'YYYY-MM-DD'.
 *
 * @returns 'YYYY-MM-DD', or undefined when the text is not a real date.
 * @example parseCalendarDate('17-05-1990') // '1990-05-17'
 */
export function parseCalendarDate(text: string): string | undefined {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  // Stryker disable next-line StringLiteral: the three groups always match; `?? ''` is for the type checker
  if (iso) return realDate(iso[1] ?? '', iso[2] ?? '', iso[3] ?? '');
  const dayFirst = DAY_FIRST.exec(trimmed);
  // Stryker disable next-line StringLiteral: the three groups always match; `?? ''` is for the type checker
  if (dayFirst) return realDate(dayFirst[3] ?? '', dayFirst[2] ?? '', dayFirst[1] ?? '');
  return undefined;
}

/**
 * A date as the product shows it, 'DD-MM-YYYY': from 'YYYY-MM-DD' or an instant (its venue date).
 * Empty for no date; text that is no date comes back as it is (for a form to show what was typed).
 *
 * @example formatCalendarDate('1990-05-17') // '17-05-1990'
 */
export function formatCalendarDate(
  date: Instant | null | undefined,
  timeZone: string = DEFAULT_TIMEZONE,
): string {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BlockStatement: the guard narrows the type; without it null and undefined read as NaN and '' as no date, which end in the same ''
  if (date === null || date === undefined || date === '') {
    return '';
  }
  const iso =
    typeof date === 'string' && !date.includes('T')
      ? parseCalendarDate(date)
      : Number.isNaN(timeOf(date))
        ? undefined
        : venueDate(date, timeZone);
  if (iso === undefined) return typeof date === 'string' ? date : '';
  const [year, month, day] = iso.split('-');
  return `${day}-${month}-${year}`;
}
