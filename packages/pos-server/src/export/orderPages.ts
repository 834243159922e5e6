import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database, Db, OrderRow } from '../db/Database';

/** Orders per page of the export: one query each, so memory stays constant whatever the period. */
export const EXPORT_PAGE_SIZE = 200;

/** The orders of an origin in a period: `from` inclusive, `to` exclusive. */
export interface OrderPeriod {
  origin: string;
  from: Date;
  to: Date;
}

/** Where a page ends: the (created_at, id) of its last order. */
export interface OrderKey {
  at: string;
  id: string;
}

/**
 * The condition of one keyset page: the orders of the period after `after` in (created_at, id) order.
 *
 * The cursor is written as `created_at >= after.at and (created_at > after.at or id > after.id)`, not as
 * `created_at > at or (created_at = at and id > id)`: neither SQLite nor PostgreSQL turns that `or` into a range of
 * the (store, created_at) index, so every page would filter all the rows before it (quadratic over the period).
 * The plain `>=` replaces the period's start (not added beside it: SQLite ranges over one lower bound), so the index
 * range starts at the previous page's last order, and the `or` only filters the few orders of that instant.
 */
export function orderPageCondition(
  period: OrderPeriod,
  after: OrderKey | undefined,
): (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool> {
  return (eb) => {
    const conditions = [
      eb('orders.store', '=', period.origin),
      eb('orders.created_at', '>=', after?.at ?? period.from.toISOString()),
      eb('orders.created_at', '<', period.to.toISOString()),
    ];
    if (after !== undefined) {
      conditions.push(eb.or([eb('orders.created_at', '>', after.at), eb('orders.id', '>', after.id)]));
    }
    return eb.and(conditions);
  };
}

/**
 * Reads keyset pages of `pageSize` orders until one comes back short: `readPage` gets the key of the last order of
 * the previous page (undefined for the first) and answers the next orders in (created_at, id) order.
 *
 * The next page is asked for as soon as a page arrives, before the page is handed on: on PostgreSQL the database
 * reads it while the caller formats and sends this one. So at most two pages are held.
 */
export async function* keysetPages<Row>(
  pageSize: number,
  readPage: (after: OrderKey | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => OrderKey,
): AsyncGenerator<Row[]> {
  let next = readPage(undefined);
  for (;;) {
    const page = await next;
    const last = page.at(-1);
    if (last === undefined || page.length < pageSize) {
      if (page.length > 0) yield page;
      return;
    }
    next = readPage(keyOf(last));
    // Handled here too: when the caller stops early (a client gone), nobody awaits it.
    next.catch(() => {});
    yield page;
  }
}

/**
 * The orders of an origin in a period (`from` inclusive, `to` exclusive), oldest first, page by page with keyset
 * pagination on (created_at, id): each page starts after the last row of the previous one, so no row is read
 * twice, new orders (later in time) come after the rows already sent, and no OFFSET scan grows with the period (see
 * {@link orderPageCondition}). Each page is its own statement: an order's time is when its sale began, and its sale
 * commits a moment later (longer on PostgreSQL when it waits for the invoice counter or an end_shift), so an export
 * of a period still running can miss a sale that committed after the export had passed its time. An export of a
 * period that has ended holds all of it.
 */
export function orderPages(db: Db, filter: OrderPeriod & { pageSize?: number }): AsyncGenerator<OrderRow[]> {
  const pageSize = filter.pageSize ?? EXPORT_PAGE_SIZE;
  return keysetPages(
    pageSize,
    (after) =>
      db
        .selectFrom('orders')
        .selectAll()
        .where(orderPageCondition(filter, after))
        .orderBy('created_at')
        .orderBy('id')
        .limit(pageSize)
        .execute(),
    (row) => ({ at: row.created_at, id: row.id }),
  );
}
