import type { StockImportResponse, StockLevel, StockMovement } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

describeOnEngines('stock deliveries from a CSV file (stock/import)', (engine) => {
  let t: TestApp;
  let manager: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock: createTestClock('2026-12-01T02:00:00.000Z') });
    manager = await t.signIn(MANAGER);
    for (const [sku, quantity] of [
      ['GRIP-S', 5],
      ['GRIP-M', 0],
    ] as const) {
      expect(
        (await t.post(manager, '/v1/admin/stock/track', { sku, track: true, quantity })).statusCode,
      ).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const importFile = (content: string, extra: Record<string, unknown> = {}) =>
    t.post(manager, '/v1/admin/stock/import', { content, ...extra });
  const level = async (sku: string) =>
    (await t.post(manager, '/v1/admin/stock/list', {})).json<StockLevel[]>().find((one) => one.sku === sku)
      ?.quantity;

  it('shows what a file would do and changes nothing (the default dry run)', async () => {
    const answer = await importFile('sku,quantity,reason\nGRIP-S,10,Delivery note 881\nGRIP-M,4,\n', {
      reason: 'Supplier delivery',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<StockImportResponse>()).toEqual({
      dry_run: true,
      applied: false,
      lines: [
        {
          line: 2,
          sku: 'GRIP-S',
          quantity: 10,
          reason: 'Delivery note 881',
          level_before: 5,
          level_after: 15,
        },
        { line: 3, sku: 'GRIP-M', quantity: 4, reason: 'Supplier delivery', level_before: 0, level_after: 4 },
      ],
    });
    expect(await level('GRIP-S')).toBe(5);
  });

  it('applies every row as a delivery movement in one go, audited once', async () => {
    const answer = await importFile('SKU,Quantity\r\nGRIP-S,10\r\nGRIP-M,4\r\n', {
      dry_run: false,
      reason: 'Note 12',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<StockImportResponse>()).toMatchObject({ dry_run: false, applied: true });
    expect(await level('GRIP-S')).toBe(15);
    expect(await level('GRIP-M')).toBe(4);
    const history = (await t.post(manager, '/v1/admin/stock/history', { sku: 'GRIP-S' })).json<
      StockMovement[]
    >();
    expect(history[0]).toMatchObject({ kind: 'delivery', quantity: 10, level_after: 15, reason: 'Note 12' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'stock.received')
      .execute();
    expect(audit.map((row) => JSON.parse(row.details ?? '{}'))).toEqual([{ imported: 2, units: 14 }]);
  });

  it('names every bad row and changes nothing', async () => {
    const answer = await importFile(
      'sku,quantity\nGRIP-S,3\nGRIP-L,2\nNOPE-1,1\nGRIP-M,0\nGRIP-S,1\nGRIP-M,two\n',
      { dry_run: false },
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json().details).toEqual([
      { path: 'line 3', message: 'The stock of GRIP-L is not kept: start it with pos stock track GRIP-L' },
      { path: 'line 4', message: 'No merchandise with SKU NOPE-1' },
      { path: 'line 5', message: 'quantity must be a whole number of units, at least 1' },
      { path: 'line 6', message: 'GRIP-S is in the file twice: one row a variant' },
      { path: 'line 7', message: 'quantity must be a whole number of units, at least 1' },
    ]);
    expect(answer.json().message).toMatch(/^The file was not imported, nothing was changed: line 3: /);
    expect(await level('GRIP-S')).toBe(15);
  });

  it('refuses a file without its columns, or without rows, and a staff member who is not a manager', async () => {
    const noHeader = await importFile('GRIP-S,3\n');
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().message).toBe('The first line must name the columns: sku,quantity (and reason)');
    const empty = await importFile('sku,quantity\n');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('The file has no deliveries');
    const tooBig = await importFile('x'.repeat(512 * 1024 + 1));
    expect(tooBig.statusCode).toBe(400);
    const cashier = await t.signIn(CASHIER);
    expect(
      (await t.post(cashier, '/v1/admin/stock/import', { content: 'sku,quantity\nGRIP-S,1\n' })).statusCode,
    ).toBe(403);
  });
});
