import type { Db, OrderRow } from '../db/Database';
import { containsIgnoringCase } from './containsPattern';

/** The most orders one get_orders answers (a day of a busy venue fits many times over). */
export const MAX_LISTED_ORDERS = 1000;

/** A get_orders filter: origin (store), period and optional search text. */
export interface OrdersFilter {
  origin: string;
  /** Inclusive. */
  from: Date;
  /** Exclusive; open-ended when undefined. */
  to?: Date | undefined;
  /** Case-insensitive substring of the invoice id or the customer email; blank means no search. */
  search?: string | undefined;
}

/**
 * The orders of an origin in a period, newest first (ties by id), optionally searched by invoice id or customer
 * email, at most {@link MAX_LISTED_ORDERS}.
 */
export async function listOrders(db: Db, filter: OrdersFilter): Promise<OrderRow[]> {
  let query = db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .selectAll('orders')
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
  return query
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(MAX_LISTED_ORDERS)
    .execute();
}
