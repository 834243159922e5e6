import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_BIN = join(REPO_ROOT, 'packages/pos-server/dist/bin.js');
const UI_DIR = join(REPO_ROOT, 'packages/pos-react/dist');

/** A real reference server on a temporary SQLite database, serving the built UI. */
export interface TestServer {
  /** e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  /** `sqlite:/tmp/pos-e2e-.../pos.db`. */
  readonly databaseUrl: string;
  /** What the server printed (for a failing test's message). */
  output(): string;
  /** Stops the process (the database stays): "the server is down". */
  stop(): Promise<void>;
  /** Starts it again on the same port and database. */
  start(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections are accepted by the system but never answered, a hung server. */
  pause(): void;
  /** Lets a paused process run on (SIGCONT). */
  resume(): void;
  /** Runs a `pos-server` command (e.g. `terminal pair TICKET02`) on the same database; resolves with its output. */
  command(args: string[]): Promise<string>;
  /** Stops it and deletes the temporary folder. */
  dispose(): Promise<void>;
}

/** Options of {@link startTestServer}. */
export interface TestServerOptions {
  /** Settings over the test's (e.g. `{ POS_STORE: 'KL01' }`). */
  env?: Record<string, string>;
  /**
   * Whether an unpaired browser becomes TICKET01 by itself, as in the demo (default true, so a test starts at
   * /signin); false: every browser pairs with a manager's code at /pair.
   */
  autoPair?: boolean;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs `node bin.js ...args` to completion. */
function runServerCommand(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER_BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      out += String(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`pos-server ${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

/** Waits until GET /v1/health answers, or the process dies, or 20 s pass. */
async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pos-server exited ${child.exitCode}:\n${output()}`);
    try {
      const answer = await fetch(`${url}/v1/health`);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pos-server did not answer /v1/health within 20 s:\n${output()}`);
}

/**
 * Starts `pos-server serve` (the built `packages/pos-server/dist/bin.js`) on a free port with a new
 * SQLite database in a temporary folder, seeded with the demo staff and catalogue, serving the UI
 * build (`packages/pos-react/dist`). Build both first: `npm run build -w pos-react -w pos-server`.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (!existsSync(SERVER_BIN))
    throw new Error(`Build the server first (npm run build -w pos-server): ${SERVER_BIN}`);
  if (!existsSync(join(UI_DIR, 'index.html')))
    throw new Error(`Build the UI first (npm run build -w pos-react): ${UI_DIR}`);
  const dir = await mkdtemp(join(tmpdir(), 'pos-e2e-'));
  const port = await freePort();
  const databaseUrl = `sqlite:${join(dir, 'pos.db')}`;
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    POS_DATABASE_URL: databaseUrl,
    POS_UI_DIR: UI_DIR,
    POS_LOG_LEVEL: 'warn',
    ...(options.autoPair === false ? {} : { POS_AUTO_PAIR: 'TICKET01' }),
    ...options.env,
  };
  await runServerCommand(['seed', '--demo'], env);
  // A second registered terminal, for the checks a test makes through the SDK beside the browser's TICKET01.
  await runServerCommand(['terminal', 'add', 'E2E-CHECK'], env);

  let child: ChildProcess | undefined;
  let log = '';
  const output = () => log;
  const start = async (): Promise<void> => {
    const process_ = spawn(process.execPath, [SERVER_BIN, 'serve'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = process_;
    process_.stdout?.on('data', (chunk) => {
      log += String(chunk);
    });
    process_.stderr?.on('data', (chunk) => {
      log += String(chunk);
    });
    await waitForHealth(url, process_, output);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGCONT'); // a paused process handles no SIGTERM
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  await start();
  return {
    url,
    port,
    databaseUrl,
    output,
    stop,
    start,
    command: (args) => runServerCommand(args, env),
    pause: () => {
      child?.kill('SIGSTOP');
    },
    resume: () => {
      child?.kill('SIGCONT');
    },
    dispose: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
