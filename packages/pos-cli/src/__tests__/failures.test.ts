import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { OrderSchema, ReceiptSchema } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProgram } from '../program';
import { memoryIo } from './support/memoryIo';
import { requireBuilt } from './support/paths';
import { type PosRun, runPos } from './support/runPos';
import { freePort, startTestServer, type TestServer } from './support/server';

/**
 * How `pos` fails, with the built binary against a real server: one line on stderr (the spec's or
 * the server's message), nothing on stdout, and the documented exit code.
 */
describe('pos failures and exit codes', () => {
  let server: TestServer;
  let configDir: string;
  const pos = (...args: string[]): Promise<PosRun> => runPos(args, { configDir, server: server.url });

  beforeAll(async () => {
    server = await startTestServer();
    configDir = await mkdtemp(join(server.dir, 'config-'));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it("refuses a wrong password with the server's message (exit 1)", async () => {
    const run = await pos('login', '--email', 'cashier@demo.pos', '--password', 'wrong-password');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: .+\n$/);
  });

  it("refuses an invalid login email with 'The input is not valid E-mail!' (exit 2)", async () => {
    const run = await pos('login', '--email', 'cashier', '--password', 'demo1234');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: email: The input is not valid E-mail!\n');
  });

  it('says "Not signed in" for a command that needs a session (exit 3)', async () => {
    const run = await pos('catalog');
    expect(run.code).toBe(3);
    expect(run.stderr).toBe('error: Not signed in: run "pos login" first\n');
  });

  it('signs in from POS_EMAIL and POS_PASSWORD', async () => {
    const run = await runPos(['login', '--json'], {
      configDir,
      server: server.url,
      env: { POS_EMAIL: 'cashier@demo.pos', POS_PASSWORD: 'demo1234' },
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ email: 'cashier@demo.pos' });
  });

  it("validates the float with the spec's messages (exit 2, nothing sent)", async () => {
    const run = await pos('shift', 'start', '--float', '12.345');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: --float: Value can be 0 or positive number up to 2 decimals\n');
    const started = await pos('shift', 'start', '--float', '100');
    expect(started.code).toBe(0);
  });

  it("validates every End Shift field: 'Please enter 0 if empty', 'Value can be 0 or positive ...'", async () => {
    const run = await pos('shift', 'end', '--cash', '', '--card', '-5', '--ewallet', '0');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: --cash: Please enter 0 if empty; --card: Value can be 0 or positive number up to 2 decimals\n',
    );
  });

  it("refuses a short payment: 'Insufficient Amount' / 'Payment is short by RM {x}' (exit 1)", async () => {
    const run = await pos('sell', '--item', 'DAY-ADULT', '--pay', 'cash:10', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: Insufficient Amount: Payment is short by RM 39.00\n');
  });

  it("refuses an invalid customer email: 'Invalid email format' (exit 2)", async () => {
    const run = await pos('sell', '--item', 'DAY-ADULT', '--pay', 'cash:49', '--email', 'jane-at-example');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('error: Invalid email format\n');
  });

  it('requires the customer email for multi-punch passes (exit 2)', async () => {
    const run = await pos('sell', '--item', 'PUNCH-10', '--pay', 'card:350', '--yes');
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error: Order contained item with multiple punches or membership, customer email is required!\n',
    );
  });

  it("asks 'Confirm NOT entering customer email?' of a script as a usage error", async () => {
    const run = await pos('sell', '--item', 'DAY-ADULT', '--pay', 'cash:49');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Confirm NOT entering customer email?');
  });

  it("applies the cart rules: 'Quantity for {name} has to be at least {min_qty}' (exit 1)", async () => {
    const run = await pos('sell', '--item', 'GROUP-5:2', '--pay', 'cash:60', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: Quantity for Group Day Pass has to be at least 5\n');
  });

  it("refuses a renewal at once with 'Membership renewal needs to be process independently.', before any member flag (exit 1)", async () => {
    const run = await pos('sell', '--item', 'RENEW-1M', '--pay', 'cash:120', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('error: Membership renewal needs to be process independently.\n');
  });

  it('refuses a wrong approver PIN without signing out (exit 1)', async () => {
    const run = await pos(
      'sell',
      '--item',
      'DAY-ADULT',
      '--discount',
      'DAY-ADULT:amount:5',
      '--approver',
      'Max Manager',
      '--pin',
      '9999',
      '--pay',
      'cash:44',
      '--yes',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: .+\n$/);
    expect((await pos('whoami')).code).toBe(0);
  });

  it("refuses to refund an order that is not PAID: 'Only PAID orders can be refunded' (exit 1)", async () => {
    const sale = ReceiptSchema.parse(
      JSON.parse((await pos('sell', '--item', 'DAY-ADULT', '--pay', 'cash:49', '--yes', '--json')).stdout),
    );
    const invoice = sale.order.invoice?._id ?? '';
    const refunded = OrderSchema.parse(
      JSON.parse((await pos('orders', 'refund', invoice, '--reason', 'Twice', '--json')).stdout),
    );
    expect(refunded.status).toBe('REFUNDED');
    const again = await pos('orders', 'refund', invoice, '--reason', 'Twice');
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: Only PAID orders can be refunded\n');
  });

  it('cancels an order with a reason: status CANCELED and its tickets Canceled', async () => {
    const sale = ReceiptSchema.parse(
      JSON.parse((await pos('sell', '--item', 'DAY-CHILD', '--pay', 'ewallet:40', '--yes', '--json')).stdout),
    );
    const run = await pos('orders', 'cancel', sale.order.invoice?._id ?? '', '--reason', 'Entered twice');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Order updated successfully');
    expect(run.stdout).toContain('CANCELED');
    const ticket = await pos('ticket', 'show', sale.tickets[0]?._id ?? '', '--json');
    expect(JSON.parse(ticket.stdout)).toMatchObject({ display_status: 'Canceled' });
    const redeem = await pos('ticket', 'redeem', sale.tickets[0]?._id ?? '');
    expect(redeem.code).toBe(1);
    expect(redeem.stderr).toBe('error: Ticket is Canceled\n');
  });

  it('says which member is not found, and refuses an invalid member email (exit 2)', async () => {
    const unknown = await pos('member', 'lookup', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error: .+\n$/);
    const invalid = await pos('member', 'lookup', 'nobody');
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toBe('error: email: The input is not valid E-mail!\n');
  });

  it('treats a missing argument without a terminal as a usage error at once (exit 2, no hang)', async () => {
    // A run that waited for input would be killed at timeoutMs and have no exit code (null), so `code` 2 also
    // says it did not hang; no wall-clock assertion, which a loaded machine could fail.
    const withoutEnv = await runPos(['login'], {
      configDir: await mkdtemp(join(server.dir, 'empty-')),
      server: server.url,
      timeoutMs: 10_000,
    });
    expect(withoutEnv.code).toBe(2);
    expect(withoutEnv.stderr).toContain('missing --email');
    for (const args of [
      ['orders', 'refund'],
      ['orders', 'refund', 'INV-1'],
      ['shift', 'end', '--cash', '10'],
      ['sell'],
      ['ticket', 'show'],
      ['orders', 'show'],
    ]) {
      const run = await runPos(args, { configDir, server: server.url, timeoutMs: 10_000 });
      expect(run.code, `pos ${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(/^error: /);
    }
  });

  it('rejects an unknown option or command as a usage error (exit 2)', async () => {
    expect((await pos('orders', 'list', '--bogus')).code).toBe(2);
    expect((await pos('shfit')).code).toBe(2);
    const run = await pos(
      'orders',
      'export',
      '--from',
      '2026-11-01',
      '--to',
      '2026-11-02',
      '--format',
      'xml',
    );
    expect(run.code).toBe(2);
  });

  it('answers exit 3 when the server rejects the stored token (403), and forgets the session', async () => {
    const sessionFile = join(configDir, 'session.json');
    const stored = JSON.parse(await readFile(sessionFile, 'utf8')) as Record<string, string>;
    const session = JSON.parse(stored['pos.session'] ?? '{}') as Record<string, unknown>;
    await writeFile(
      sessionFile,
      JSON.stringify({
        ...stored,
        'pos.session': JSON.stringify({ ...session, token: 'expired-or-forged' }),
      }),
    );
    const run = await pos('orders', 'list');
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: .+\n$/);
    expect(JSON.parse(await readFile(sessionFile, 'utf8'))).not.toHaveProperty(['pos.session']);
    expect((await pos('whoami')).code).toBe(3);
  });

  it("answers exit 4 'Server not responding' when the server is unreachable", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const run = await runPos(
      ['login', '--email', 'cashier@demo.pos', '--password', 'demo1234', '--server', closed],
      { configDir },
    );
    expect(run.code).toBe(4);
    expect(run.stderr).toBe('error: Server not responding\n');

    expect((await pos('login', '--email', 'cashier@demo.pos', '--password', 'demo1234')).code).toBe(0);
    await server.kill();
    const down = await pos('whoami');
    expect(down.code).toBe(4);
    expect(down.stderr).toBe('error: Server not responding\n');
  });
});

describe('pos --help', () => {
  const configDir = '/nonexistent-pos-config';
  beforeAll(requireBuilt);

  it('lists the commands, the exit codes and examples', async () => {
    const run = await runPos(['--help'], { configDir });
    expect(run.code).toBe(0);
    for (const text of ['login', 'shift', 'sell', 'orders', 'ticket', 'member', 'Exit codes', 'Examples:']) {
      expect(run.stdout).toContain(text);
    }
  });

  it("shows every command's and every group's options with examples", async () => {
    // Every command of the program, walked from the program itself, so a new one cannot be forgotten here.
    const leaves = (command: Command, path: string[]): string[][] =>
      command.commands.length === 0
        ? [path]
        : [
            ...(path.length > 0 ? [path] : []),
            ...command.commands.flatMap((sub) => leaves(sub, [...path, sub.name()])),
          ];
    const all = leaves(createProgram(memoryIo({})), []);
    expect(all.length).toBeGreaterThan(40);
    // Groups too (`pos orders --help`): every one shows examples of its subcommands.
    for (const args of all) {
      const run = await runPos([...args, '--help'], { configDir });
      expect(run.code, args.join(' ')).toBe(0);
      expect(run.stdout, args.join(' ')).toContain('Examples:');
      expect(run.stdout, args.join(' ')).toContain(`$ pos ${args.join(' ')}`);
    }
  });
});
