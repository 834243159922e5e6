import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { requireBuilt, SERVER_BIN } from './paths';

const run = promisify(execFile);

/** A real reference server on a temporary SQLite database with the demo data. */
export interface TestServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The temporary folder (database; tests put config folders and exports here too). */
  readonly dir: string;
  /** Stops the server (SIGTERM, then SIGKILL) and removes the folder. */
  stop(): Promise<void>;
  /** Stops the server only, keeping the folder (the "server down" test). */
  kill(): Promise<void>;
  /** Starts the server again on the same database and port (after `kill`). */
  restart(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until `GET /v1/health` answers, or fails with the server's output. */
async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pos-server exited with ${child.exitCode}: ${output()}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pos-server did not answer ${url}/v1/health within 20 s: ${output()}`);
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `node packages/pos-server/dist/bin.js serve` on a free port with
 * `POS_DATABASE_URL=sqlite:<tmp>/pos.db`, after `seed --demo`, and waits for its health check.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  requireBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'pos-cli-test-'));
  const port = await freePort();
  const serverEnv = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    POS_DATABASE_URL: `sqlite:${join(dir, 'pos.db')}`,
    POS_LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    POS_UI_DIR: join(dir, 'no-ui'),
    ...env,
  };
  await run(process.execPath, [SERVER_BIN, 'seed', '--demo'], { env: serverEnv, timeout: 30_000 });
  let output = '';
  const serve = (): ChildProcess => {
    const started = spawn(process.execPath, [SERVER_BIN, 'serve'], {
      env: serverEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    return started;
  };
  let child = serve();
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, () => output);
  } catch (error) {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dir,
    kill: () => stopChild(child),
    restart: async () => {
      await stopChild(child);
      child = serve();
      await waitForHealth(url, child, () => output);
    },
    stop: async () => {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
