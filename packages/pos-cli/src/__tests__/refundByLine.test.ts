import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { OrderSchema, ReceiptSchema, ShiftReportSchema } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/** `pos orders refund INVOICE --item SKU[:QTY]… --reason TEXT` with the built binary against a real server. */
describe('pos orders refund by item (against a real server)', () => {
  let server: TestServer;
  let configDir: string;
  const pos = (...args: string[]): Promise<PosRun> => runPos(args, { configDir, server: server.url });
  const json = async (...args: string[]): Promise<unknown> => {
    const run = await pos(...args, '--json');
    expect(run.stderr, `pos ${args.join(' ')}`).toBe('');
    expect(run.code, `pos ${args.join(' ')}`).toBe(0);
    return JSON.parse(run.stdout) as unknown;
  };
  let invoice = '';

  beforeAll(async () => {
    server = await startTestServer();
    configDir = await mkdtemp(join(server.dir, 'config-'));
    expect((await pos('login', '--email', 'cashier@demo.pos', '--password', 'demo1234')).code).toBe(0);
    expect((await pos('shift', 'start', '--float', '100')).code).toBe(0);
    const sale = ReceiptSchema.parse(
      await json(
        'sell',
        '--item',
        'BOTTLE-750:2',
        '--item',
        'GRIP-M',
        '--pay',
        'card:40',
        '--pay',
        'cash:30',
        '--yes',
      ),
    );
    invoice = sale.order.invoice?._id ?? '';
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('refunds one item and prints what to give back; the order stays PAID with the amount refunded', async () => {
    const run = await pos(
      'orders',
      'refund',
      invoice,
      '--item',
      'BOTTLE-750:1',
      '--reason',
      'Returned one bottle',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Give back RM 25.00 by CARD');
    expect(run.stdout).toContain(`${invoice}: PAID (RM 25.00 of RM 65.00 refunded)`);
    // Shown in the order and the list.
    const shown = await pos('orders', 'show', invoice);
    expect(shown.stdout).toContain('1 refunded (RM 25.00)');
    expect(shown.stdout).toMatch(/REFUNDED\s*│?\s*RM 25\.00/);
    expect(shown.stdout).toContain('CREDIT CARD RM 25.00');
    expect((await pos('orders', 'list')).stdout).toContain('PAID (RM 25.00 refunded)');
  });

  it('refuses more units than are left (exit 1) and an unknown method word (exit 2)', async () => {
    const tooMany = await pos('orders', 'refund', invoice, '--item', 'BOTTLE-750:2', '--reason', 'x');
    expect(tooMany.code).toBe(1);
    expect(tooMany.stderr).toBe('error: Only 1 x BOTTLE-750 can be refunded\n');
    const badMethod = await pos('orders', 'refund', invoice, '--by', 'cheque', '--reason', 'x');
    expect(badMethod.code).toBe(2);
  });

  it('refunds the rest by cash without --item: REFUNDED, and the X report counts both refunds', async () => {
    const order = OrderSchema.parse(
      await json('orders', 'refund', invoice, '--by', 'cash', '--reason', 'Left'),
    );
    expect(order).toMatchObject({ status: 'REFUNDED', refunded_amount: 65 });
    expect(order.refunds?.[1]?.tenders).toEqual([{ type: 'CASH', amount: 40 }]);
    const report = ShiftReportSchema.parse(await json('shift', 'report'));
    expect(report.refunds).toEqual({ cash: 40, card: 25, ewallet: 0 });
  });
});
