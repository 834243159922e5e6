import { sql } from 'kysely';
import { ORDERS_COUNT_MAX, type OrderPage } from 'pos-sdk/contract';
import { ORDER_MESSAGES } from 'pos-sdk/messages';
import { sen, toRinggit } from 'pos-sdk/money';
import type { Db, OrderRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { HttpProblem } from '../http/HttpProblem';
import {
  couldBeInInvoiceId,
  INDEXED_SEARCH_MIN_CHARS,
  isRun,
  probeIndex,
  SEARCH_KEY_CHARS,
  type SearchBy,
  searchCondition,
  searchKeys,
} from './searchCondition';

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
   * How the search text is matched (see {@link planSearch}): `scan` checks the period's orders newest first, `index`
   * reads the matching orders from the search index. Planned when left out.
   */
  searchBy?: SearchBy | undefined;
  /** By `index`: the part of the search text the index is asked for (see `searchKeys`); default the whole text. */
  searchKey?: string | undefined;
  /** By `index` on SQLite: the orders the index found for the text while planning (see `probeIndex`). */
  searchOrderIds?: readonly string[] | undefined;
  /** Whether the invoice id is checked too (see `couldBeInInvoiceId`); default true. */
  searchInvoices?: boolean | undefined;
}

/** A page request: at most `limit` orders, after `cursor` (a `next_cursor`). */
export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** An order row of a page, with its invoice id. */
export type OrderPageRow = OrderRow & { invoice_id: string | null };

/**
 * How many orders of the period a row read through the search index is worth: the index gives a match's order id,
 * and its date and store are then read from the orders table (two B-tree lookups, on pages that are not all
 * cached), where the newest-first scan of the period checks an order at a small fraction of that cost (the orders of
 * a period lie side by side in the table).
 */
export const SEARCH_LOOKUP_COST = 25;

/**
 * The most orders the search index may give for a text for the search to go through the index, when the period
 * holds {@link SEARCH_LOOKUP_COST} times as many orders (see {@link planSearch}). Beyond this the text is common
 * enough (a first name, a mail domain) for the newest-first scan to fill a page sooner than the index could list and
 * sort its matches.
 */
export const SEARCH_INDEX_MAX = 2000;

/**
 * A text the index finds in at most this many orders goes through the index whatever the period: the scan would
 * need as many matches to fill a page (and count them).
 */
const SEARCH_INDEX_MIN = 100;

/**
 * How far a page of get_orders with a search text counts the matching orders read by the newest-first scan: beyond
 * this `total` is this number (or the page size, when larger) and `total_is_estimate` is true ("more than 100
 * orders"). The count comes from the same scan as the page: counting the tens of thousands of orders of a first
 * name over years of history would read all of them. A search through the index counts every match exactly.
 */
export const SEARCH_COUNT_MAX = 100;

/** Options of {@link planSearch}. */
export interface PlanSearchOptions {
  /**
   * The most orders the index may find for the search to go through it, whatever the period. Default: up to
   * {@link SEARCH_INDEX_MIN}, or up to {@link SEARCH_INDEX_MAX} and a 25th of the period's orders
   * ({@link SEARCH_LOOKUP_COST}).
   */
  indexMax?: number;
}

/** The orders of the filter's store and period, on the store and time index; no search, no invoice. */
function periodOrders(db: Db, filter: OrdersFilter) {
  let query = db
    .selectFrom('orders')
    .where('orders.store', '=', filter.origin)
    .where('orders.created_at', '>=', filter.from.toISOString());
  if (filter.to !== undefined) query = query.where('orders.created_at', '<', filter.to.toISOString());
  return query;
}

/**
 * The orders of the filter's period counted up to `max` (one more tells "more than that"). A constant is counted,
 * not a column, so that only the store and time index is read.
 */
async function countPeriod(db: Db, filter: OrdersFilter, max: number): Promise<number> {
  const row = await db
    .selectFrom(
      periodOrders(db, filter)
        .select(sql<number>`1`.as('one'))
        .limit(max + 1)
        .as('period'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How this filter's search is best answered, by the number of orders the search index finds for the text (asked
 * with a bounded count, see `probeIndex`), not by the length of the period alone:
 *
 * - through the index (`index`) when it finds the text, whole or by a part of it (`searchKeys`: `an2818` rather
 *   than all of `deepa.chan2818@yahoo.com`), in at most {@link SEARCH_INDEX_MIN} orders, or at most
 *   {@link SEARCH_INDEX_MAX} when the period holds {@link SEARCH_LOOKUP_COST} times as many: every match is read
 *   and sorted;
 * - else, and for texts shorter than a trigram, by the newest-first scan of the period (`scan`), which stops at
 *   the page's last match: a first name is in one order of a hundred, so a page of 50 is some 5,000 orders away.
 *
 * The invoice id is checked only when the text could be part of one (`couldBeInInvoiceId`, against the codes of
 * the stores). Returns the filter with `searchBy`, `searchKey`, `searchOrderIds` and `searchInvoices` set; a
 * filter that has `searchBy`, or no search text, as it is.
 */
export async function planSearch(
  db: Db,
  filter: OrdersFilter,
  options: PlanSearchOptions = {},
): Promise<OrdersFilter> {
  const search = filter.search?.trim() ?? '';
  if (filter.searchBy !== undefined || search === '') return filter;
  const stores = await db.selectFrom('stores').select('code').execute();
  const invoices = couldBeInInvoiceId(
    search,
    stores.map((store) => store.code),
  );
  if ([...search].length >= INDEXED_SEARCH_MIN_CHARS) {
    const keys = searchKeys(search);
    /** The first key the index finds in at most `max` orders, asking it no further than `max + 1`. */
    const firstKeyWithin = async (max: number, withIds: boolean) => {
      const common = new Set<string>();
      for (const key of keys) {
        // A run whose first and last characters are both common keys is taken as common itself (`muhammad`).
        const chars = [...key];
        const head = chars.slice(0, SEARCH_KEY_CHARS).join('');
        const tail = chars.slice(-SEARCH_KEY_CHARS).join('');
        if (isRun(key) && chars.length > SEARCH_KEY_CHARS && common.has(head) && common.has(tail)) continue;
        const probe = await probeIndex(db, { key, search, max, invoices, withIds });
        if (probe.found <= max) return { key, ...probe };
        common.add(key);
      }
      return undefined;
    };
    const indexed = (key: string, orderIds?: string[]): OrdersFilter => ({
      ...filter,
      searchBy: 'index',
      searchKey: key,
      searchOrderIds: orderIds,
      searchInvoices: invoices,
    });
    if (options.indexMax !== undefined) {
      const found = await firstKeyWithin(options.indexMax, true);
      if (found !== undefined) return indexed(found.key, found.orderIds);
    } else {
      // First as few matches as a page scans for anyway (their ids gathered on the way), then up to as many as the
      // period is worth: a text the index finds in `found` orders needs a period of 25 times as many.
      const few = await firstKeyWithin(SEARCH_INDEX_MIN, true);
      if (few !== undefined) return indexed(few.key, few.orderIds);
      const some = await firstKeyWithin(SEARCH_INDEX_MAX, false);
      const periodNeeded = (some?.found ?? 0) * SEARCH_LOOKUP_COST;
      if (some !== undefined && (await countPeriod(db, filter, periodNeeded)) >= periodNeeded) {
        return indexed(some.key);
      }
    }
  }
  return { ...filter, searchBy: 'scan', searchInvoices: invoices };
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

/** Whether the filter has a search text, matched through the index. */
const isIndexSearch = (filter: OrdersFilter) =>
  (filter.search?.trim() ?? '') !== '' && filter.searchBy === 'index';

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
  if (search !== '') {
    query = query.where(
      searchCondition(db, search, {
        by,
        key: filter.searchKey,
        orderIds: filter.searchOrderIds,
        invoices: filter.searchInvoices,
      }),
    );
  }
  return query;
}

/**
 * The query of one page of orders, newest first (ties by id), after `cursor`: keyset pagination on (created_at, id),
 * so a page never repeats or skips an order while new ones are sold between pages, and no OFFSET scan grows with
 * history. Reads one row more than `limit` to know whether another page follows.
 *
 * @throws {HttpProblem} 400 for a cursor that did not come from `next_cursor`.
 */
export function orderPageQuery(db: Db, filter: OrdersFilter, page: PageRequest) {
  let query = filtered(db, filter).selectAll('orders').select('invoices.id as invoice_id');
  if (page.cursor !== undefined) {
    const after = decodeCursor(page.cursor);
    // The plain bound `created_at <= at` is what both engines' indexes start from; with the `or` alone they would
    // read every order newer than the cursor again, and filter it out, on each page.
    query = query
      .where('orders.created_at', '<=', after.at)
      .where((eb) =>
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

/**
 * The query of the id and time of every order an index search matches (see {@link planSearch}), in no order: the
 * index gives the matches, and only their store and time are read. Exported so that tests can read its query plan.
 */
export function indexMatchesQuery(db: Db, filter: OrdersFilter) {
  return filtered(db, { ...filter, searchBy: 'index' }).select(['orders.id', 'orders.created_at']);
}

/** Newest first, ties by id (descending), as pages list orders. */
const newestFirst = (a: Pick<OrderRow, 'created_at' | 'id'>, b: Pick<OrderRow, 'created_at' | 'id'>) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

/** The id and time of every order an index search matches, newest first. */
async function indexMatches(db: Db, filter: OrdersFilter): Promise<Pick<OrderRow, 'id' | 'created_at'>[]> {
  const matches = await indexMatchesQuery(db, filter).execute();
  return matches.sort(newestFirst);
}

/** The rows of these orders with their invoice ids, newest first. */
async function orderRowsOf(db: Db, ids: readonly string[]): Promise<OrderPageRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .selectAll('orders')
    .select('invoices.id as invoice_id')
    .where('orders.id', 'in', ids)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .execute();
}

/** A page of rows (read with one row more than the page) and the cursor of the next page, null on the last. */
function toPage<T extends Pick<OrderRow, 'created_at' | 'id'>>(
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return { rows: shown, nextCursor: more && last !== undefined ? encodeCursor(last) : null };
}

/** The page of an index search from its matches (newest first): the orders after the cursor, read by id. */
async function pageOfMatches(
  db: Db,
  matches: readonly Pick<OrderRow, 'id' | 'created_at'>[],
  page: PageRequest,
): Promise<{ rows: OrderPageRow[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const start =
    after === undefined
      ? 0
      : matches.findIndex(
          (match) => match.created_at < after.at || (match.created_at === after.at && match.id < after.id),
        );
  const keys = start === -1 ? [] : matches.slice(start, start + page.limit + 1);
  const { nextCursor } = toPage(keys, page.limit);
  const rows = await orderRowsOf(
    db,
    keys.slice(0, page.limit).map((key) => key.id),
  );
  return { rows, nextCursor };
}

/** One page of order rows, newest first (see {@link orderPageQuery}), and the cursor of the next page, null on the last. */
export async function listOrderRows(
  db: Db,
  filter: OrdersFilter,
  page: PageRequest,
): Promise<{ rows: OrderPageRow[]; nextCursor: string | null }> {
  const planned = await planSearch(db, filter);
  if (isIndexSearch(planned)) return pageOfMatches(db, await indexMatches(db, planned), page);
  return toPage(await orderPageQuery(db, planned, page).execute(), page.limit);
}

/** A count that stopped at `max` is "more than max". */
const bounded = (count: number, max: number) =>
  count > max ? { total: max, estimate: true } : { total: count, estimate: false };

/**
 * How many orders the filter matches, counted up to `max` (default {@link ORDERS_COUNT_MAX}; one more tells "more
 * than that"); a search's newest first.
 */
export async function countOrders(
  db: Db,
  filter: OrdersFilter,
  max: number = ORDERS_COUNT_MAX,
): Promise<{ total: number; estimate: boolean }> {
  const planned = await planSearch(db, filter);
  if ((planned.search?.trim() ?? '') === '') return bounded(await countPeriod(db, planned, max), max);
  if (isIndexSearch(planned)) return bounded((await indexMatches(db, planned)).length, max);
  // Newest first, where a page finds the matches.
  const capped = filtered(db, planned)
    .select(sql<number>`1`.as('one'))
    .orderBy('orders.created_at', 'desc')
    .limit(max + 1);
  const row = await db
    .selectFrom(capped.as('matching'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return bounded(Number(row.count), max);
}

/**
 * The most orders of the period a search's scan reads, newest first, for a page (or its count); when they do not
 * hold enough matches and the period goes on, the index answers instead. A common text (`hafiz`, one order in 80)
 * fills a page and its count within 8,000 orders; one that is common over years but rare in the period (or whose
 * frequency PostgreSQL's statistics overestimate, `hteo`: 7,427 orders expected, 740 found) would otherwise scan the
 * whole period.
 */
export const SEARCH_SCAN_MAX = 10_000;

/**
 * The scan of a search: up to `limit + 1` matching orders after the cursor, newest first, reading no more than the
 * `scanMax` ({@link SEARCH_SCAN_MAX}) newest orders of the period (after the cursor); undefined when those did not hold that
 * many matches and the period goes on. Texts too short for the index scan the whole period.
 */
async function scanNewest(
  db: Db,
  filter: OrdersFilter,
  page: PageRequest,
  scanMax: number,
): Promise<OrderPageRow[] | undefined> {
  if ([...(filter.search?.trim() ?? '')].length < INDEXED_SEARCH_MIN_CHARS) {
    return orderPageQuery(db, filter, page).execute();
  }
  let period = periodOrders(db, filter).select('orders.created_at');
  if (page.cursor !== undefined)
    period = period.where('orders.created_at', '<=', decodeCursor(page.cursor).at);
  // The `scanMax`-th newest order of the period, and whether an older one follows it.
  const [boundary, older] = await period
    .orderBy('orders.created_at', 'desc')
    .limit(2)
    .offset(scanMax - 1)
    .execute();
  if (boundary === undefined || older === undefined) return orderPageQuery(db, filter, page).execute();
  // The newest orders of the period are those from the boundary's time on (a few more when several share it).
  const rows = await orderPageQuery(db, { ...filter, from: new Date(boundary.created_at) }, page).execute();
  return rows.length > page.limit ? rows : undefined;
}

/**
 * A page of rows and the count of the filter's orders:
 * - without a search text, the page (keyset, newest first) and a count up to {@link ORDERS_COUNT_MAX};
 * - a search through the index: every match's id and time in one statement, counted exactly, sorted, and the
 *   page's rows read by id;
 * - a search by scan: the first page and its count from one newest-first scan that stops at
 *   {@link SEARCH_COUNT_MAX} matches (or the page size); a later page and that count in two; either through the
 *   index when the scan's {@link SEARCH_SCAN_MAX} orders do not hold them.
 */
async function pageAndCount(
  db: Db,
  filter: OrdersFilter,
  page: PageRequest,
  scanMax: number,
): Promise<{ rows: OrderPageRow[]; nextCursor: string | null; total: number; estimate: boolean }> {
  const planned = await planSearch(db, filter);
  if ((planned.search?.trim() ?? '') === '') {
    // The count rides along with the page (a subquery both engines run once): one statement, one round trip.
    const counted = periodOrders(db, planned)
      .select(sql<number>`1`.as('one'))
      .limit(ORDERS_COUNT_MAX + 1);
    const rows = await orderPageQuery(db, planned, page)
      .select((eb) =>
        eb
          .selectFrom(counted.as('matching'))
          .select((count) => count.fn.countAll<number>().as('count'))
          .as('matching_count'),
      )
      .execute();
    const count = rows[0] === undefined ? undefined : Number(rows[0].matching_count);
    const listed = toPage(rows, page.limit);
    return {
      ...listed,
      ...(count === undefined ? await countOrders(db, planned) : bounded(count, ORDERS_COUNT_MAX)),
    };
  }
  if (isIndexSearch(planned)) {
    const matches = await indexMatches(db, planned);
    return { ...(await pageOfMatches(db, matches, page)), total: matches.length, estimate: false };
  }
  const throughIndex = () => pageAndCount(db, { ...planned, searchBy: 'index' }, page, scanMax);
  const max = Math.max(SEARCH_COUNT_MAX, page.limit);
  if (page.cursor === undefined) {
    const rows = await scanNewest(db, planned, { limit: max }, scanMax);
    if (rows === undefined) return throughIndex();
    return { ...toPage(rows.slice(0, page.limit + 1), page.limit), ...bounded(rows.length, max) };
  }
  const rows = await scanNewest(db, planned, page, scanMax);
  const counted = rows === undefined ? undefined : await scanNewest(db, planned, { limit: max }, scanMax);
  if (rows === undefined || counted === undefined) return throughIndex();
  return { ...toPage(rows, page.limit), ...bounded(counted.length, max) };
}

/**
 * A page of light rows: what the orders table shows and its row actions need (the detail is get_order), and how many
 * orders match: counted up to {@link ORDERS_COUNT_MAX}; with a search text, exactly through the index, else up to
 * {@link SEARCH_COUNT_MAX}. `scanMax` (default {@link SEARCH_SCAN_MAX}) is for tests.
 */
export async function listOrdersPage(
  db: Db,
  filter: OrdersFilter,
  page: PageRequest,
  options: { scanMax?: number } = {},
): Promise<OrderPage> {
  const { rows, nextCursor, total, estimate } = await pageAndCount(
    db,
    filter,
    page,
    options.scanMax ?? SEARCH_SCAN_MAX,
  );
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
      // Refunds by line leave an order PAID: the row says how much went back (only when some did).
      ...(row.refunded_sen > 0 ? { refunded_amount: toRinggit(sen(row.refunded_sen)) } : {}),
    })),
    next_cursor: nextCursor,
    total,
    total_is_estimate: estimate,
  };
}
