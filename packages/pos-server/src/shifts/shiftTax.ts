import { sql } from 'kysely';
import type { ShiftTax } from 'pos-sdk/contract';
import { addSen, type Sen, sen, subtractSen, sumSen, toRinggit } from 'pos-sdk/money';
import type { Db } from '../db/Database';

/** The base and tax of one code and rate, as a query adds them up (PostgreSQL's sums are numeric, read as text). */
interface TaxSums {
  code: string;
  rate_bp: number | string;
  base: number | string | null;
  tax: number | string | null;
}

/**
 * What the taxed lines of orders count for: the base (what was paid for the line less its tax: its amount when the
 * prices held the tax, else its amount before the tax) and the tax, per code and rate.
 */
async function soldBy(db: Db, column: 'shift_id' | 'reversed_in_shift_id', shiftId: string) {
  let query = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      sql<string>`i.tax_code`.as('code'),
      'i.tax_rate_bp as rate_bp',
      sql<number>`sum(case when o.prices_include_tax = 1 then i.total_sen - i.tax_sen else i.total_sen end)`.as(
        'base',
      ),
      sql<number>`sum(i.tax_sen)`.as('tax'),
    ])
    .where(`o.${column}`, '=', shiftId)
    .where('i.tax_code', 'is not', null);
  // As the shift's tenders count them: of the orders reversed in it, those without refunds by line (cancellations);
  // the refunds by line give back their own tax (`refundedIn`).
  if (column === 'reversed_in_shift_id') query = query.where('o.refunded_sen', '=', 0);
  return (await query.groupBy(['i.tax_code', 'i.tax_rate_bp']).execute()) as TaxSums[];
}

/** The tax the refunds made in a shift gave back, and its base (the money given back less the tax), per code. */
async function refundedIn(db: Db, shiftId: string) {
  return (await db
    .selectFrom('order_refund_lines as l')
    .innerJoin('order_refunds as r', 'r.id', 'l.refund_id')
    .innerJoin('order_items as i', 'i.id', 'l.order_item_id')
    .select([
      sql<string>`i.tax_code`.as('code'),
      'i.tax_rate_bp as rate_bp',
      sql<number>`sum(l.amount_sen - l.tax_sen)`.as('base'),
      sql<number>`sum(l.tax_sen)`.as('tax'),
    ])
    .where('r.shift_id', '=', shiftId)
    .where('i.tax_code', 'is not', null)
    .groupBy(['i.tax_code', 'i.tax_rate_bp'])
    .execute()) as TaxSums[];
}

/**
 * The tax collected in a shift (a shift report's `tax`): per code and rate as sold, the base and the tax of the lines
 * of the orders sold in it (`orders.shift_id`), less those of the orders canceled in it (`reversed_in_shift_id`,
 * as the report's refunds count their money) and less what the refunds made in it gave back (`order_refunds.shift_id`:
 * each refunded line's tax, and its money less that tax as the base). In sen, ringgit on the way out; undefined when
 * the shift sold or gave back no line with a tax code, so that a report without tax is as it was.
 */
export async function shiftTax(db: Db, shiftId: string): Promise<ShiftTax | undefined> {
  const sold = await soldBy(db, 'shift_id', shiftId);
  const canceled = await soldBy(db, 'reversed_in_shift_id', shiftId);
  const refunded = await refundedIn(db, shiftId);
  if (sold.length + canceled.length + refunded.length === 0) return undefined;
  const byCode = new Map<string, { code: string; rate_bp: number; base: Sen; tax: Sen }>();
  const add = (rows: readonly TaxSums[], sign: 1 | -1) => {
    for (const row of rows) {
      const rateBp = Number(row.rate_bp);
      const key = `${row.code} ${rateBp}`;
      const entry = byCode.get(key) ?? { code: row.code, rate_bp: rateBp, base: sen(0), tax: sen(0) };
      const base = sen(Number(row.base ?? 0));
      const tax = sen(Number(row.tax ?? 0));
      entry.base = sign === 1 ? addSen(entry.base, base) : subtractSen(entry.base, base);
      entry.tax = sign === 1 ? addSen(entry.tax, tax) : subtractSen(entry.tax, tax);
      byCode.set(key, entry);
    }
  };
  add(sold, 1);
  add(canceled, -1);
  add(refunded, -1);
  const entries = [...byCode.values()].sort(
    (a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || a.rate_bp - b.rate_bp,
  );
  return {
    total: toRinggit(sumSen(entries.map((entry) => entry.tax))),
    by_code: entries.map((entry) => ({
      code: entry.code,
      rate_bp: entry.rate_bp,
      base: toRinggit(entry.base),
      tax: toRinggit(entry.tax),
    })),
  };
}
