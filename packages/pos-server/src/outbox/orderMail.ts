import type { OrderMail } from 'pos-sdk/contract';
import type { Db } from '../db/Database';

/**
 * The emails of some orders (`Order.mail`), oldest first, by order id: kind, recipient, status, attempts, the
 * last failure's reason, when queued and when sent.
 */
export async function mailOfOrders(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderMail[]>> {
  const byOrder = new Map<string, OrderMail[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['order_id', 'kind', 'to_address', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('kind', 'desc') // receipt before passes within one event
    .execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push({
      kind: row.kind,
      to: row.to_address,
      status: row.status,
      attempts: Number(row.attempts),
      last_error: row.last_error,
      created_at: row.created_at,
      sent_at: row.sent_at,
    });
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}
