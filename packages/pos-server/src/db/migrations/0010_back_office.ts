import { type Kysely, sql } from 'kysely';
import { sqlIn } from './sqlIn';

/**
 * The back office:
 * - `staff.role`: `staff` or `manager`; only managers may use the back-office calls. Every member so far is `staff`
 *   except the demo's manager (`manager@demo.pos`); promote others with `pos-server user role`.
 * - `merch_variants.barcode`: a product barcode the scanner may read instead of the SKU.
 * - `venue_settings`: one row per store: what receipts carry, and the venue's time zone (filled at start-up from
 *   `POS_TIMEZONE` when missing).
 */
export const backOffice = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('staff')
      .addColumn('role', 'text', (col) =>
        col
          .notNull()
          .defaultTo('staff')
          .check(sqlIn('role', ['staff', 'manager'])),
      )
      .execute();
    await sql`update staff set role = 'manager' where email = 'manager@demo.pos'`.execute(db);
    await db.schema.alterTable('merch_variants').addColumn('barcode', 'text').execute();
    await db.schema
      .createIndex('merch_variants_store_barcode')
      .on('merch_variants')
      .columns(['store', 'barcode'])
      .execute();
    await db.schema
      .createTable('venue_settings')
      .addColumn('store', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('registration_no', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('receipt_footer', 'text', (col) => col.notNull())
      .addColumn('time_zone', 'text', (col) => col.notNull())
      .addColumn('currency_display', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('updated_by', 'text')
      .execute();
  },
};
