import type { Db } from '../db/Database';

/** The invoice id of each order that has one, by order id, in one query. */
export async function invoiceIdsByOrder(db: Db, orderIds: readonly string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const invoices = await db
    .selectFrom('invoices')
    .select(['id', 'order_id'])
    .where('order_id', 'in', orderIds)
    .execute();
  return new Map(invoices.map((invoice) => [invoice.order_id, invoice.id]));
}
