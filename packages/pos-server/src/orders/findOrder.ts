import { ORDER_MESSAGES } from 'pos-sdk/messages';
import type { Db, OrderRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';

/**
 * An order by its `_id` or, when no id is given, by its invoice id (trimmed; invoice ids are matched without
 * regard to case, `store-000042` finds `STORE-000042`).
 *
 * @throws {HttpProblem} 404 'Order not found' / 'Invoice X not found'.
 */
export async function requireOrder(db: Db, by: { orderId?: string; invoiceId?: string }): Promise<OrderRow> {
  if (by.orderId !== undefined) {
    const row = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', by.orderId.trim())
      .executeTakeFirst();
    if (row === undefined) throw HttpProblem.notFound(ORDER_MESSAGES.orderNotFound);
    return row;
  }
  const invoiceId = (by.invoiceId ?? '').trim();
  const row = await db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.order_id', 'orders.id')
    .selectAll('orders')
    .where('invoices.id', '=', invoiceId.toUpperCase())
    .executeTakeFirst();
  if (row === undefined) throw HttpProblem.notFound(ORDER_MESSAGES.invoiceNotFound(invoiceId));
  return row;
}
