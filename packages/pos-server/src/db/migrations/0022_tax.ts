import type { Kysely } from 'kysely';

/**
 * Sales and service tax: the venue's tax codes (`tax_codes`: a name, a rate in basis points, the MyInvois tax type), a
 * code per catalogue variant (`pass_variants.tax_code`, `merch_variants.tax_code`, null: untaxed), and the venue's
 * `prices_include_tax` (1: prices hold their tax, the default; 0: tax is added on top) and `sst_registration_no`.
 * A venue without codes sells exactly as before.
 */
export const tax = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tax_codes')
      .addColumn('store', 'text', (col) => col.notNull())
      .addColumn('code', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('rate_bp', 'integer', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('tax_codes_pk', ['store', 'code'])
      .execute();
    for (const table of ['pass_variants', 'merch_variants']) {
      await db.schema.alterTable(table).addColumn('tax_code', 'text').execute();
    }
    await db.schema
      .alterTable('venue_settings')
      .addColumn('prices_include_tax', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('venue_settings')
      .addColumn('sst_registration_no', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  },
};
