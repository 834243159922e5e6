import type { Pos } from 'pos-sdk';
import { addCalendarDays, type SalesPeriod, venueDateStart } from 'pos-sdk/rules';

/** The browser saves `parts` as one file named `name`. */
export function saveFile(parts: readonly string[], name: string, type = 'text/csv'): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([...parts], { type }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * Downloads the orders of a period of venue days as one CSV: the order export of each store (the same call as
 * `pos orders export`), one header line, saved as `orders-FROM-to-TO.csv`.
 */
export async function downloadOrdersCsv(
  pos: Pos,
  period: SalesPeriod,
  stores: readonly string[],
  timeZone: string,
): Promise<void> {
  const start = venueDateStart(period.from, timeZone);
  const end = venueDateStart(addCalendarDays(period.to, 1), timeZone);
  if (!start || !end) throw new RangeError(`Not a period of days: ${period.from} to ${period.to}`);
  const parts: string[] = [];
  for (const origin of stores) {
    const report = await pos.api.exportOrderReport({
      period: { from: start.toISOString(), to: end.toISOString() },
      origin,
      format: 'csv',
    });
    const text = await new Response(report.body).text();
    // One header for the whole file: the first store's.
    parts.push(parts.length === 0 ? text : text.slice(text.indexOf('\n') + 1));
  }
  saveFile(parts, `orders-${period.from}-to-${period.to}.csv`);
}
