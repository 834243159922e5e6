import type { Compilable } from 'kysely';
import type { Db } from './Database';

/**
 * The mark that asks `createDb`'s drivers for a query's rows as arrays of values in select order instead of objects
 * (better-sqlite3's `raw` mode, pg's `rowMode: 'array'`): a leading SQL comment, so the text stays valid SQL
 * whichever driver sees it, and the statement caches keep it apart from the same query read as objects.
 */
export const ROWS_AS_ARRAYS = '/* rows as arrays */ ';

/**
 * Runs a Kysely query and answers its rows as arrays of values in the order of its select list: the one path where
 * the code asks more of the drivers than Kysely gives. On the export's page query, building an object of 15 columns
 * a row costs the drivers clearly more than an array, and the export's budget a row is small
 * (docs/performance.md). Kysely still builds and compiles the query; only the shape of the rows changes.
 */
export async function selectRowsAsArrays<Row extends readonly unknown[]>(
  db: Db,
  query: Compilable<unknown>,
): Promise<Row[]> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<Row>({ ...compiled, sql: `${ROWS_AS_ARRAYS}${compiled.sql}` });
  return rows;
}
