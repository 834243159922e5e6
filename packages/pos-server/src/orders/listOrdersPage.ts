import { sen, toRinggit } from 'pos-sdk';
import { ORDERS_COUNT_MAX, type OrderPage } from 'pos-sdk/contract';
import type { Db, OrderRow } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import { containsIgnoringCase } from './containsPattern';
import { ORDER_MESSAGES } from './orderMessages';

/** A get_orders filter: origin (store), period and optional search text. */
export interface OrdersFilter {
  origin: string;
  /** Inclusive. */
  from: Date;
  /** Exclusive; open-ended when undefined. */
  to?: Date | undefined;
  /** Case-insensitive part of the invoice id or the customer email; blank means no search. */
  search?: string | undefined;
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
  let query = db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .where('orders.store', '=', filter.origin)
    .where('orders.created_at', '>=', filter.from.toISOString());
  if (filter.to !== undefined) query = query.where('orders.created_at', '<', filter.to.toISOString());
  const search = filter.search?.trim() ?? '';
  if (search !== '') {
    query = query.where((eb) =>
      eb.or([
        containsIgnoringCase('invoices.id', search),
        containsIgnoringCase('orders.customer_email', search),
      ]),
    );
  }
  return query;
}

/**
 * One page of orders, newest first (ties by id), after `cursor`: keyset pagination on (created_at, id), so a page
 * never repeats or skips an order while new ones are sold between pages, and no OFFSET scan grows with history.
 * Reads one row more than `limit` to know whether another page follows.
 */
export async function listOrderRows(
  db: Db,
  filter: OrdersFilter,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ rows: (OrderRow & { invoice_id: string | null })[]; nextCursor: string | null }> {
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
  const rows = await query
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(page.limit + 1)
    .execute();
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
  const capped = filtered(db, filter)
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
  const { rows, nextCursor } = await listOrderRows(db, filter, page);
  const { total, estimate } = await countOrders(db, filter);
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
