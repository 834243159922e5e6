import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  StockCountResponseSchema,
  StockImportResponseSchema,
  StockLevelListSchema,
  StockMovementListSchema,
} from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/** `pos stock …` from the built binary against a real server on a temporary database. */
describe('pos stock', () => {
  let server: TestServer;
  let managerDir: string;
  let cashierDir: string;
  const as =
    (configDir: string) =>
    (...args: string[]): Promise<PosRun> =>
      runPos(args, { configDir, server: server.url });
  const manager = (...args: string[]) => as(managerDir)(...args);
  const cashier = (...args: string[]) => as(cashierDir)(...args);
  const levelOf = async (sku: string) =>
    StockLevelListSchema.parse(JSON.parse((await manager('stock', 'list', '--json')).stdout)).find(
      (level) => level.sku === sku,
    )?.quantity;

  beforeAll(async () => {
    server = await startTestServer();
    managerDir = await mkdtemp(join(server.dir, 'manager-'));
    cashierDir = await mkdtemp(join(server.dir, 'cashier-'));
    expect((await manager('login', '--email', 'manager@demo.pos', '--password', 'demo1234')).code).toBe(0);
    expect((await cashier('login', '--email', 'cashier@demo.pos', '--password', 'demo1234')).code).toBe(0);
    expect((await cashier('shift', 'start', '--float', '50')).code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('list says none is kept yet; track starts keeping a variant; list shows level, cost and value', async () => {
    expect((await manager('stock', 'list')).stdout).toBe('No stock is kept yet: pos stock track SKU\n');
    const tracked = await manager(
      'stock',
      'track',
      'GRIP-M',
      '--quantity',
      '10',
      '--low',
      '3',
      '--cost',
      '6.50',
    );
    expect(tracked).toMatchObject({ code: 0, stderr: '' });
    expect(tracked.stdout).toBe('Keeping the stock of GRIP-M: 10 on the shelf\n');
    const list = await manager('stock', 'list');
    expect(list.stdout).toMatch(/GRIP-M\s+│ Grip Socks M\s+│ 10\s+│ 3\s+│ RM 6\.50\s+│ RM 65\.00/);
  });

  it('a sale takes stock, receive and adjust move it, history lists every movement', async () => {
    const sold = await cashier('sell', '--item', 'GRIP-M:2', '--pay', 'cash:30', '--yes');
    expect(sold.code).toBe(0);
    expect(await levelOf('GRIP-M')).toBe(8);
    expect((await manager('stock', 'receive', 'GRIP-M', '12', '--reason', 'Delivery 114')).stdout).toBe(
      'Received 12 x GRIP-M: 20 on the shelf\n',
    );
    expect((await manager('stock', 'adjust', 'GRIP-M', '--damage', '1', '--reason', 'Torn')).stdout).toBe(
      'GRIP-M: 19 on the shelf\n',
    );
    expect((await manager('stock', 'adjust', 'GRIP-M', '--by', '-2', '--reason', 'Miscount')).code).toBe(0);
    const history = StockMovementListSchema.parse(
      JSON.parse((await manager('stock', 'history', 'GRIP-M', '--json')).stdout),
    );
    expect(history.map((movement) => [movement.kind, movement.quantity])).toEqual([
      ['correction', -2],
      ['damage', -1],
      ['delivery', 12],
      ['sale', -2],
      ['correction', 10],
    ]);
    expect((await manager('stock', 'history', 'GRIP-M')).stdout).toMatch(
      /delivery\s+│ \+12\s+│ 20\s+│ Delivery 114/,
    );
  });

  it('counts from a CSV: a dry run first, then --apply', async () => {
    const file = join(server.dir, 'counts.csv');
    await writeFile(file, 'sku,counted\nGRIP-M,15\n');
    const dry = await manager('stock', 'count', '--file', file);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/GRIP-M\s+│ 17\s+│ 15\s+│ -2/);
    expect(dry.stdout).toContain('Dry run: nothing changed (apply it with --apply)');
    expect(await levelOf('GRIP-M')).toBe(17);
    const applied = await manager('stock', 'count', '--file', file, '--apply', '--json');
    expect(StockCountResponseSchema.parse(JSON.parse(applied.stdout))).toMatchObject({ applied: true });
    expect(await levelOf('GRIP-M')).toBe(15);
  });

  it('imports deliveries from a CSV: a dry run first, then --apply; a bad row changes nothing (exit 1)', async () => {
    const file = join(server.dir, 'delivery.csv');
    await writeFile(file, 'sku,quantity,reason\nGRIP-M,6,PO 4471\n');
    const dry = await manager('stock', 'import', '--file', file);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/2\s+│ GRIP-M\s+│ \+6\s+│ 15\s+│ 21\s+│ PO 4471/);
    expect(dry.stdout).toContain('Dry run: nothing changed (apply it with --apply)');
    expect(await levelOf('GRIP-M')).toBe(15);
    const applied = await manager('stock', 'import', '--file', file, '--apply', '--json');
    expect(applied.code).toBe(0);
    expect(StockImportResponseSchema.parse(JSON.parse(applied.stdout))).toMatchObject({ applied: true });
    expect(await levelOf('GRIP-M')).toBe(21);
    const badFile = join(server.dir, 'bad-delivery.csv');
    await writeFile(badFile, 'sku,quantity\nGRIP-M,3\nGRIP-S,2\n');
    const bad = await manager('stock', 'import', '--file', badFile, '--apply');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('line 3: The stock of GRIP-S is not kept');
    expect(await levelOf('GRIP-M')).toBe(21);
    expect((await manager('stock', 'import')).code).toBe(2);
    // Back to 15 for the tests after this one.
    expect((await manager('stock', 'adjust', 'GRIP-M', '--by', '-6', '--reason', 'Test reset')).code).toBe(0);
  });

  it('list --low for a nightly script; wrong input is exit 2, not a manager exit 1, without a prompt', async () => {
    expect((await manager('stock', 'list', '--low')).stdout).toBe('No stock is low\n');
    await manager('stock', 'adjust', 'GRIP-M', '--by', '-13', '--reason', 'Sold at the event');
    expect(JSON.parse((await manager('stock', 'list', '--low', '--json')).stdout)).toMatchObject([
      { sku: 'GRIP-M', quantity: 2 },
    ]);
    const noReason = await manager('stock', 'adjust', 'GRIP-M', '--damage', '1');
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('missing --reason');
    const both = await manager('stock', 'adjust', 'GRIP-M', '--damage', '1', '--by', '2', '--reason', 'x');
    expect(both.code).toBe(2);
    expect((await manager('stock', 'receive', 'GRIP-M', 'two')).code).toBe(2);
    const badFile = join(server.dir, 'bad.csv');
    await writeFile(badFile, 'GRIP-M;3\n');
    const bad = await manager('stock', 'count', '--file', badFile);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('line 1 of the count file');
    const unknown = await manager('stock', 'receive', 'NOPE', '1');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('error: No merchandise with SKU NOPE\n');
    const untracked = await manager('stock', 'receive', 'GRIP-S', '1');
    expect(untracked.code).toBe(1);
    expect(untracked.stderr).toContain('The stock of GRIP-S is not kept');
    const staff = await cashier('stock', 'list');
    expect(staff.code).toBe(1);
    expect(staff.stderr).toBe('error: Only a manager can do this: ask a manager to sign in\n');
  });

  it("'refuse' refuses a sale the shelf cannot cover, naming the item; the cart is not sold", async () => {
    expect((await manager('settings', 'set', '--stock-below-zero', 'refuse')).code).toBe(0);
    try {
      const refused = await cashier('sell', '--item', 'GRIP-M:3', '--pay', 'cash:45', '--yes');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Only 2 left of Grip Socks');
      expect(await levelOf('GRIP-M')).toBe(2);
      expect((await manager('settings', 'set', '--stock-below-zero', 'never')).code).toBe(2);
    } finally {
      await manager('settings', 'set', '--stock-below-zero', 'allow');
    }
  });
});
