import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/Database';
import { salesHourProductsOf, salesHoursOf } from '../db/migrations/0027_sales_rollup';
import { salesHourTaxesOf } from '../db/migrations/0033_sales_tax_rollup';
import { LINE_NET } from '../db/migrations/0037_product_net_of_tax';

/**
 * Where a summary's figures are read from:
 * - `hours`: the roll-up tables (`sales_hours`, `sales_hour_products`, migration 0027), per UTC hour. Right when the
 *   period starts and ends on whole UTC hours and each hour of it is one hour of the venue's clock: every zone whose
 *   offset is a whole number of hours (Kuala Lumpur's, and the daylight-saving ones of Europe and America).
 * - `quarters`: the same rows added up from the orders themselves per UTC quarter hour, for zones whose offset has
 *   minutes (India's +05:30, Nepal's +05:45, Adelaide's, Newfoundland's): slower, as right.
 */
export type FiguresSource = 'hours' | 'quarters';

/** An instant range `[start, end)` of one store (or all, `store` undefined). */
export interface FiguresRange {
  start: Date;
  end: Date;
  store: string | undefined;
}

/** The order-level figures of a slice, in sen and counts. */
export interface OrderFigures {
  orders: number;
  gross: number;
  refunds: number;
  discounts: number;
  refundedOrders: number;
  canceledOrders: number;
  cash: number;
  card: number;
  ewallet: number;
}

/** {@link OrderFigures} of one bucket: a UTC hour (`2026-11-22T02`) or quarter hour (`2026-11-22T02:45`). */
export interface BucketFigures extends OrderFigures {
  bucket: string;
}

/** Orders, takings and refunds of one seller on one terminal. */
export interface SellerFigures {
  terminal: string;
  staffId: string;
  orders: number;
  gross: number;
  refunds: number;
}

/** One product line's figures (per SKU, name, group and category). */
export interface ProductFigures {
  sku: string;
  name: string;
  group: string;
  category: 'pass' | 'membership' | 'merchandise';
  quantity: number;
  net: number;
  /** The last bucket it sold in (its name there is the one shown). */
  lastBucket: string;
}

/** The UTC quarter hour of `o.created_at`: `2026-11-22T02:45`. */
const QUARTER = `substr(o.created_at, 1, 14) || (case when substr(o.created_at, 15, 2) < '15' then '00'
  when substr(o.created_at, 15, 2) < '30' then '15' when substr(o.created_at, 15, 2) < '45' then '30' else '45' end)`;

/** Marks where the range's condition goes in the roll-up's row definitions. */
const WHERE = '/*range*/ true';

/** `sql` of a row definition of migration 0027 over the orders of `range`, as a subquery. */
function ofOrders(definition: string, range: FiguresRange): RawBuilder<unknown> {
  const [head, tail] = definition.split(WHERE) as [string, string];
  const store = range.store === undefined ? sql`` : sql` and o.store = ${range.store}`;
  return sql`(${sql.raw(head)} o.created_at >= ${range.start.toISOString()} and o.created_at < ${range.end.toISOString()}${store} ${sql.raw(tail)})`;
}

/** The hour key of an instant on a whole UTC hour. */
const hourKey = (at: Date) => at.toISOString().slice(0, 13);

/** The rows of `sales_hours` (or their definition over the orders) in the range, as a subquery. */
function hoursOf(source: FiguresSource, range: FiguresRange): RawBuilder<unknown> {
  if (source === 'quarters') return ofOrders(salesHoursOf(QUARTER, WHERE), range);
  const store = range.store === undefined ? sql`` : sql` and store = ${range.store}`;
  return sql`(select * from sales_hours where hour >= ${hourKey(range.start)} and hour < ${hourKey(range.end)}${store})`;
}

/** The rows of `sales_hour_products` (or their definition) in the range, as a subquery. */
function productsOf(source: FiguresSource, range: FiguresRange): RawBuilder<unknown> {
  if (source === 'quarters') return ofOrders(salesHourProductsOf(QUARTER, WHERE, LINE_NET), range);
  const store = range.store === undefined ? sql`` : sql` and store = ${range.store}`;
  return sql`(select * from sales_hour_products where hour >= ${hourKey(range.start)} and hour < ${hourKey(range.end)}${store})`;
}

/** The rows of `sales_hour_taxes` (or their definition, migration 0033) in the range, as a subquery. */
function taxesOf(source: FiguresSource, range: FiguresRange): RawBuilder<unknown> {
  if (source === 'quarters') return ofOrders(salesHourTaxesOf(QUARTER, WHERE), range);
  const store = range.store === undefined ? sql`` : sql` and store = ${range.store}`;
  return sql`(select * from sales_hour_taxes where hour >= ${hourKey(range.start)} and hour < ${hourKey(range.end)}${store})`;
}

/** A number from the database (PostgreSQL's sums of bigint are numeric, read as text). */
const count = (value: unknown): number => Number(value ?? 0);

const ORDER_SUMS = sql`sum(orders) as orders, sum(gross_sen) as gross, sum(refunds_sen) as refunds,
  sum(discount_sen) as discounts, sum(refunded_orders) as refunded_orders, sum(canceled_orders) as canceled_orders,
  sum(cash_sen) as cash, sum(card_sen) as card, sum(ewallet_sen) as ewallet`;

type OrderSumsRow = Record<
  | 'orders'
  | 'gross'
  | 'refunds'
  | 'discounts'
  | 'refunded_orders'
  | 'canceled_orders'
  | 'cash'
  | 'card'
  | 'ewallet',
  unknown
>;

const orderFiguresOf = (row: OrderSumsRow | undefined): OrderFigures => ({
  orders: count(row?.orders),
  gross: count(row?.gross),
  refunds: count(row?.refunds),
  discounts: count(row?.discounts),
  refundedOrders: count(row?.refunded_orders),
  canceledOrders: count(row?.canceled_orders),
  cash: count(row?.cash),
  card: count(row?.card),
  ewallet: count(row?.ewallet),
});

/** The order-level figures of the range per bucket (hour or quarter hour), buckets with sales only. */
export async function figuresByBucket(
  db: Db,
  source: FiguresSource,
  range: FiguresRange,
): Promise<BucketFigures[]> {
  const { rows } = await sql<OrderSumsRow & { hour: string }>`select hour, ${ORDER_SUMS}
    from ${hoursOf(source, range)} as s group by hour`.execute(db);
  return rows.map((row) => ({ bucket: row.hour, ...orderFiguresOf(row) }));
}

/** The order-level figures of the whole range. */
export async function figuresOfRange(
  db: Db,
  source: FiguresSource,
  range: FiguresRange,
): Promise<OrderFigures> {
  const { rows } = await sql<OrderSumsRow>`select ${ORDER_SUMS} from ${hoursOf(source, range)} as s`.execute(
    db,
  );
  return orderFiguresOf(rows[0]);
}

/** Orders, takings and refunds per terminal and seller. */
export async function figuresBySeller(
  db: Db,
  source: FiguresSource,
  range: FiguresRange,
): Promise<SellerFigures[]> {
  const { rows } = await sql<{
    terminal_id: string;
    staff_id: string;
    orders: unknown;
    gross: unknown;
    refunds: unknown;
  }>`select terminal_id, staff_id, sum(orders) as orders, sum(gross_sen) as gross, sum(refunds_sen) as refunds
    from ${hoursOf(source, range)} as s group by terminal_id, staff_id`.execute(db);
  return rows.map((row) => ({
    terminal: row.terminal_id,
    staffId: row.staff_id,
    orders: count(row.orders),
    gross: count(row.gross),
    refunds: count(row.refunds),
  }));
}

/** Units and money per product line. */
export async function figuresByProduct(
  db: Db,
  source: FiguresSource,
  range: FiguresRange,
): Promise<ProductFigures[]> {
  const { rows } = await sql<{
    sku: string;
    name: string;
    variant_group: string;
    category: ProductFigures['category'];
    quantity: unknown;
    net: unknown;
    last_hour: string;
  }>`select sku, name, variant_group, category, sum(quantity) as quantity, sum(net_sen) as net,
      max(hour) as last_hour
    from ${productsOf(source, range)} as p group by sku, name, variant_group, category`.execute(db);
  return rows.map((row) => ({
    sku: row.sku,
    name: row.name,
    group: row.variant_group,
    category: row.category,
    quantity: count(row.quantity),
    net: count(row.net),
    lastBucket: row.last_hour,
  }));
}

/** The tax collected of one code and rate as sold, in sen, and the lines of that code sold (whatever became of them). */
export interface TaxFigures {
  code: string;
  rateBp: number;
  lines: number;
  base: number;
  tax: number;
}

/** The tax collected per code and rate, codes with lines sold in the range only, by code then rate. */
export async function figuresByTax(
  db: Db,
  source: FiguresSource,
  range: FiguresRange,
): Promise<TaxFigures[]> {
  const { rows } = await sql<{
    tax_code: string;
    tax_rate_bp: unknown;
    lines: unknown;
    base: unknown;
    tax: unknown;
  }>`select tax_code, tax_rate_bp, sum(lines) as lines, sum(base_sen) as base, sum(tax_sen) as tax
    from ${taxesOf(source, range)} as x group by tax_code, tax_rate_bp having sum(lines) > 0`.execute(db);
  return rows
    .map((row) => ({
      code: row.tax_code,
      rateBp: count(row.tax_rate_bp),
      lines: count(row.lines),
      base: count(row.base),
      tax: count(row.tax),
    }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || a.rateBp - b.rateBp);
}
