/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that need the cell quoted (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;
/** Either of the above: a cell without any is written as it is (one test for most cells of an export). */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a double quote or a line break, inner quotes doubled.
 * A cell starting with `=`, `+`, `-`, `@` (or a tab or carriage return) gets a leading `'`, so a spreadsheet
 * shows it as text instead of running it as a formula (CSV injection).
 *
 * @example csvCell('=HYPERLINK("x")') // `"'=HYPERLINK(""x"")"`
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (!NEEDS_CARE.test(text)) return text;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record: cells joined by commas, ended with CRLF (RFC 4180). */
export function csvRecord(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
