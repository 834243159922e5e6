import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, createDb, loadConfig, migrateToLatest, seedDemo } from 'pos-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './sell-and-report';

// The example runs against the real reference server on a temporary SQLite database: no mocks.
let dir: string;
let server: string;
let close: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pos-example-'));
  const config = loadConfig({ POS_DATABASE_URL: `sqlite:${join(dir, 'pos.db')}` });
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db);
  await seedDemo(db, { store: config.store, now: new Date() });
  const app = await buildApp({ db, config });
  server = await app.listen({ port: 0, host: '127.0.0.1' });
  close = async () => {
    await app.close();
    await db.destroy();
  };
}, 60_000);

afterAll(async () => {
  await close?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('examples sell-and-report', () => {
  it('signs in, sets the float, sells two passes and a merchandise item with mixed tenders, prints receipt and X report', async () => {
    const output: string[] = [];

    const result = await main({ server, write: (text) => output.push(text) });

    const { order } = result.receipt;
    expect(order.status).toBe('PAID');
    expect(order.total_amount).toBe(104);
    expect(order.payment).toEqual({
      methods: [
        { type: 'CASH', amount: 60 },
        { type: 'CREDIT CARD', amount: 50 },
      ],
      change: 6,
    });
    expect(order.order_details.cart.items.map((item) => item.sku)).toEqual([
      'DAY-ADULT',
      'DAY-CHILD',
      'GRIP-M',
    ]);
    expect(result.receipt.tickets).toHaveLength(2);
    // X report: float 100 + cash 60 - change 6 = 154 expected in the drawer.
    expect(result.report.float).toBe(100);
    expect(result.report.expected).toEqual({ cash: 154, card: 50, ewallet: 0 });
    expect(result.report.closed_at).toBeNull();

    const invoice = order.invoice?._id ?? '';
    expect(invoice).not.toBe('');
    const text = output.join('\n');
    expect(text).toContain('Added 1 x Day Pass to cart');
    expect(text).toContain('Checkout completed');
    expect(text).toContain(invoice);
    expect(text).toContain('Paid with CASH');
    expect(output.indexOf('[drawer opened]')).toBeGreaterThan(
      output.findIndex((line) => line.includes(invoice)),
    );
  });
});
