import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL: the catalogue version's trigger function (0012) finds `catalogue_version` in the schema it was created
 * in, whatever the `search_path` of the session that changes the catalogue. Before, it named the table unqualified
 * and so looked it up in the writing session's `search_path`: a price fixed by hand in psql with the schema in front
 * of the table's name (`update venue1.pass_prices ...`) failed with 'relation "catalogue_version" does not exist', or,
 * where another venue's tables sat in that path, bumped that venue's version and left this venue's servers selling
 * from a stale catalogue cache. `set search_path from current` is the migrating session's path, the venue's schema
 * (the order export's functions of 0015 were created so from the start). SQLite has one schema: nothing to do.
 */
export const catalogueVersionSearchPath = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`alter function bump_catalogue_version() set search_path from current`.execute(db);
  },
};
