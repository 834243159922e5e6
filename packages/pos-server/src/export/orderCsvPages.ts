import type { Expression, ExpressionBuilder, ExpressionWrapper } from 'kysely';
import type { Database, Db, OrderStatus, TenderMethod } from '../db/Database';
import { isPostgres } from '../orders/searchCondition';
import { keysetPages, type OrderKey, type OrderPeriod, orderPageCondition } from './orderPages';

/**
 * Orders per page of the CSV export on SQLite: one query each, which holds the event loop and the database's one
 * connection for its whole run (about 10 ms for 500 orders on the million-order benchmark), so pages stay small
 * enough for other requests to pass between them.
 */
export const EXPORT_CSV_PAGE_SIZE = 500;

/**
 * Orders per page of the CSV export on PostgreSQL, where the query runs in the database server and the event loop
 * is free meanwhile: larger pages, fewer round trips.
 */
export const EXPORT_CSV_PAGE_SIZE_POSTGRES = 1000;

/** Separates the lines of {@link OrderCsvSource.lines} (ASCII record separator). */
export const LINE_SEPARATOR = '\x1e';
/** Separates the fields of a line of {@link OrderCsvSource.lines} (ASCII unit separator). */
export const FIELD_SEPARATOR = '\x1f';

/** What the CSV export needs of an order, read in one query with its lines and tenders aggregated. */
export interface OrderCsvSource {
  id: string;
  created_at: string;
  status: OrderStatus;
  customer_email: string | null;
  subtotal_sen: number;
  discount_sen: number;
  total_sen: number;
  change_sen: number;
  staff_id: string;
  terminal_id: string;
  invoice_id: string | null;
  /**
   * The lines in cart order as `<count>:<quantity>␟<name>␟<group>␞<quantity>␟…` (␟ {@link FIELD_SEPARATOR}, ␞
   * {@link LINE_SEPARATOR}, `<group>` empty for none); null without lines. The count tells a name or group that
   * holds a separator itself: the text then does not split into that many lines of three fields.
   */
  lines: string | null;
  /** The tenders summed per method, in sen: `<cash>,<card>,<e-wallet>`; null without tenders. */
  tenders: string | null;
}

/** An expression builder inside the page query's select list: the orders, and a child table of its subqueries. */
type OrderScope<Child extends 'order_items' | 'tenders'> = ExpressionBuilder<Database, 'orders' | Child>;

/** The SQL helpers of one engine, in a scope. */
function sqlText<Child extends 'order_items' | 'tenders'>(eb: OrderScope<Child>, isPostgres: boolean) {
  return {
    /** The expression as text: PostgreSQL's `||` wants text on one side at least, SQLite converts by itself. */
    text: (value: Expression<unknown>): Expression<string> =>
      isPostgres ? eb.cast<string>(value, 'text') : (value as Expression<string>),
    /** `a || b || …` (two parts at least). */
    concat: (parts: Expression<unknown>[]) =>
      parts.reduce((text, part) => eb(text, '||', part)) as ExpressionWrapper<
        Database,
        'orders' | Child,
        string | null
      >,
    /** The ASCII control character of a code: `chr(31)` on PostgreSQL, `char(31)` on SQLite. */
    control: (code: number) => eb.fn<string>(isPostgres ? 'chr' : 'char', [eb.lit(code)]),
  };
}

/** The aggregated lines of the order of the outer query (see {@link OrderCsvSource.lines}). */
function linesOfOrder(eb: OrderScope<'order_items'>, isPostgres: boolean) {
  const { text, concat, control } = sqlText(eb, isPostgres);
  const line = concat([
    text(eb.ref('order_items.quantity')),
    control(31),
    eb.ref('order_items.name'),
    control(31),
    eb.fn.coalesce('order_items.variant_group', eb.val('')),
  ]);
  const lines = eb.fn
    .agg<string>(isPostgres ? 'string_agg' : 'group_concat', [line, control(30)])
    .orderBy('order_items.position');
  return concat([text(eb.fn.countAll()), eb.val(':'), lines]);
}

/** The tenders of the order of the outer query, summed per method (see {@link OrderCsvSource.tenders}). */
function tendersOfOrder(eb: OrderScope<'tenders'>, isPostgres: boolean) {
  const { text, concat } = sqlText(eb, isPostgres);
  const sum = (method: TenderMethod) =>
    text(
      eb.fn.sum(
        eb
          .case()
          .when('tenders.method', '=', method)
          .then(eb.ref('tenders.amount_sen'))
          .else(eb.lit(0))
          .end(),
      ),
    );
  return concat([sum('CASH'), eb.val(','), sum('CREDIT CARD'), eb.val(','), sum('E-WALLET')]);
}

/**
 * The query of one page of {@link orderCsvPages} (exported for `EXPLAIN`): the orders of the period after `after`
 * (see `orderPageCondition`), each with its invoice id, lines and tenders read through their `order_id` indexes and
 * aggregated in SQL.
 */
export function orderCsvPageQuery(
  db: Db,
  period: OrderPeriod,
  after: OrderKey | undefined,
  pageSize: number,
) {
  const postgres = isPostgres(db);
  return (
    db
      .selectFrom('orders')
      .select([
        'orders.id',
        'orders.created_at',
        'orders.status',
        'orders.customer_email',
        'orders.subtotal_sen',
        'orders.discount_sen',
        'orders.total_sen',
        'orders.change_sen',
        'orders.staff_id',
        'orders.terminal_id',
      ])
      .select((eb) => [
        eb
          .selectFrom('invoices')
          .select('invoices.id')
          .whereRef('invoices.order_id', '=', 'orders.id')
          .as('invoice_id'),
        eb
          .selectFrom('order_items')
          .select((items) => linesOfOrder(items, postgres).as('lines'))
          .whereRef('order_items.order_id', '=', 'orders.id')
          .as('lines'),
        eb
          .selectFrom('tenders')
          .select((tenders) => tendersOfOrder(tenders, postgres).as('tenders'))
          .whereRef('tenders.order_id', '=', 'orders.id')
          .as('tenders'),
      ])
      .where(orderPageCondition(period, after))
      .orderBy('orders.created_at')
      .orderBy('orders.id')
      // A literal, not a parameter: PostgreSQL's generic plan of a named statement then knows the page is small.
      .limit((eb) => eb.lit(pageSize))
  );
}

/**
 * The orders of an origin in a period, oldest first, as {@link OrderCsvSource} rows: keyset pages of one query each
 * ({@link orderCsvPageQuery}).
 *
 * Pages rather than one long cursor: a better-sqlite3 `iterate()` would hold the database's one connection (every
 * other request waits) for as long as the client takes to download, and a PostgreSQL cursor needs a transaction
 * kept open as long, which `idle_in_transaction_session_timeout` ends when the client pauses.
 */
export function orderCsvPages(
  db: Db,
  filter: OrderPeriod & { pageSize?: number },
): AsyncGenerator<OrderCsvSource[]> {
  const pageSize = filter.pageSize ?? (isPostgres(db) ? EXPORT_CSV_PAGE_SIZE_POSTGRES : EXPORT_CSV_PAGE_SIZE);
  return keysetPages(pageSize, (after) => orderCsvPageQuery(db, filter, after, pageSize).execute());
}
