import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Merchandise stock: a level per tracked variant of the store (`stock_levels`, kept as a row for speed) and every
 * change as a movement (`stock_movements`: sale, refund, cancel, delivery, count, damage, correction), the level being
 * the sum of the movements. A variant without a row is not tracked and sells as before. Starting or stopping to keep
 * a variant's stock (a row inserted or deleted, not a level's change) bumps the catalogue version, as a catalogue
 * change does: a sale's cached catalogue entry says whether its variant is tracked. `venue_settings.
 * stock_below_zero`: `allow` (the default) sells below zero, `refuse` refuses a sale the shelf cannot cover.
 */
export const stock = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('stock_levels')
      .addColumn('store', 'text', (col) => col.notNull())
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('low_level', 'integer')
      .addColumn('cost_sen', 'integer', (col) => col.check(sql`cost_sen >= 0`))
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('stock_levels_pk', ['store', 'sku'])
      .execute();
    await db.schema
      .createTable('stock_movements')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store', 'text', (col) => col.notNull())
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) =>
        col
          .notNull()
          .check(sql`kind in ('sale', 'refund', 'cancel', 'delivery', 'count', 'damage', 'correction')`),
      )
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('level_after', 'integer', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('staff_id', 'text')
      .addColumn('terminal_id', 'text')
      .addColumn('order_id', 'text')
      .addColumn('at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('stock_movements_sku')
      .on('stock_movements')
      .columns(['store', 'sku', 'at'])
      .execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create trigger stock_levels_bumps_catalogue_version
        after insert or delete or truncate on stock_levels
        for each statement execute function bump_catalogue_version()`.execute(db);
    } else {
      for (const event of ['insert', 'delete']) {
        await sql`create trigger ${sql.raw(`stock_levels_${event}_bumps_catalogue_version`)}
          after ${sql.raw(event)} on stock_levels
          begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
    await db.schema
      .alterTable('venue_settings')
      .addColumn('stock_below_zero', 'text', (col) =>
        col.notNull().defaultTo('allow').check(sql`stock_below_zero in ('allow', 'refuse')`),
      )
      .execute();
  },
};
