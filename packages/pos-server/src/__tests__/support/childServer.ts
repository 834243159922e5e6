import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PG_TEST_URL, type TestApp } from './testApp';

const PACKAGES = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD_SCRIPT = fileURLToPath(new URL('./pausableServer.mjs', import.meta.url));

/** The newest modification time of the files under `dir` (skipping `__tests__`). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '__tests__') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Fails with a clear message unless the builds of pos-server and pos-sdk exist and are newer than their sources:
 * a child process runs the built server (`npm test` builds first; alone, run `npm run build` first).
 */
export function requireFreshBuild(): void {
  for (const workspace of ['pos-server', 'pos-sdk']) {
    const built = join(PACKAGES, workspace, 'dist/index.js');
    let builtAt: number;
    try {
      builtAt = statSync(built).mtimeMs;
    } catch {
      throw new Error(`${built} is missing: run "npm run build" before this test`);
    }
    if (builtAt < newestMtime(join(PACKAGES, workspace, 'src'))) {
      throw new Error(`${built} is older than its sources: run "npm run build" before this test`);
    }
  }
}

/** A pos-server child process on a test app's database. */
export interface ChildServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Resolves when the child printed `paused` (it stopped inside the work it was told to pause in). */
  readonly paused: Promise<void>;
  /** Kills it with SIGKILL (a crash: no shutdown code runs) and waits for it to end. */
  crash(): Promise<void>;
  /** Stops it (SIGTERM) and waits for it to end. */
  stop(): Promise<void>;
}

const ended = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * Starts the built server (`support/pausableServer.mjs`) on the database of `t` (its SQLite file, or its
 * PostgreSQL schema) and waits until it listens. `pauseAfterInsertInto: 'tickets'` makes it stop for good inside
 * the first checkout, right after its tickets were written, uncommitted.
 */
export async function startChildServer(
  t: TestApp,
  options: { pauseAfterInsertInto?: string } = {},
): Promise<ChildServer> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    POS_DATABASE_URL: t.engine === 'postgres' ? (PG_TEST_URL ?? '') : t.config.databaseUrl,
    POS_DATA_DIR: t.config.dataDir,
    POS_STORE: t.config.store,
    ...(t.schema === undefined ? {} : { POS_TEST_SCHEMA: t.schema }),
    ...(options.pauseAfterInsertInto === undefined
      ? {}
      : { POS_TEST_PAUSE_AFTER_INSERT_INTO: options.pauseAfterInsertInto }),
  };
  const child = spawn(process.execPath, [CHILD_SCRIPT], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let onPaused = () => {};
  const paused = new Promise<void>((resolve) => {
    onPaused = resolve;
  });
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening (\S+)/.exec(output)?.[1];
      if (url !== undefined) resolve(url);
      if (output.includes('paused\n')) onPaused();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`the server ended (${code ?? signal}): ${output}`)),
    );
  });
  const url = await listening;
  return {
    url,
    paused,
    async crash() {
      child.kill('SIGKILL');
      await ended(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await ended(child);
    },
  };
}
