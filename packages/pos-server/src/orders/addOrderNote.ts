import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { recordAudit } from '../audit';
import type { Database, OrderRow } from '../db/Database';
import { requireOrder } from './findOrder';

/** Adds a note to an order (404 for an unknown order), with the audit entry. */
export async function addOrderNote(
  trx: Transaction<Database>,
  options: { orderId: string; note: string; staffId: string; terminalId: string; now: Date },
): Promise<OrderRow> {
  const order = await requireOrder(trx, { orderId: options.orderId });
  const id = randomUUID();
  await trx
    .insertInto('order_notes')
    .values({
      id,
      order_id: order.id,
      text: options.note.trim(),
      staff_id: options.staffId,
      at: options.now.toISOString(),
    })
    .execute();
  await recordAudit(trx, {
    action: 'order.noted',
    staffId: options.staffId,
    terminalId: options.terminalId,
    at: options.now,
    subject: { type: 'order', id: order.id },
    details: { note_id: id },
  });
  return order;
}
