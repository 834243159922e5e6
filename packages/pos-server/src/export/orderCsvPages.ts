import { sql } from 'kysely';
import type { Db, OrderStatus } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { selectRowsAsArrays } from '../db/rowsAsArrays';
import { keysetPages, type OrderKey, type OrderPeriod, orderPageCondition } from './orderPages';

/**
 * Orders per page of the CSV export on SQLite: one query each, which holds the event loop and the database's one
 * connection for its whole run, so pages stay small enough for other requests to pass between them.
 */
export const EXPORT_CSV_PAGE_SIZE = 1000;

/**
 * Orders per page of the CSV export on PostgreSQL, where the query runs in the database server and the event loop
 * is free meanwhile: larger pages, fewer round trips (beyond this size, larger pages gain nothing).
 */
export const EXPORT_CSV_PAGE_SIZE_POSTGRES = 2000;

/** The amounts of an order in the order of the export's columns, read as one text (see {@link OrderCsvSource}). */
export const ORDER_CSV_AMOUNTS = [
  'subtotal_sen',
  'discount_sen',
  'total_sen',
  'cash_sen',
  'card_sen',
  'ewallet_sen',
  'change_sen',
] as const;

/**
 * What the CSV export reads of an order, as an array (see `selectRowsAsArrays`): the columns of its row, the
 * export's copies of its invoice, lines and tenders (migration 0015) included. `amounts` is
 * {@link ORDER_CSV_AMOUNTS} in sen joined by commas (`4900,0,4900,5000,0,0,100`): one value instead of seven for
 * the driver to decode, and a text that repeats from order to order (the same prices, the same cash rounded up), so
 * that its cells are formatted once. `linesJson` is the lines in cart order, `[[quantity, name, variant_group], …]`
 * as JSON (null without lines); `taxJson` the order's tax per code less its refunds, `[[code, tax_sen], …]` as JSON
 * (migration 0032; null without a taxed line).
 */
export type OrderCsvSource = readonly [
  id: string,
  createdAt: string,
  status: OrderStatus,
  customerEmail: string | null,
  amounts: string,
  staffId: string,
  terminalId: string,
  invoiceId: string | null,
  linesJson: string | null,
  refundedSen: number,
  taxJson: string | null,
];

/**
 * The query of one page of {@link orderCsvPages} (exported for `EXPLAIN`): the orders of the period after `after`
 * (see `orderPageCondition`), one range of the `(store, created_at)` index and nothing else: the invoice id, the
 * lines and the tenders are the order row's own copies, which triggers keep (migration 0015), so no order costs a
 * lookup into another table.
 */
export function orderCsvPageQuery(
  db: Db,
  period: OrderPeriod,
  after: OrderKey | undefined,
  pageSize: number,
) {
  return (
    db
      .selectFrom('orders')
      .select(['orders.id', 'orders.created_at', 'orders.status', 'orders.customer_email'])
      .select((eb) =>
        eb
          .fn<string>('concat_ws', [
            sql.lit(','),
            ...ORDER_CSV_AMOUNTS.map((column) => eb.ref(`orders.${column}`)),
          ])
          .as('amounts'),
      )
      .select(['orders.staff_id', 'orders.terminal_id', 'orders.invoice_id', 'orders.lines_json'])
      .select(['orders.refunded_sen', 'orders.tax_json'])
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
  return keysetPages(
    pageSize,
    (after) => selectRowsAsArrays<OrderCsvSource>(db, orderCsvPageQuery(db, filter, after, pageSize)),
    ([id, at]) => ({ at, id }),
  );
}
