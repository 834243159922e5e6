import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The tables a sale's catalogue check reads: a write to any of them is a catalogue change. */
export const CATALOGUE_TABLES = [
  'pass_products',
  'pass_variants',
  'pass_prices',
  'merchandise',
  'merch_variants',
] as const;

/**
 * The catalogue's version: one row, `catalogue_version (id = 1, version)`, bumped by the database itself
 * (triggers) in the same transaction as any insert, update or delete of a catalogue table, whoever makes it: the
 * back office of this server or of another one on the same database, an import, or SQL typed by hand. A sale reads
 * the version in its transaction and reuses the catalogue entries a server cached for that version only
 * (`catalogue/catalogueCache`), so no server sells at a price that a committed change replaced.
 */
export const catalogueVersion = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('catalogue_version')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('version', 'integer', (col) => col.notNull())
      .execute();
    await sql`insert into catalogue_version (id, version) values (1, 0)`.execute(db);

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create function bump_catalogue_version() returns trigger language plpgsql as $$
        begin update catalogue_version set version = version + 1 where id = 1; return null; end $$`.execute(
        db,
      );
      for (const table of CATALOGUE_TABLES) {
        await sql`create trigger ${sql.raw(`${table}_bumps_catalogue_version`)}
          after insert or update or delete or truncate on ${sql.table(table)}
          for each statement execute function bump_catalogue_version()`.execute(db);
      }
      return;
    }
    for (const table of CATALOGUE_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_${event}_bumps_catalogue_version`)}
          after ${sql.raw(event)} on ${sql.table(table)}
          begin update catalogue_version set version = version + 1 where id = 1; end`.execute(db);
      }
    }
  },
};
