import { ORDERS_PAGE_DEFAULT, ORDERS_UNPAGED_MAX, type Order } from 'pos-sdk/contract';
import { requireOrigin } from '../catalogue';
import type { Db } from '../db/Database';
import type { VenueSource } from '../http/AppContext';
import { countOrders, listOrderRows, listOrdersPage } from './listOrdersPage';
import { ordersToWire } from './ordersToWire';

/** What get_orders answers, and for an unpaged answer that was cut, how many match and where the rest starts. */
export interface OrdersAnswer {
  orders: Awaited<ReturnType<typeof listOrdersPage>> | Order[];
  more?: { total: number; nextCursor: string };
}

/**
 * get_orders: a period of an origin's orders, newest first, searched by invoice id or customer email. Asked for a
 * page (`limit` or `cursor`), a page of light rows; otherwise the spec's call, the full orders, at most
 * ORDERS_UNPAGED_MAX, and never silently cut: `more` says how many match and where the rest starts.
 *
 * @throws {HttpProblem} 404 for an unknown origin.
 */
export async function getOrders(
  db: Db,
  query: {
    origin: string;
    from: string;
    to?: string | undefined;
    search?: string | undefined;
    limit?: number | undefined;
    cursor?: string | undefined;
  },
  venue: Pick<VenueSource, 'timeZone'>,
): Promise<OrdersAnswer> {
  const { origin, from, to, search, limit, cursor } = query;
  await requireOrigin(db, origin);
  const filter = { origin, from: new Date(from), to: to === undefined ? undefined : new Date(to), search };
  if (limit !== undefined || cursor !== undefined) {
    return { orders: await listOrdersPage(db, filter, { limit: limit ?? ORDERS_PAGE_DEFAULT, cursor }) };
  }
  const { rows, nextCursor } = await listOrderRows(db, filter, { limit: ORDERS_UNPAGED_MAX });
  const more = nextCursor === null ? undefined : { total: (await countOrders(db, filter)).total, nextCursor };
  const orders = await ordersToWire(db, rows, { timeZone: await venue.timeZone() });
  return more === undefined ? { orders } : { orders, more };
}
