import { PostgresAdapter } from 'kysely';
import type { Db } from './Database';

/** Whether the database is PostgreSQL (else SQLite). */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
