import type { Kysely } from 'kysely';

/**
 * Individual e-invoices (docs/einvoice.md, "A buyer's e-invoice"):
 *
 * - `einvoice_buyers`: the buyer of an order's own e-invoice, one row per order (its key), written when a buyer asks
 *   on the request page or the cashier gives the buyer of a sale above RM 10,000 at checkout (`source`: `request`,
 *   `checkout`); `kind` `generalPublic` keeps the other fields empty (LHDN's general public buyer). The buyer's email
 *   is where the validated e-invoice is sent.
 * - `einvoice_request_keys`: one secret per store, made on first use, that the request pages' links are signed
 *   with (an HMAC of the order's id): nothing per order is written at checkout.
 * - `einvoice_settings.request_days`: how many days after a sale its request page stays open (null: until the
 *   month's consolidated e-invoice is queued).
 */
export const einvoiceBuyers = {
  async up(db: Kysely<unknown>): Promise<void> {
    let table = db.schema
      .createTable('einvoice_buyers')
      .addColumn('order_id', 'text', (col) => col.primaryKey().references('orders.id'))
      .addColumn('store', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull());
    for (const column of [
      'name',
      'tin',
      'id_type',
      'id_value',
      'sst_no',
      'address_line',
      'city',
      'postcode',
      'state_code',
      'country',
      'phone',
      'email',
    ]) {
      table = table.addColumn(column, 'text', (col) => col.notNull().defaultTo(''));
    }
    await table.addColumn('created_at', 'text', (col) => col.notNull()).execute();
    await db.schema
      .createTable('einvoice_request_keys')
      .addColumn('store', 'text', (col) => col.primaryKey())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.alterTable('einvoice_settings').addColumn('request_days', 'integer').execute();
  },
};
