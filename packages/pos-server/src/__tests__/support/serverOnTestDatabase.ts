import { loadConfig } from '../../config';
import { IDLE_IN_TRANSACTION_TIMEOUT_MS } from '../../db/createDb';
import { createLogger, type RunningServer, startServer } from '../../server';
import { PG_TEST_URL, type TestApp, withSchemaChangeLock } from './testApp';

/**
 * The `POS_DATABASE_URL` of a test app's database, as an operator would write it: its SQLite file, or the PostgreSQL
 * test database with the app's schema as the connections' `search_path` (libpq's `options` parameter, which pg
 * honours; the idle-in-transaction timeout the server sets itself is kept, since these options replace its own).
 */
export function databaseUrlOf(t: TestApp): string {
  if (t.engine !== 'postgres') return t.config.databaseUrl;
  if (PG_TEST_URL === undefined || t.schema === undefined)
    throw new Error('POS_TEST_DATABASE_URL is not set');
  const url = new URL(PG_TEST_URL);
  url.searchParams.set(
    'options',
    `-c search_path=${t.schema} -c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_TIMEOUT_MS}`,
  );
  return url.toString();
}

/**
 * Starts one more server instance on a test app's database, the way `pos-server serve` does (`loadConfig` from the
 * environment, then `startServer`: migrate, copy face photo files when the database is the store, listen), on a
 * free port of 127.0.0.1 with its own data directory. `env` adds settings (`POS_DATA_DIR` is required: give each
 * instance its own folder, so nothing can be shared through the disk). On PostgreSQL the start holds the test
 * database's schema-change lock (the migrator reads the catalogue of every schema).
 *
 * @example
 * const a = await startServerOn(t, { POS_DATA_DIR: dirA });
 * await fetch(`${a.url}/v1/health`);
 * await a.close();
 */
export async function startServerOn(
  t: TestApp,
  env: Record<string, string> & { POS_DATA_DIR: string },
): Promise<RunningServer> {
  const config = {
    ...loadConfig({
      POS_DATABASE_URL: databaseUrlOf(t),
      POS_STORE: t.config.store,
      POS_LOG_LEVEL: process.env.POS_TEST_LOG_LEVEL ?? 'silent',
      // No cashier UI: the data directory holds no index.html.
      POS_UI_DIR: env.POS_DATA_DIR,
      ...env,
    }),
    host: '127.0.0.1',
    port: 0,
  };
  const start = () => startServer({ config, logger: createLogger(config.logLevel) });
  return t.engine === 'postgres' ? withSchemaChangeLock(start) : start();
}
