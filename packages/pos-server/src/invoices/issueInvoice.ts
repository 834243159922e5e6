import { sql } from 'kysely';
import type { Db } from '../db/Database';

/** How an invoice number looks: the store code and the number, zero-padded to 6 digits (`STORE-000042`). */
export function formatInvoiceId(store: string, number: number): string {
  return `${store}-${String(number).padStart(6, '0')}`;
}

/**
 * Issues the store's next invoice for an order: numbers are unique and sequential per store.
 *
 * Call it inside the order's transaction. The counter is bumped with one atomic upsert (which also locks the
 * store's counter row on PostgreSQL until commit), so concurrent sales get distinct numbers and a rolled-back
 * sale leaves no gap.
 *
 * @returns the invoice id, e.g. `STORE-000042`.
 */
export async function issueInvoice(
  db: Db,
  options: { store: string; orderId: string; now: Date },
): Promise<string> {
  const { last_number: number } = await db
    .insertInto('invoice_counters')
    .values({ store: options.store, last_number: 1 })
    .onConflict((conflict) =>
      conflict.column('store').doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  const id = formatInvoiceId(options.store, number);
  await db
    .insertInto('invoices')
    .values({
      id,
      store: options.store,
      number,
      order_id: options.orderId,
      issued_at: options.now.toISOString(),
    })
    .execute();
  return id;
}
