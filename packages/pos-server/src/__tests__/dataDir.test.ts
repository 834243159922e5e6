import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliIo, runCli } from '../cli/runCli';
import { freePort } from './support/smtpSink';

const SERVER_BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/**
 * A venue's files stay in its data directory: `serve` says where mail goes, a PostgreSQL server needs POS_DATA_DIR,
 * and the demo keeps its files beside its own database. The server runs from another folder than its data, as a
 * service does, so a file written to the working directory by accident would show.
 */
describe('data directory', () => {
  let root: string;
  let cwd: string;
  let venue: string;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pos-data-dir-'));
    cwd = join(root, 'started-here');
    venue = join(root, 'venue');
    mkdirSync(cwd);
    mkdirSync(venue);
  });
  afterEach(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    child = undefined;
    rmSync(root, { recursive: true, force: true });
  });

  /** Starts the built server with `command` and answers what it printed once it says 'POS is running'. */
  async function start(command: string, env: Record<string, string>): Promise<string> {
    if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is missing: run npm run build -w pos-server`);
    const { POS_SMTP_URL: _smtp, POS_DATA_DIR: _data, POS_DATABASE_URL: _db, ...inherited } = process.env;
    const spawned = spawn(process.execPath, [SERVER_BIN, command], {
      cwd,
      env: { ...inherited, PORT: String(await freePort()), POS_UI_DIR: join(root, 'no-ui'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    let printed = '';
    spawned.stdout?.on('data', (chunk) => {
      printed += String(chunk);
    });
    spawned.stderr?.on('data', (chunk) => {
      printed += String(chunk);
    });
    const wanted = command === 'demo' ? 'Press Ctrl+C to stop.' : 'POS is running at';
    for (let tries = 0; tries < 200 && !printed.includes(wanted); tries++) {
      if (spawned.exitCode !== null) throw new Error(`the server stopped: ${printed}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The line after 'POS is running' is printed at once with it; give it a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return printed;
  }

  it("serve says in words where mail goes without SMTP: 'Mail: written to <data directory>/outbox (no SMTP configured)'", async () => {
    const printed = await start('serve', { POS_DATABASE_URL: `sqlite:${join(venue, 'pos.db')}` });
    expect(printed).toContain(`Mail: written to ${join(venue, 'outbox')} (no SMTP configured)`);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("serve names the SMTP server, without its user or password: 'Mail: SMTP smtp.example.com:587'", async () => {
    const printed = await start('serve', {
      POS_DATABASE_URL: `sqlite:${join(venue, 'pos.db')}`,
      POS_SMTP_URL: 'smtp://pos%40venue.my:s3cret@smtp.example.com:587',
    });
    expect(printed).toContain('Mail: SMTP smtp.example.com:587\n');
    expect(printed).not.toContain('s3cret');
  });

  it('the demo keeps its files beside its own database (./data), not in a POS_DATA_DIR set for a venue', async () => {
    const printed = await start('demo', { POS_DATA_DIR: venue });
    expect(printed).toContain(`written as .eml files to ${join(cwd, 'data', 'outbox')}`);
    expect(readdirSync(venue)).toEqual([]);
  });

  it('refuses a PostgreSQL server without POS_DATA_DIR (exit 2, one line saying what to set), before any file is written', async () => {
    const err: string[] = [];
    const io: CliIo = {
      env: { POS_DATABASE_URL: 'postgres://pos@127.0.0.1:1/pos' },
      out: () => {},
      err: (line) => err.push(line),
      isInteractive: false,
    };
    expect(await runCli(['serve'], io)).toBe(2);
    expect(err).toEqual([
      "Invalid configuration: POS_DATA_DIR is required with a PostgreSQL or in-memory database: the folder of the venue's files (emails without SMTP, face photo files), e.g. POS_DATA_DIR=/var/lib/pos",
    ]);
  });
});
