import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from './Database';
import { groupCommitOf, TRANSACTION_CONTROL } from './groupCommit';
import { PREPARED } from './preparedQuery';
import { ROWS_AS_ARRAYS } from './rowsAsArrays';

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
  /**
   * PostgreSQL only: a transaction left idle longer than this (ms, default 30000) is ended by the database server
   * (`idle_in_transaction_session_timeout`), releasing its locks.
   */
  idleInTransactionTimeoutMs?: number;
}

/**
 * The default {@link CreateDbOptions.idleInTransactionTimeoutMs}. The server's transactions never wait between
 * statements; one idle this long belongs to a server the database cannot see die (its host lost power or its network
 * went away: no connection is closed), and would hold its locks, such as an idempotency claim, for hours.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

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
function pgTypesOf(types: typeof pg.types) {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20 || oid === 1700) return (value: string) => Number(value);
      return format === 'binary' ? types.getTypeParser(oid, 'binary') : types.getTypeParser(oid, 'text');
    },
  };
}

const SAFE_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** How many prepared statements a connection keeps (least recently used ones are dropped beyond this). */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * better-sqlite3 with a statement cache: Kysely asks the database to `prepare` every query's SQL afresh, and
 * preparing took a large share of the checkout's time. The same SQL text reuses its statement, kept in a
 * least-recently-used map of {@link STATEMENT_CACHE_SIZE}. A query marked {@link ROWS_AS_ARRAYS} gives arrays. Safe because better-sqlite3 runs one statement at a time
 * on its one connection, and Kysely serialises that connection.
 *
 * Kysely's `begin`, `commit` and `rollback` are group-committed (`groupCommit.ts`): a transaction is a savepoint of a
 * batch committed, with one sync of the disk, once per turn of the event loop. Closing commits the open batch.
 */
function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const group = groupCommitOf(database);
  const control = (run: () => void) => ({
    reader: false,
    busy: false,
    run: () => {
      run();
      return { changes: 0, lastInsertRowid: 0 };
    },
  });
  const transactionStatements = new Map<string, unknown>([
    ['begin', control(group.begin)],
    ['commit', control(group.commit)],
    ['rollback', control(group.rollback)],
  ]);
  return {
    close: () => {
      statements.clear();
      try {
        group.flush();
      } finally {
        database.close();
      }
    },
    prepare(sql: string) {
      if (TRANSACTION_CONTROL.has(sql)) return transactionStatements.get(sql);
      const cached = statements.get(sql);
      if (cached !== undefined && !cached.busy) {
        statements.delete(sql); // most recently used last
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (sql.startsWith(ROWS_AS_ARRAYS)) statement.raw(true);
      if (cached === undefined) {
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE_SIZE)
          statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  } as SqliteDatabase;
}

/**
 * On PostgreSQL the hot paths' statements ({@link PREPARED}, from `preparedQuery`) are sent as named prepared
 * statements: parsed once per connection (pg keeps the names per connection), and after five executions PostgreSQL may
 * keep a generic plan instead of planning each one (`plan_cache_mode = auto`). Every other statement is sent unnamed,
 * so it is parsed and planned for its values every time: a generic plan of the order history's statements (a period
 * of today's orders out of a million, `created_at >= $2 ... limit $3`) was a sequential scan of the whole table
 * instead of an index range, while planning the gate's and the sale's simple statements every time slowed the
 * get_ticket down noticeably (`npm run bench`). Names come from the SQL text, cached. A query marked
 * {@link ROWS_AS_ARRAYS} gives arrays.
 */
function usePreparedStatements(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `pos_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      if (names.size < 10_000) names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text === 'string' && Array.isArray(values) && args.length === 2) {
        if (text.startsWith(PREPARED)) return query({ name: nameOf(text), text, values });
        if (text.startsWith(ROWS_AS_ARRAYS)) return query({ text, values, rowMode: 'array' });
      }
      return query(...args);
    };
  });
}

/**
 * Opens the database of a `POS_DATABASE_URL` as a Kysely instance.
 *
 * - `sqlite:PATH` (relative to `cwd`, or absolute) or `sqlite::memory:`: better-sqlite3 with WAL journal,
 *   `synchronous = FULL`, foreign keys on, a 5 s busy timeout and a statement cache; the parent folder is created
 *   if missing.
 * - `postgres://…`: a `pg` pool; BIGINT and NUMERIC values are returned as numbers; the hot paths' statements are
 *   named prepared statements, the others planned for their values each time (see `usePreparedStatements`); a
 *   transaction idle for 30 s is ended by the database server (see {@link IDLE_IN_TRANSACTION_TIMEOUT_MS}).
 *
 * Only the engine in use is loaded, when the first query runs (importing `pg` costs a tenth of a second of the
 * server's start, and a SQLite server never needs it); an error opening the database surfaces there too.
 * Close it with `db.destroy()`.
 *
 * @example
 * const db = createDb('sqlite:./data/pos.db');
 */
export function createDb(url: string, options: CreateDbOptions = {}): Kysely<Database> {
  if (databaseEngine(url) === 'sqlite') {
    const path = sqlitePath(url, options.cwd);
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: () => openSqlite(path) }) });
  }
  if (options.schema !== undefined && !SAFE_SCHEMA.test(options.schema)) {
    throw new RangeError(`Invalid PostgreSQL schema name: ${options.schema}`);
  }
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: () => openPostgresPool(url, options) }),
  });
}

/** better-sqlite3 on `path` with the settings of {@link createDb}. */
async function openSqlite(path: string): Promise<SqliteDatabase> {
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const database = new BetterSqlite3(path);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // FULL: every commit is synced to disk before it is acknowledged, so a power cut never takes back a sale the
  // server answered (NORMAL in WAL mode may lose the last commits). See docs/server.md, "Durability".
  database.pragma('synchronous = FULL');
  return withStatementCache(database);
}

/**
 * A PostgreSQL URL without its `options` parameter, and that parameter: pg would let the URL's `options` replace the
 * pool's instead of adding to them. A URL without one is returned as it is.
 */
function withoutOptions(url: string): { connectionString: string; urlOptions: string | undefined } {
  if (!/[?&]options=/.test(url)) return { connectionString: url, urlOptions: undefined };
  const parsed = new URL(url);
  const urlOptions = parsed.searchParams.get('options') ?? undefined;
  parsed.searchParams.delete('options');
  return { connectionString: parsed.href, urlOptions };
}

/** The `pg` pool of {@link createDb}. */
async function openPostgresPool(url: string, options: CreateDbOptions): Promise<pg.Pool> {
  const { default: pgModule } = await import('pg');
  const idleMs = Math.floor(options.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS);
  const settings = [
    `-c idle_in_transaction_session_timeout=${idleMs}`,
    ...(options.schema === undefined ? [] : [`-c search_path=${options.schema}`]),
  ];
  const { connectionString, urlOptions } = withoutOptions(url);
  const pool = new pgModule.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    types: pgTypesOf(pgModule.types),
    // The URL's own `options` (e.g. `?options=-c search_path=venue1`) come last, so they win for the same setting.
    options: [...settings, ...(urlOptions === undefined ? [] : [urlOptions])].join(' '),
  });
  // An idle client's connection error (e.g. the server restarted) must not crash the process: the next query
  // gets a fresh client, and a query that was running fails on its own.
  pool.on('error', () => {});
  usePreparedStatements(pool);
  // The same for a client in use whose session the database server ends between two statements (e.g. a transaction
  // idle past `idle_in_transaction_session_timeout`): without a listener its 'error' event would end the process.
  // Its next statement fails instead, and the pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}
