import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../pos-react/e2e/support/server';

const SHELL_BIN = fileURLToPath(new URL('../../bin/pos-shell.js', import.meta.url));

/** The built `pos-shell` running, as a till would run it. */
export interface ShellProcess {
  /** `http://127.0.0.1:PORT`, the UI's origin in the window. */
  readonly url: string;
  /** The port the window's DevTools listen on (the test drives the window through it). */
  readonly devtoolsPort: number;
  /** What the shell logged so far. */
  log(): string;
  /** Waits until the log has a line matching `pattern` `times` times. */
  waitForLog(pattern: RegExp, times?: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `pos-shell --server URL --printer tcp://127.0.0.1:SINK` with its window in headless Chromium (the window's
 * DevTools on a free port), and waits for the page's app-start message.
 */
export async function startShell(options: { server: string; printerPort: number }): Promise<ShellProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pos-shell-e2e-'));
  const port = await freePort();
  const devtoolsPort = await freePort();
  const args = [
    SHELL_BIN,
    '--server',
    options.server,
    '--printer',
    `tcp://127.0.0.1:${options.printerPort}`,
    '--port',
    String(port),
    '--data-dir',
    dataDir,
    '--browser',
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ...[
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--window-size=1280,800',
      `--remote-debugging-port=${devtoolsPort}`,
    ].map((arg) => `--browser-arg=${arg}`),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TZ: 'Asia/Kuala_Lumpur' },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const waitForLog = async (pattern: RegExp, times = 1, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    while ((output.match(global) ?? []).length < times) {
      if (child.exitCode !== null) throw new Error(`pos-shell exited ${child.exitCode}:\n${output}`);
      if (Date.now() > until)
        throw new Error(`pos-shell did not log ${pattern} ${times} time(s):\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await waitForLog(/The cashier UI started/);
  return {
    url: `http://127.0.0.1:${port}`,
    devtoolsPort,
    log: () => output,
    waitForLog,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
