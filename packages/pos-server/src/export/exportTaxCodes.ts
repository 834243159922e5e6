import { sql } from 'kysely';
import type { Db } from '../db/Database';

const HOUR_MS = 3_600_000;

/** The roll-up's hour key (`2026-11-22T02`) of an instant. */
const hourKey = (at: number): string => new Date(at).toISOString().slice(0, 13);

/** The codes of `[[code, tax], …]` (an order's `tax_json`). */
const codesOf = (json: string): string[] => (JSON.parse(json) as [string, number][]).map(([code]) => code);

/**
 * The tax codes the orders of a period carry, at any store of the venue, sorted: the export's tax columns. The
 * exports of the stores of one period then have the same columns, so the back office joins them under one header.
 *
 * Read without going through the period's orders: its whole UTC hours from the sales summary's roll-up
 * (`sales_hour_taxes.lines`, migration 0033: the lines of each code, whatever became of their orders), the parts
 * of an hour at either end from the orders of those minutes alone (`orders.tax_json`, migration 0032), store by
 * store of those that sold a taxed line in that hour (one range of the `(store, created_at)` index each). A period
 * without taxed orders costs one query of an empty range and has no tax column.
 */
export async function exportTaxCodes(db: Db, period: { from: Date; to: Date }): Promise<string[]> {
  const from = period.from.getTime();
  const to = period.to.getTime();
  const codes = new Set<string>();
  const firstWhole = Math.ceil(from / HOUR_MS) * HOUR_MS;
  const lastWhole = Math.floor(to / HOUR_MS) * HOUR_MS;
  const partial: [number, number][] = [];
  if (firstWhole < lastWhole) {
    const { rows } = await sql<{ tax_code: string }>`select tax_code from sales_hour_taxes
      where hour >= ${hourKey(firstWhole)} and hour < ${hourKey(lastWhole)}
      group by tax_code having sum(lines) > 0`.execute(db);
    for (const row of rows) codes.add(row.tax_code);
    if (from < firstWhole) partial.push([from, firstWhole]);
    if (lastWhole < to) partial.push([lastWhole, to]);
  } else if (from < to) {
    partial.push([from, to]);
  }
  for (const [start, end] of partial) {
    const { rows: stores } = await sql<{ store: string }>`select store from sales_hour_taxes
      where hour >= ${hourKey(start)} and hour <= ${hourKey(end - 1)}
      group by store having sum(lines) > 0`.execute(db);
    for (const { store } of stores) {
      const orders = await db
        .selectFrom('orders')
        .select('tax_json')
        .where('store', '=', store)
        .where('created_at', '>=', new Date(start).toISOString())
        .where('created_at', '<', new Date(end).toISOString())
        .where('tax_json', 'is not', null)
        .execute();
      for (const { tax_json: json } of orders) {
        if (json !== null) for (const code of codesOf(json)) codes.add(code);
      }
    }
  }
  return [...codes].sort();
}

/** The export's tax columns for `codes` (sorted): `tax_<code>` each, then `tax`, their sum; none without codes. */
export function exportTaxColumns(codes: readonly string[]): string[] {
  return codes.length === 0 ? [] : [...codes.map((code) => `tax_${code}`), 'tax'];
}
