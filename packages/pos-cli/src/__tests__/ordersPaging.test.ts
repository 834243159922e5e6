import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { createPos } from 'pos-sdk';
import { OrderPageSchema } from 'pos-sdk/contract';
import { ordersMatching, ordersShown } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/** More orders than one page of 50 holds. */
const SOLD = 55;

/** Sells `count` Day Passes as the cashier through the SDK (quicker than a `pos sell` each). */
async function sellDayPasses(url: string, count: number): Promise<string[]> {
  const pos = createPos({ api: { baseUrl: url } });
  try {
    await pos.session.signIn('cashier@demo.pos', 'demo1234');
    await pos.shift.start();
    if (pos.shift.needsFloat.value) await pos.shift.setFloat('100.00');
    await pos.catalog.load();
    const invoices: string[] = [];
    for (let sale = 0; sale < count; sale++) {
      await pos.cart.add('DAY-ADULT');
      pos.checkout.setTender('CASH', '49');
      const receipt = await pos.checkout.submit({ email: `guest${sale}@example.com` });
      invoices.push(receipt.order.invoice?._id ?? receipt.order._id);
    }
    return invoices;
  } finally {
    pos.dispose();
  }
}

/** `pos orders list`, a page at a time and every page, with the built binary against a real server. */
describe('pos orders list (paged)', () => {
  let server: TestServer;
  let configDir: string;
  /** Newest first, as the list is. */
  let invoices: string[];
  const pos = (...args: string[]): Promise<PosRun> => runPos(args, { configDir, server: server.url });
  const json = async (...args: string[]): Promise<unknown> => {
    const run = await pos(...args, '--json');
    expect(run.stderr, `pos ${args.join(' ')}`).toBe('');
    expect(run.code, `pos ${args.join(' ')}`).toBe(0);
    return JSON.parse(run.stdout) as unknown;
  };

  beforeAll(async () => {
    server = await startTestServer();
    configDir = await mkdtemp(join(server.dir, 'config-'));
    invoices = (await sellDayPasses(server.url, SOLD)).reverse();
    const login = await pos('login', '--email', 'manager@demo.pos', '--password', 'demo1234');
    expect(login.code, login.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('prints the first 50 orders, how many match, and the command of the next page on stderr', async () => {
    const run = await pos('orders', 'list');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(invoices[0]);
    expect(run.stdout).toContain(invoices[49]);
    expect(run.stdout).not.toContain(invoices[50]);
    expect(run.stdout).toContain(ordersShown(50, SOLD));
    expect(run.stderr).toMatch(/^Next page: pos orders list --cursor \S+ \(or --all for every page\)\n$/);

    const next = run.stderr.match(/--cursor (\S+)/)?.[1] ?? '';
    const second = await pos('orders', 'list', '--cursor', next);
    expect(second.code, second.stderr).toBe(0);
    for (const invoice of invoices.slice(50)) expect(second.stdout).toContain(invoice);
    expect(second.stdout).not.toContain(invoices[49]);
    expect(second.stderr).toBe('');
  });

  it('--json prints the OrderPage: the rows, next_cursor and the count', async () => {
    const first = OrderPageSchema.parse(await json('orders', 'list', '--limit', '20'));
    expect(first.orders.map((order) => order.invoice?._id)).toEqual(invoices.slice(0, 20));
    expect(first.total).toBe(SOLD);
    expect(first.total_is_estimate).toBe(false);
    expect(first.next_cursor).not.toBeNull();
    const second = OrderPageSchema.parse(
      await json('orders', 'list', '--limit', '20', '--cursor', first.next_cursor ?? ''),
    );
    expect(second.orders.map((order) => order.invoice?._id)).toEqual(invoices.slice(20, 40));
  });

  it('--all streams every page: every order exactly once, newest first', async () => {
    const all = OrderPageSchema.shape.orders.parse(await json('orders', 'list', '--all', '--limit', '20'));
    expect(all.map((order) => order.invoice?._id)).toEqual(invoices);

    const human = await pos('orders', 'list', '--all', '--limit', '20');
    expect(human.code, human.stderr).toBe(0);
    for (const invoice of invoices) expect(human.stdout).toContain(invoice);
    // Three pages of 20, 20 and 15 rows: each printed as it arrived, under its own heading.
    expect(human.stdout.match(/INVOICE NO/g)).toHaveLength(3);
    expect(human.stdout.trimEnd().endsWith(ordersMatching(SOLD))).toBe(true);
    expect(human.stderr).toBe('');
  });

  it('--all with a search and a period keeps the filter on every page', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(new Date());
    const found = OrderPageSchema.shape.orders.parse(
      await json(
        'orders',
        'list',
        '--all',
        '--limit',
        '1',
        '--search',
        'guest1',
        '--from',
        today,
        '--to',
        today,
      ),
    );
    // guest1, guest10 ... guest19: eleven customers.
    expect(found).toHaveLength(11);
    expect(found.every((order) => order.customer.email.startsWith('guest1'))).toBe(true);
  });

  it('refuses a --limit outside 1 to 500 (exit 2)', async () => {
    for (const limit of ['0', '501', 'ten']) {
      const run = await pos('orders', 'list', '--limit', limit);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('error: --limit must be a whole number from 1 to 500\n');
    }
  });
});
