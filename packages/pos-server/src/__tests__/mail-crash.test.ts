import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/createDb';
import type { Database } from '../db/Database';
import { createMailSender } from '../mail/mailSender';
import { createSmtpTransport } from '../mail/mailTransport';
import { cartItem, checkoutBody } from './support/saleSupport';
import { freePort, type SmtpSink, startSmtpSink } from './support/smtpSink';
import { SETUP_TIMEOUT_MS } from './support/testApp';

const SERVER_BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));
const run = promisify(execFile);

/** An SMTP server that takes the message and never answers its end: the sender stays mid-send. */
async function startHangingSmtp(port: number) {
  let bodies = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream) {
      stream.on('end', () => {
        bodies += 1;
      });
      stream.resume(); // read it all, then never call back: no "250 OK"
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    bodies: () => bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `check` holds (a bounded number of times). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * The server process is killed (SIGKILL) after the sale committed, while it is sending the emails: after the
 * restart they are delivered, once each.
 */
describe('mail: server killed between commit and send', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let db: Kysely<Database> | undefined;
  let sink: SmtpSink | undefined;
  let hanging: Awaited<ReturnType<typeof startHangingSmtp>> | undefined;

  beforeAll(() => {
    if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is missing: run npm run build first`);
    dir = mkdtempSync(join(tmpdir(), 'pos-mail-crash-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await db?.destroy();
    await sink?.close();
    await hanging?.close();
    rmSync(dir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  it('delivers every email once after the restart', async () => {
    const hangingPort = await freePort();
    hanging = await startHangingSmtp(hangingPort);
    const port = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      POS_DATABASE_URL: `sqlite:${join(dir, 'pos.db')}`,
      POS_SMTP_URL: `smtp://127.0.0.1:${hangingPort}`,
      POS_LOG_LEVEL: 'silent',
      POS_UI_DIR: join(dir, 'no-ui'),
    };
    await run(process.execPath, [SERVER_BIN, 'seed', '--demo'], { env });
    child = spawn(process.execPath, [SERVER_BIN, 'serve'], { env, stdio: 'ignore' });
    const url = `http://127.0.0.1:${port}`;
    await until(async () => {
      try {
        return (await fetch(`${url}/v1/health`)).ok;
      } catch {
        return false;
      }
    }, 'the server to listen');

    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-host-name': 'TICKET01',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${path} ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const { idToken } = await post('/v1/identity/sign_in', {
      email: 'cashier@demo.pos',
      password: 'demo1234',
    });
    const { userToken } = await post('/v1/admin_login', { idToken });
    const token = String(userToken);
    await post('/v1/admin/start_shift', {}, token);
    await post('/v1/admin/set_float', { float: 100 }, token);
    const receipt = await post(
      '/v1/checkout',
      checkoutBody([cartItem('DAY-ADULT', 2)], { email: 'guest@example.com' }),
      token,
    );
    const ticketIds = (receipt.tickets as { _id: string }[]).map((ticket) => ticket._id);
    expect(ticketIds).toHaveLength(2);

    // The sale committed; the server's sender has claimed the emails and is in the middle of sending them.
    db = createDb(`sqlite:${join(dir, 'pos.db')}`);
    const outbox = () =>
      (db as Kysely<Database>).selectFrom('mail_outbox').selectAll().orderBy('kind', 'desc').execute();
    await until(async () => (await outbox()).some((row) => row.status === 'sending'), 'a claimed email');
    await until(async () => hanging?.bodies() === 1, 'the mail server to have the first message, unanswered');
    child.kill('SIGKILL');
    await new Promise((resolve) => child?.once('exit', resolve));
    expect((await outbox()).every((row) => row.status !== 'sent')).toBe(true);

    // Restart (a fresh sender on the same database, the mail server working again): nothing is sent while the
    // dead server's lease holds; once it has run out, each email goes out once.
    sink = await startSmtpSink();
    let now = Date.now();
    const restarted = createMailSender({
      db,
      transport: createSmtpTransport(sink.url, { timeoutMs: 5000 }),
      from: 'pos@localhost',
      timeZone: 'Asia/Kuala_Lumpur',
      clock: () => new Date(now),
    });
    try {
      await until(async () => {
        now += 60_000; // the clock of the restarted server moves on until the lease has run out
        await restarted.runOnce();
        return (await outbox()).every((row) => row.status === 'sent');
      }, 'the emails to be sent after the restart');
      now += 60 * 60_000;
      expect(await restarted.runOnce()).toBe(0);
    } finally {
      await restarted.stop();
    }
    const messages = await sink.received(2);
    expect(messages.map((message) => message.subject?.split(' ')[0]).sort()).toEqual(['Receipt', 'Your']);
    expect(sink.messages).toHaveLength(2);
    const rows = await outbox();
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['receipt', 'sent'],
      ['passes', 'sent'],
    ]);
    // The message the killed server was sending took a second attempt; the other one, never claimed before, one.
    expect(rows.map((row) => Number(row.attempts)).sort()).toEqual([1, 2]);
  }, 60_000);
});

/**
 * What `npm start` runs (`pos-server demo`) in a fresh folder with no SMTP server configured: it says where the
 * emails go, and a sale's receipt and passes are written there as .eml files that a mail program reads.
 */
describe('mail: the .eml default of a fresh demo', () => {
  let dir: string;
  let demo: ChildProcess | undefined;
  beforeAll(() => {
    if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is missing: run npm run build first`);
    dir = mkdtempSync(join(tmpdir(), 'pos-mail-demo-'));
  });
  afterAll(() => {
    if (demo && demo.exitCode === null && demo.signalCode === null) demo.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the outbox folder and writes each email there once', async () => {
    const port = await freePort();
    const { POS_SMTP_URL: _smtp, POS_DATA_DIR: _data, POS_DATABASE_URL: _db, ...inherited } = process.env;
    demo = spawn(process.execPath, [SERVER_BIN, 'demo'], {
      cwd: dir,
      env: { ...inherited, PORT: String(port), POS_UI_DIR: join(dir, 'no-ui') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    demo.stdout?.on('data', (chunk) => {
      printed += String(chunk);
    });
    await until(async () => printed.includes('Press Ctrl+C to stop.'), 'the demo to start');
    const outbox = join(dir, 'data', 'outbox');
    expect(printed).toContain(`Emails (receipts, passes) are written as .eml files to ${outbox}`);

    const url = `http://127.0.0.1:${port}`;
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (!response.ok) throw new Error(`${path} ${response.status}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const { idToken } = await post('/v1/identity/sign_in', {
      email: 'cashier@demo.pos',
      password: 'demo1234',
    });
    const token = String((await post('/v1/admin_login', { idToken })).userToken);
    await post('/v1/admin/start_shift', {}, token);
    await post('/v1/admin/set_float', { float: 100 }, token);
    const receipt = await post(
      '/v1/checkout',
      checkoutBody([cartItem('DAY-ADULT', 1)], { email: 'fresh@example.com' }),
      token,
    );
    const emls = () =>
      existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    await until(async () => emls().length === 2, 'the receipt and the passes in the outbox folder');
    const parsed = await Promise.all(emls().map((name) => simpleParser(readFileSync(join(outbox, name)))));
    const invoice = (receipt.order as { invoice: { _id: string } }).invoice._id;
    expect(parsed.map((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text)).toEqual([
      'fresh@example.com',
      'fresh@example.com',
    ]);
    expect(parsed.some((mail) => mail.subject?.includes(invoice))).toBe(true);
    // Written once: a later round of the sender finds nothing left to send.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(emls()).toHaveLength(2);
  }, 60_000);
});
