import { sql } from 'kysely';
import type { Db } from '../db/Database';
import { preparedInsert, preparedQuery } from '../db/preparedQuery';

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
  const counter = await nextNumber.executeTakeFirst(db, options.store);
  if (counter === undefined) throw new Error('The invoice counter returned no number');
  const number = Number(counter.last_number);
  const id = formatInvoiceId(options.store, number);
  await insertInvoices(db, [
    { id, store: options.store, number, order_id: options.orderId, issued_at: options.now.toISOString() },
  ]);
  return id;
}

/** The counter's upsert, compiled once (preparedQuery): every sale and renewal issues a number. */
const nextNumber = preparedQuery(
  (db, store: string) =>
    db
      .insertInto('invoice_counters')
      .values({ store, last_number: 1 })
      .onConflict((conflict) =>
        conflict.column('store').doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
      )
      .returning('last_number'),
  1,
);
const insertInvoices = preparedInsert('invoices');
