import { sql } from 'kysely';
import { ORDER_MESSAGES, sen, toRinggit } from 'pos-sdk';
import { ORDERS_COUNT_MAX, type OrderPage } from 'pos-sdk/contract';
import type { Db, OrderRow } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import { INDEXED_SEARCH_MIN_CHARS, isPostgres, type SearchBy, searchCondition } from './searchCondition';

/** A get_orders filter: origin (store), period and optional search text. */
export interface OrdersFilter {
  origin: string;
  /** Inclusive. */
  from: Date;
  /** Exclusive; open-ended when undefined. */
  to?: Date | undefined;
  /** Case-insensitive part of the invoice id or the customer email; blank means no search. */
  search?: string | undefined;
  /**
   * How the search text is matched (see {@link planSearch}): `scan` checks each order of the period, `index` reads
   * the matching orders from the search index. Planned when left out.
   */
  searchBy?: SearchBy | undefined;
}

/**
 * The most orders a period may hold for a search to scan them rather than ask the index: scanning a day of a busy
 * venue (10,000 orders) takes a few milliseconds and stops at the first page's matches, while the index answers a
 * common text (every `example.com` email of years of history) only after listing every match.
 */
export const SEARCH_SCAN_MAX = 10_000;

/**
 * How this filter's search is best answered: texts shorter than a trigram, and periods of at most `scanMax`
 * orders (counted on the store and time index, no further), by a scan of the period; longer periods through the
 * index. Returns the filter with `searchBy` set.
 */
export async function planSearch(
  db: Db,
  filter: OrdersFilter,
  scanMax: number = SEARCH_SCAN_MAX,
): Promise<OrdersFilter> {
  if (filter.searchBy !== undefined) return filter;
  const search = filter.search?.trim() ?? '';
  if ([...search].length < INDEXED_SEARCH_MIN_CHARS) return { ...filter, searchBy: 'scan' };
  let period = db
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.store', '=', filter.origin)
    .where('orders.created_at', '>=', filter.from.toISOString());
  if (filter.to !== undefined) period = period.where('orders.created_at', '<', filter.to.toISOString());
  const row = await db
    .selectFrom(period.limit(scanMax + 1).as('period'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { ...filter, searchBy: Number(row.count) > scanMax ? 'index' : 'scan' };
}

/** Where a page starts: after the order with this time and id (newest first). */
interface Cursor {
  at: string;
  id: string;
}

/** A cursor as the client sees it: opaque base64url of `[created_at, id]`. */
export function encodeCursor(row: Pick<OrderRow, 'created_at' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

/**
 * The position a cursor names.
 *
 * @throws {HttpProblem} 400 for a cursor that did not come from `next_cursor`.
 */
export function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return { at: value[0] as string, id: value[1] as string };
    }
  } catch {
    // not base64url JSON: refused below
  }
  throw HttpProblem.invalidRequest(ORDER_MESSAGES.invalidCursor, [
    { path: 'cursor', message: 'must be the next_cursor of a previous page' },
  ]);
}

/** The filtered orders query (orders joined to their invoice), without order or limit. */
function filtered(db: Db, filter: OrdersFilter) {
  const search = filter.search?.trim() ?? '';
  const by = search === '' ? 'scan' : (filter.searchBy ?? 'scan');
  // SQLite plans without statistics: on an index search, make the store and time index unusable (a unary plus)
  // so that the matches drive the query instead of every order of the period.
  const column = (name: 'orders.store' | 'orders.created_at') =>
    by === 'index' && !isPostgres(db) ? sql<string>`+${sql.ref(name)}` : sql<string>`${sql.ref(name)}`;
  let query = db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .where(column('orders.store'), '=', filter.origin)
    .where(column('orders.created_at'), '>=', filter.from.toISOString());
  if (filter.to !== undefined) query = query.where(column('orders.created_at'), '<', filter.to.toISOString());
  if (search !== '') query = query.where(searchCondition(db, search, by));
  return query;
}

/**
 * The query of one page of orders, newest first (ties by id), after `cursor`: keyset pagination on (created_at, id),
 * so a page never repeats or skips an order while new ones are sold between pages, and no OFFSET scan grows with
 * history. Reads one row more than `limit` to know whether another page follows. Exported so that tests can read
 * its query plan.
 *
 * @throws {HttpProblem} 400 for a cursor that did not come from `next_cursor`.
 */
export function orderPageQuery(
  db: Db,
  filter: OrdersFilter,
  page: { limit: number; cursor?: string | undefined },
) {
  let query = filtered(db, filter).selectAll('orders').select('invoices.id as invoice_id');
  if (page.cursor !== undefined) {
    const after = decodeCursor(page.cursor);
    query = query.where((eb) =>
      eb.or([
        eb('orders.created_at', '<', after.at),
        eb.and([eb('orders.created_at', '=', after.at), eb('orders.id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(page.limit + 1);
}

/** One page of order rows (see {@link orderPageQuery}) and the cursor of the next page, null on the last. */
export async function listOrderRows(
  db: Db,
  filter: OrdersFilter,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ rows: (OrderRow & { invoice_id: string | null })[]; nextCursor: string | null }> {
  const rows = await orderPageQuery(db, await planSearch(db, filter), page).execute();
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return { rows: shown, nextCursor: more && last !== undefined ? encodeCursor(last) : null };
}

/**
 * How many orders the filter matches, counted up to {@link ORDERS_COUNT_MAX} (one more tells "more than that"), so
 * a search over years of history costs a bounded count.
 */
export async function countOrders(
  db: Db,
  filter: OrdersFilter,
): Promise<{ total: number; estimate: boolean }> {
  const capped = filtered(db, await planSearch(db, filter))
    .select('orders.id')
    .limit(ORDERS_COUNT_MAX + 1);
  const row = await db
    .selectFrom(capped.as('matching'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  return count > ORDERS_COUNT_MAX
    ? { total: ORDERS_COUNT_MAX, estimate: true }
    : { total: count, estimate: false };
}

/** A page of light rows: what the orders table shows and its row actions need (the detail is get_order). */
export async function listOrdersPage(
  db: Db,
  filter: OrdersFilter,
  page: { limit: number; cursor?: string | undefined },
): Promise<OrderPage> {
  const planned = await planSearch(db, filter);
  const { rows, nextCursor } = await listOrderRows(db, planned, page);
  const { total, estimate } = await countOrders(db, planned);
  return {
    orders: rows.map((row) => ({
      _id: row.id,
      date: row.created_at,
      status: row.status,
      total_amount: toRinggit(sen(row.total_sen)),
      currency: 'MYR' as const,
      invoice: row.invoice_id === null ? null : { _id: row.invoice_id },
      customer: { email: row.customer_email ?? '' },
      num_items: row.num_items,
    })),
    next_cursor: nextCursor,
    total,
    total_is_estimate: estimate,
  };
}
