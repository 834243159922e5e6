import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Kysely, Migrator, sql } from 'kysely';
import pino from 'pino';
import type { AdminLoginResponse } from 'pos-sdk/contract';
import { describe } from 'vitest';
import { buildApp, type RouteModule } from '../../app';
import { DEFAULT_HOST_ID } from '../../auth/authentication';
import { issueStaffToken } from '../../auth/staffTokens';
import type { Clock } from '../../clock';
import { type Config, DEFAULT_CONFIG } from '../../config';
import { createDb } from '../../db/createDb';
import type { Database } from '../../db/Database';
import { MIGRATIONS, migrateToLatest } from '../../db/migrateToLatest';
import { DEMO_STAFF, seedDemo } from '../../demo/seedDemo';
import { registerTerminal } from '../../terminals/terminals';

/** A database engine the suites run on. */
export type TestEngine = 'sqlite' | 'postgres';

/** `POS_TEST_DATABASE_URL` (e.g. postgres://postgres@127.0.0.1:5432/test): when set, suites also run on PostgreSQL. */
export const PG_TEST_URL: string | undefined = process.env.POS_TEST_DATABASE_URL || undefined;

/** Timeout for hooks that build an app: migrations and the seed take a while on a busy machine (PostgreSQL). */
export const SETUP_TIMEOUT_MS = 60_000;

/** The demo accounts (password `demo1234`): cashier Ana (PIN 1111) and manager Max (PIN 2222). */
export const CASHIER = 'cashier@demo.pos';
export const MANAGER = 'manager@demo.pos';
/** The demo password. */
export const DEMO_PASSWORD = 'demo1234';
/** The PIN of a demo account by email. */
export const demoPin = (email: string): string =>
  DEMO_STAFF.find((staff) => staff.email === email)?.pin ?? '';

let skipNoticeShown = false;

/**
 * Declares a suite once per engine: always on SQLite, and on PostgreSQL when `POS_TEST_DATABASE_URL` is set
 * (otherwise that copy is skipped, with a notice on the console).
 *
 * @example describeOnEngines('shifts', (engine) => { it('…', async () => { const t = await createTestApp({ engine }); … }) });
 */
export function describeOnEngines(title: string, body: (engine: TestEngine) => void): void {
  describe(`${title} [sqlite]`, () => body('sqlite'));
  if (PG_TEST_URL === undefined && !skipNoticeShown) {
    skipNoticeShown = true;
    console.info(
      'PostgreSQL tests skipped: set POS_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
  }
  describe.skipIf(PG_TEST_URL === undefined)(`${title} [postgres]`, () => body('postgres'));
}

/** A clock the test moves by hand. Call it for "now". */
export interface TestClock {
  (): Date;
  /** Moves time forward by `ms`. */
  advance(ms: number): void;
  /** Sets "now". */
  set(date: Date | string): void;
}

/** A {@link TestClock} starting at `start` (default 2026-11-22 10:00 in Kuala Lumpur). */
export function createTestClock(start: Date | string = '2026-11-22T02:00:00.000Z'): TestClock {
  let now = new Date(start).getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (date) => {
    now = new Date(date).getTime();
  };
  return clock;
}

/** An arbitrary advisory lock id shared by every test process that changes schemas in the test database. */
const SCHEMA_CHANGE_LOCK = 4_210_001;

/**
 * Runs schema changes (create, migrate, drop) of the PostgreSQL test database one at a time across all test
 * processes. Catalogue introspection (which Kysely's migrator does, over every schema of the database) fails with
 * "schema … does not exist" or "relation … does not exist" when another process drops a schema in the middle of
 * it; a session advisory lock keeps them apart.
 */
export async function withSchemaChangeLock<T>(work: (admin: Kysely<Database>) => Promise<T>): Promise<T> {
  if (PG_TEST_URL === undefined) throw new Error('POS_TEST_DATABASE_URL is not set');
  const admin = createDb(PG_TEST_URL, { poolSize: 1 });
  try {
    return await admin.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`.execute(connection);
      try {
        return await work(connection);
      } finally {
        await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK})`.execute(connection);
      }
    });
  } finally {
    await admin.destroy();
  }
}

/** Test schemas are `t_<creation time in base 36 seconds>_<8 random hex digits>`. */
const TEST_SCHEMA = /^t_([0-9a-z]{1,12})_[0-9a-f]{8}$/;
/** The name format used before the creation time was part of it (`t_` and 12 hex digits). */
const LEGACY_TEST_SCHEMA = /^t_[0-9a-f]{12}$/;
/** A test schema older than this belongs to a run that died (killed, timed out) and is dropped. */
export const STALE_TEST_SCHEMA_MS = 60 * 60_000;

/** A new test schema name, carrying its creation time so a later run can tell a stale one. */
export function newTestSchemaName(now = Date.now()): string {
  return `t_${Math.floor(now / 1000).toString(36)}_${randomBytes(4).toString('hex')}`;
}

/**
 * Is this schema a test schema left behind by an earlier run: a `t_…` schema created more than an hour before
 * `now`, or one in the old name format (no creation time; nothing creates those any more)?
 */
export function isStaleTestSchema(name: string, now = Date.now()): boolean {
  if (LEGACY_TEST_SCHEMA.test(name)) return true;
  const created = TEST_SCHEMA.exec(name)?.[1];
  return created !== undefined && Number.parseInt(created, 36) * 1000 < now - STALE_TEST_SCHEMA_MS;
}

/**
 * Drops the test schemas left behind by runs that died, so the shared test database does not fill up. Call it
 * inside {@link withSchemaChangeLock}.
 *
 * @returns the names of the schemas dropped.
 */
export async function dropStaleTestSchemas(admin: Kysely<Database>, now = Date.now()): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace
    where nspname like ${'t\\_%'}`.execute(admin);
  const stale = rows.map((row) => row.name).filter((name) => isStaleTestSchema(name, now));
  for (const name of stale) await sql`drop schema if exists ${sql.id(name)} cascade`.execute(admin);
  return stale;
}

/** Whether this test process (module instance) has already looked for stale schemas. */
let staleSchemasDropped = false;

/**
 * What a test of a migration needs on a schema older than the latest (where the demo seed, written for the latest,
 * cannot run): one staff member and the TICKET01 terminal, with the first schema's columns only.
 */
async function seedOlderSchema(db: Kysely<Database>, now: Date): Promise<void> {
  const at = now.toISOString();
  await sql`insert into stores (code, name, currency, created_at) values ('STORE', 'STORE', 'MYR', ${at})`.execute(
    db,
  );
  await sql`insert into staff (id, email, first_name, last_name, password_hash, pin_hash, active, created_at)
    values (${randomUUID()}, 'manager@demo.pos', 'Max', 'Manager', 'x', 'x', 1, ${at})`.execute(db);
  await sql`insert into terminals (id, store, created_at, last_seen_at) values ('TICKET01', 'STORE', ${at}, ${at})`.execute(
    db,
  );
}

/** Options of {@link createTestApp}. */
export interface TestAppOptions {
  /** Default sqlite. `postgres` needs `POS_TEST_DATABASE_URL` (a fresh schema per app, dropped on close). */
  engine?: TestEngine;
  /** Load the demo staff and catalogue (default true). */
  seed?: boolean;
  /** Default: the system clock. */
  clock?: Clock;
  /** Settings over the defaults (the database URL is the test's own). */
  config?: Partial<Config>;
  /** Extra route modules (e.g. a route that throws, for error-handler tests). */
  routes?: readonly RouteModule[];
  /** A cashier UI folder to serve. */
  uiDir?: string;
  /** Apply the migrations only up to this one (e.g. to test the next one on older data); default all. */
  migrateUpTo?: string;
}

/** A signed-in staff member: the user token, the profile and ready-made headers. */
export interface TestSession {
  token: string;
  profile: AdminLoginResponse['profile'];
  /** `authorization` and `x-host-name` (default TICKET01). */
  headers: Record<string, string>;
}

/** An app on its own fresh database, and what tests need around it. */
export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  engine: TestEngine;
  /** PostgreSQL: the app's own schema (every query runs there); undefined on SQLite. */
  schema: string | undefined;
  clock: Clock;
  /**
   * Signs in through /v1/identity/sign_in and /v1/admin_login (default password demo1234) on a terminal (default
   * TICKET01, which the demo seed registers); a `host` other than TICKET01 is registered first.
   */
  signIn(email?: string, options?: { password?: string; host?: string }): Promise<TestSession>;
  /** Registers a terminal (as `pos-server terminal add` does). */
  registerTerminal(id: string): Promise<void>;
  /** A user token made directly in the database (e.g. `{ ttlMs: -1000 }` for an expired one), bound to TICKET01. */
  createToken(email: string, options?: { ttlMs?: number; terminalId?: string }): Promise<string>;
  /** The headers of a call with this token and host. */
  headers(token: string, host?: string): Record<string, string>;
  /** `app.inject` of a JSON POST with the session's headers: `post(session, '/v1/admin/users', {})`. */
  post(session: TestSession | undefined, url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** `app.inject` shorthand. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Closes the app and the database, and deletes the database (file or schema). */
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database: a temp SQLite file (default) or a fresh PostgreSQL schema
 * `t_<time>_<random>`, migrated and (by default) seeded with the demo data, with a temp folder as its data directory
 * (face photos). On PostgreSQL the first app of a test process also drops stale test schemas of dead runs. Responses are checked against the contract's schemas.
 * Set `POS_TEST_LOG_LEVEL=error` to see server errors while debugging.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const engine = options.engine ?? 'sqlite';
  const clock = options.clock ?? (() => new Date());
  const { migrateUpTo } = options;
  const migrate = async (target: Kysely<Database>, schema: string | undefined): Promise<void> => {
    if (migrateUpTo === undefined) {
      await migrateToLatest(target, schema === undefined ? {} : { schema });
      return;
    }
    const migrator = new Migrator({
      db: target,
      provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
      ...(schema === undefined ? {} : { migrationTableSchema: schema }),
    });
    const { error } = await migrator.migrateTo(migrateUpTo);
    if (error !== undefined) throw error;
  };
  // The app's own folder: its SQLite file (on SQLite) and its data directory (face photos) on both engines.
  const dir = mkdtempSync(join(tmpdir(), 'pos-server-test-'));
  let databaseUrl: string;
  let databaseSchema: string | undefined;
  let db: Kysely<Database>;
  let prepare: () => Promise<unknown>;
  let dropDatabase: () => Promise<void>;
  if (engine === 'postgres') {
    if (PG_TEST_URL === undefined) throw new Error('POS_TEST_DATABASE_URL is not set');
    const url = PG_TEST_URL;
    const schema = newTestSchemaName();
    // Every connection of the app's pool has search_path = its schema only: each query of the app (and of the
    // migrations) reads and writes there, never in public or another test's schema.
    const created = createDb(url, { schema, poolSize: 5 });
    databaseUrl = url;
    databaseSchema = schema;
    db = created;
    prepare = () =>
      withSchemaChangeLock(async (admin) => {
        if (!staleSchemasDropped) {
          staleSchemasDropped = true;
          await dropStaleTestSchemas(admin);
        }
        await sql`create schema ${sql.id(schema)}`.execute(admin);
        await migrate(created, schema);
        const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
          created,
        );
        if (rows[0]?.schema !== schema) throw new Error(`The test app's queries would not run in ${schema}`);
      });
    dropDatabase = async () => {
      try {
        await withSchemaChangeLock(async (admin) => {
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
  } else {
    const created = createDb(`sqlite:${join(dir, 'pos.db')}`);
    databaseUrl = `sqlite:${join(dir, 'pos.db')}`;
    db = created;
    prepare = () => migrate(created, undefined);
    dropDatabase = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config: Config = { ...DEFAULT_CONFIG, dataDir: dir, ...options.config, databaseUrl };
  let app: FastifyInstance | undefined;
  try {
    await prepare();
    if (migrateUpTo !== undefined) await seedOlderSchema(db, clock());
    else if (options.seed ?? true) await seedDemo(db, { store: config.store, now: clock() });
    else await registerTerminal(db, { id: DEFAULT_HOST_ID, store: config.store, by: 'test', now: clock() });
    const level = process.env.POS_TEST_LOG_LEVEL;
    app = await buildApp({
      db,
      config,
      clock,
      checkResponses: true,
      ...(level === undefined ? {} : { logger: pino({ level }) }),
      ...(options.routes === undefined ? {} : { routes: options.routes }),
      ...(options.uiDir === undefined ? {} : { uiDir: options.uiDir }),
    });
  } catch (error) {
    // Leave nothing behind when setting up fails (no stray schema or temp folder), whatever fails while cleaning.
    await app?.close().catch(() => {});
    await db.destroy().catch(() => {});
    await dropDatabase().catch(() => {});
    throw error;
  }
  const built = app;

  const headers = (token: string, host = 'TICKET01') => ({
    authorization: `Bearer ${token}`,
    'x-host-name': host,
  });
  const inject = (injectOptions: InjectOptions) => built.inject(injectOptions);
  return {
    app: built,
    db,
    config,
    engine,
    schema: databaseSchema,
    clock,
    headers,
    inject,
    async registerTerminal(id) {
      await registerTerminal(db, { id, store: config.store, by: 'test', now: clock() });
    },
    async signIn(email = CASHIER, signInOptions = {}) {
      const host = signInOptions.host ?? DEFAULT_HOST_ID;
      if (host !== DEFAULT_HOST_ID)
        await registerTerminal(db, { id: host, store: config.store, by: 'test', now: clock() });
      const signInResponse = await built.inject({
        method: 'POST',
        url: '/v1/identity/sign_in',
        payload: { email, password: signInOptions.password ?? DEMO_PASSWORD },
      });
      if (signInResponse.statusCode !== 200) throw new Error(`sign_in failed: ${signInResponse.body}`);
      const login = await built.inject({
        method: 'POST',
        url: '/v1/admin_login',
        headers: { 'x-host-name': host },
        payload: { idToken: signInResponse.json<{ idToken: string }>().idToken },
      });
      if (login.statusCode !== 200) throw new Error(`admin_login failed: ${login.body}`);
      const { userToken, profile } = login.json<AdminLoginResponse>();
      return { token: userToken, profile, headers: headers(userToken, host) };
    },
    async createToken(email, tokenOptions = {}) {
      const staff = await db
        .selectFrom('staff')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const { token } = await issueStaffToken(db, {
        staffId: staff.id,
        kind: 'user',
        ttlMs: tokenOptions.ttlMs ?? 60 * 60_000,
        now: clock(),
        terminalId: tokenOptions.terminalId ?? DEFAULT_HOST_ID,
      });
      return token;
    },
    post: (session, url, body = {}) =>
      built.inject({
        method: 'POST',
        url,
        payload: body as Record<string, unknown>,
        headers: session?.headers ?? {},
      }),
    async close() {
      await built.close();
      await db.destroy();
      await dropDatabase();
    },
  };
}
