import type { Kysely } from 'kysely';

/**
 * The venue's identity as MyInvois's supplier (docs/einvoice.md): one row per store, kept by a manager
 * (`pos einvoice settings set`). The registered name is the venue's name and the SST number the venue's
 * `sst_registration_no` (migrations 0010 and 0022), so neither is kept twice. The MyInvois client secret and the
 * signing key are not here: they come from the server's environment only.
 *
 * Empty text is "not set yet": a consolidated e-invoice is refused until the required fields are filled in.
 */
export const einvoiceIdentity = {
  async up(db: Kysely<unknown>): Promise<void> {
    let table = db.schema
      .createTable('einvoice_settings')
      .addColumn('store', 'text', (col) => col.primaryKey());
    for (const column of [
      'tin',
      'brn',
      'msic_code',
      'activity',
      'address_line',
      'city',
      'postcode',
      'state_code',
      'phone',
      'email',
    ]) {
      table = table.addColumn(column, 'text', (col) => col.notNull().defaultTo(''));
    }
    await table
      .addColumn('country', 'text', (col) => col.notNull().defaultTo('MYS'))
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('updated_by', 'text')
      .execute();
  },
};
