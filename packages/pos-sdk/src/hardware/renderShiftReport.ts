import type { MethodTotals, ShiftReport } from '../contract';
import { formatAmount, fromRinggit, type Sen, sumSen } from '../money';
import { formatTaxRate } from '../rules/tax';
import { formatVenueDateTime } from '../rules/venueDay';
import { alignEnds, centerText, fieldLine, separator, textWidth } from './lineLayout';
import type { XReportDocument, ZReportDocument } from './PrintDocument';
import { documentMoney, documentTimeZone, renderHeading, renderWhoLines } from './renderHeading';

/** The report's methods: the `MethodTotals` key and the column heading. */
const METHODS = [
  ['cash', 'CASH'],
  ['card', 'CARD'],
  ['ewallet', 'E-WALLET'],
] as const satisfies readonly (readonly [keyof MethodTotals, string])[];

/** One row of the per-method table: a label and an amount per method (blank where none applies). */
interface ReportRow {
  readonly label: string;
  readonly amounts: readonly [Sen | undefined, Sen | undefined, Sen | undefined];
}

/** A `MethodTotals` as a row. */
function methodRow(label: string, totals: MethodTotals): ReportRow {
  const [cash, card, ewallet] = METHODS.map(([key]) => fromRinggit(totals[key]));
  return { label, amounts: [cash, card, ewallet] };
}

/**
 * The rows of the report, which add up down each column: Float (cash only) + Sales − Refunds = Expected, and
 * Counted − Expected = Variance. Cash sales are net of the change given (shown under the table).
 */
function reportRows(report: ShiftReport): ReportRow[] {
  const rows: ReportRow[] = [{ label: 'Float', amounts: [fromRinggit(report.float), undefined, undefined] }];
  rows.push(methodRow('Sales', report.sales));
  rows.push(methodRow('Refunds', report.refunds), methodRow('Expected', report.expected));
  if (report.counted) rows.push(methodRow('Counted', report.counted));
  if (report.variance) rows.push(methodRow('Variance', report.variance));
  return rows;
}

/**
 * Rows as a table, methods across (`          CASH    CARD E-WALLET`), when it fits the width;
 * undefined when it does not (58 mm paper, very large amounts).
 */
function renderTable(rows: readonly ReportRow[], width: number): string[] | undefined {
  const cells = rows.map((row) =>
    row.amounts.map((amount) => (amount === undefined ? '' : formatAmount(amount))),
  );
  const cellWidth = Math.max(
    ...METHODS.map(([, heading]) => textWidth(heading)),
    ...cells.flat().map(textWidth),
  );
  const columnWidth = cellWidth + 1;
  const labelWidth = width - METHODS.length * columnWidth;
  if (labelWidth < Math.max(...rows.map((row) => textWidth(row.label)))) return undefined;
  const line = (label: string, values: readonly string[]) =>
    `${label.padEnd(labelWidth)}${values.map((value) => value.padStart(columnWidth)).join('')}`.trimEnd();
  return [
    line(
      '',
      METHODS.map(([, heading]) => heading),
    ),
    ...rows.map((row, index) => line(row.label, cells[index] ?? [])),
  ];
}

/** Rows grouped by method (`CASH` then its rows indented), for widths the table does not fit. */
function renderByMethod(rows: readonly ReportRow[], width: number): string[] {
  return METHODS.flatMap(([, heading], column) => [
    heading,
    ...rows.flatMap((row) => {
      const amount = row.amounts[column];
      return amount === undefined ? [] : alignEnds(row.label, formatAmount(amount), width, '  ');
    }),
  ]);
}

/** The sum of a `MethodTotals` (wire ringgit) in sen. */
function totalOf(totals: MethodTotals): Sen {
  return sumSen(METHODS.map(([key]) => fromRinggit(totals[key])));
}

/**
 * The tax collected in the shift, one line per code and rate (`SST8 8 % on 90.74   7.26`, as receipts list tax) and
 * its total, net of refunds and cancellations; none for a report without `tax`.
 */
function renderTax(document: XReportDocument | ZReportDocument, width: number): string[] {
  const { header, report } = document;
  if (report.tax === undefined) return [];
  return [
    'TAX COLLECTED',
    ...report.tax.by_code.flatMap((entry) =>
      alignEnds(
        `${entry.code} ${formatTaxRate(entry.rate_bp)} on ${formatAmount(fromRinggit(entry.base))}`,
        formatAmount(fromRinggit(entry.tax)),
        width,
        '  ',
      ),
    ),
    ...alignEnds('TOTAL TAX', documentMoney(header, fromRinggit(report.tax.total)), width),
    separator(width),
  ];
}

/**
 * The X report (the open shift so far) or the end-of-shift Z report: shift details, a
 * per-method table of float, sales, change, refunds, expected, counted and variance, the totals,
 * the tax collected (per code and in total, when the shift has any) and the order counts.
 * Variance is counted − expected: positive is over, negative short.
 */
export function renderShiftReport(document: XReportDocument | ZReportDocument, width: number): string[] {
  const { header, report } = document;
  const timeZone = documentTimeZone(header);
  const isEndOfShift = document.kind === 'z-report';

  const lines = renderHeading(header, isEndOfShift ? 'END OF SHIFT (Z)' : 'SHIFT REPORT (X)', width);
  if (!isEndOfShift) lines.push(...centerText('Shift still open', width));
  lines.push(separator(width));
  lines.push(...renderWhoLines(header, report, width));
  lines.push(...fieldLine('Opened', formatVenueDateTime(report.opened_at, timeZone), width));
  if (report.closed_at)
    lines.push(...fieldLine('Closed', formatVenueDateTime(report.closed_at, timeZone), width));
  lines.push(...fieldLine('Printed', formatVenueDateTime(header.printedAt, timeZone), width));
  lines.push(separator(width));

  const rows = reportRows(report);
  lines.push(...(renderTable(rows, width) ?? renderByMethod(rows, width)));
  if (report.change_given !== undefined) {
    lines.push(
      ...alignEnds('Change given (in sales)', formatAmount(fromRinggit(report.change_given)), width),
    );
  }
  lines.push(separator(width));

  lines.push(...alignEnds('TOTAL SALES', documentMoney(header, totalOf(report.sales)), width));
  lines.push(...alignEnds('TOTAL REFUNDS', documentMoney(header, totalOf(report.refunds)), width));
  if (report.variance)
    lines.push(...alignEnds('TOTAL VARIANCE', documentMoney(header, totalOf(report.variance)), width));
  lines.push(separator(width));
  lines.push(...renderTax(document, width));
  lines.push(...alignEnds('Orders', String(report.orders.count), width));
  lines.push(...alignEnds('Refunded', String(report.orders.refunded), width));
  // Refunds by line leave orders PAID: counted apart (their money is in the refunds above).
  if ((report.orders.refunded_in_part ?? 0) > 0) {
    lines.push(...alignEnds('Refunded in part', String(report.orders.refunded_in_part), width));
  }
  lines.push(...alignEnds('Canceled', String(report.orders.canceled), width));
  if (isEndOfShift) lines.push('', ...alignEnds('Signed', '________________', width));
  return lines;
}
