import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The columns 0029 adds, table by table (undone in the migration tests). */
export const ORDER_TAX_COLUMNS = [
  ['orders', 'tax_sen'],
  ['orders', 'prices_include_tax'],
  ['order_items', 'tax_code'],
  ['order_items', 'tax_name'],
  ['order_items', 'tax_type'],
  ['order_items', 'tax_rate_bp'],
  ['order_items', 'tax_sen'],
  ['order_items', 'refunded_tax_sen'],
  ['order_refunds', 'tax_sen'],
  ['order_refund_lines', 'tax_sen'],
] as const;

/** The triggers 0029 adds: a change of a tax code or of the venue's price mode is a catalogue change. */
export const ORDER_TAX_TRIGGERS = ['tax_codes', 'venue_settings'] as const;

/**
 * Tax sold with each order: every line keeps its code, the code's name, MyInvois type and rate as sold, and its tax in
 * sen (`order_items`); the order its tax (the sum of its lines') and whether its prices held the tax
 * (`orders.prices_include_tax`; `orders.total_sen` is what the customer paid, with tax added on top when they did
 * not). Refunds keep the tax they gave back, per refund and per line, and each line what of its tax was refunded.
 * Orders sold before have no tax (0) and prices that held it (1), which is what they were.
 *
 * A tax code's change, and a change of the venue's settings (among them `prices_include_tax`), bump the catalogue's
 * version like a catalogue change, so a server's cached catalogue entries (which carry their code's rate) are read
 * again: no sale is taxed at a rate a committed change replaced.
 */
export const orderTax = {
  async up(db: Kysely<unknown>): Promise<void> {
    const integer = (table: string, column: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    const text = (table: string, column: string) =>
      db.schema.alterTable(table).addColumn(column, 'text').execute();
    await integer('orders', 'tax_sen');
    await db.schema
      .alterTable('orders')
      .addColumn('prices_include_tax', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await text('order_items', 'tax_code');
    await text('order_items', 'tax_name');
    await text('order_items', 'tax_type');
    await integer('order_items', 'tax_rate_bp');
    await integer('order_items', 'tax_sen');
    await integer('order_items', 'refunded_tax_sen');
    await integer('order_refunds', 'tax_sen');
    await integer('order_refund_lines', 'tax_sen');

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      for (const table of ORDER_TAX_TRIGGERS) {
        await sql`create trigger ${sql.raw(`${table}_bumps_catalogue_version`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function bump_catalogue_version()`.execute(db);
      }
      return;
    }
    for (const table of ORDER_TAX_TRIGGERS) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_${event}_bumps_catalogue_version`)}
          after ${sql.raw(event)} on ${sql.table(table)}
          begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },
};
