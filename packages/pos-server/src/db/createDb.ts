import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './Database';

/** Which engine a database URL points at. */
export type DatabaseEngine = 'sqlite' | 'postgres';

/** Options of {@link createDb}. */
export interface CreateDbOptions {
  /** PostgreSQL only: the schema every connection uses (`search_path`), e.g. a per-test schema. */
  schema?: string;
  /** PostgreSQL only: the pool size (default 10). */
  poolSize?: number;
  /** Base directory for a relative `sqlite:` path (default: the working directory). */
  cwd?: string;
}

/** The engine of a `POS_DATABASE_URL`: `sqlite:…` or `postgres://…` / `postgresql://…`. */
export function databaseEngine(url: string): DatabaseEngine {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new RangeError('The database URL must be sqlite:PATH or postgres://…');
}

/** The path of a `sqlite:` URL as written (`./data/pos.db`, `/var/lib/pos/pos.db` or `:memory:`), not resolved. */
export function sqliteUrlPath(url: string): string {
  return url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
}

/** The file path of a `sqlite:` URL, resolved against `cwd`; `:memory:` stays as it is. */
export function sqlitePath(url: string, cwd = process.cwd()): string {
  const path = sqliteUrlPath(url);
  return path === ':memory:' ? path : resolve(cwd, path);
}

// BIGINT (oid 20: counts, sums, money columns) and NUMERIC (oid 1700: SUM over BIGINT) arrive from pg as
// strings by default. Every such value here is an integer number of sen or a count, far inside the safe range,
// so they are parsed as numbers. Scoped to this pool, not set globally on the pg module.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
};

const SAFE_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens the database of a `POS_DATABASE_URL` as a Kysely instance.
 *
 * - `sqlite:PATH` (relative to `cwd`, or absolute) or `sqlite::memory:`: better-sqlite3 with WAL journal,
 *   foreign keys on and a 5 s busy timeout; the parent folder is created if missing.
 * - `postgres://…`: a `pg` pool; BIGINT and NUMERIC values are returned as numbers.
 *
 * Close it with `db.destroy()`.
 *
 * @example
 * const db = createDb('sqlite:./data/pos.db');
 */
export function createDb(url: string, options: CreateDbOptions = {}): Kysely<Database> {
  if (databaseEngine(url) === 'sqlite') {
    const path = sqlitePath(url, options.cwd);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const database = new BetterSqlite3(path);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  }
  if (options.schema !== undefined && !SAFE_SCHEMA.test(options.schema)) {
    throw new RangeError(`Invalid PostgreSQL schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  // An idle client's connection error (e.g. the server restarted) must not crash the process: the next query
  // gets a fresh client, and a query that was running fails on its own.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
