import { sql } from 'kysely';
import type { Db } from './Database';
import { isPostgres } from './dialect';
import { preparedQuery } from './preparedQuery';

/** The key of {@link lockName}: the connection's schema and the name's parts, hashed to PostgreSQL's 64-bit lock key. */
const lockKey = (key: unknown) => sql<string>`hashtextextended(current_schema() || ${key}, 0)`;

const exclusive = preparedQuery(
  (db, key: string) => db.selectNoFrom(sql`pg_advisory_xact_lock(${lockKey(key)})`.as('locked')),
  1,
);
const shared = preparedQuery(
  (db, key: string) => db.selectNoFrom(sql`pg_advisory_xact_lock_shared(${lockKey(key)})`.as('locked')),
  1,
);

/**
 * Locks a name (e.g. `['catalogue', 'sku', store, sku]`) until the caller's transaction ends, on PostgreSQL: for a rule
 * about rows that may not exist yet, so there is no row to lock (a SKU unique across two tables, no shift opening
 * across a time-zone change). `shared` holders do not wait for each other, only for an exclusive one. The key includes
 * the connection's schema (advisory locks are database-wide: servers of other schemas of one database do not wait for
 * each other); a hash collision only makes two unrelated calls wait for each other. SQLite runs one write transaction
 * at a time: nothing to lock there.
 */
export async function lockName(
  db: Db,
  parts: readonly string[],
  mode: 'exclusive' | 'shared' = 'exclusive',
): Promise<void> {
  if (!isPostgres(db)) return;
  await (mode === 'shared' ? shared : exclusive).execute(db, JSON.stringify(parts));
}
