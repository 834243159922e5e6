import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { OrderPageSchema, ReceiptSchema, type SyncConflict } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PosRun, runPos } from './support/runPos';
import { startTestServer, type TestServer } from './support/server';

/**
 * Selling through an outage with the `pos` command (docs/offline.md), against a real server that is stopped and
 * started again on the same database: sales wait in `<config>/offline.json` and `pos sync now` sends them once.
 */
describe('pos sync (the server goes down and comes back)', () => {
  let server: TestServer;
  let configDir: string;
  let managerDir: string;
  const pos = (...args: string[]): Promise<PosRun> => runPos(args, { configDir, server: server.url });
  const manager = (...args: string[]): Promise<PosRun> =>
    runPos(args, { configDir: managerDir, server: server.url });

  beforeAll(async () => {
    server = await startTestServer();
    configDir = await mkdtemp(join(server.dir, 'cashier-'));
    managerDir = await mkdtemp(join(server.dir, 'manager-'));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it('prepares at login and shift start: nothing waits', async () => {
    expect((await pos('login', '--email', 'cashier@demo.pos', '--password', 'demo1234')).code).toBe(0);
    expect((await pos('shift', 'start', '--float', '100')).code).toBe(0);
    const status = await pos('sync', 'status');
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('Nothing waiting to sync');
    const file = join(configDir, 'offline.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(stored.ticket_ids).toHaveLength(100);
    expect(stored.policy).toEqual({
      max_offline_minutes: 480,
      max_offline_amount: 10000,
      max_offline_sales: 200,
    });
  });

  it('sells while the server is down: the receipt says pending, the sale waits in the file', async () => {
    await server.kill();
    const sale = await pos('sell', '--item', 'DAY-ADULT:2', '--item', 'GRIP-M', '--pay', 'cash:120', '--yes');
    expect(sale.stderr).toBe('');
    expect(sale.code).toBe(0);
    expect(sale.stdout).toContain('*** OFFLINE SALE - PENDING SYNC ***');
    expect(sale.stdout).toMatch(/Invoice No: +pending/);
    expect(sale.stdout).toContain('Ticket TZ');
    const json = await pos('sell', '--item', 'GRIP-M', '--pay', 'card:15', '--yes', '--json');
    expect(json.code).toBe(0);
    expect(ReceiptSchema.parse(JSON.parse(json.stdout)).order.pending_sync).toBe(true);

    const status = await pos('sync', 'status');
    expect(status.stdout).toContain('2 waiting (2 sales)');
    expect(status.stdout).toContain('RM 113.00');
    const now = await pos('sync', 'now');
    expect(now.code).toBe(4);
    expect(now.stdout).toContain('Synced 0, refused 0, still waiting 2');
  });

  it('sends what waits once the server is back, once, and the orders have invoice numbers', async () => {
    await server.restart();
    const now = await pos('sync', 'now');
    expect(now.stderr).toBe('');
    expect(now.code).toBe(0);
    expect(now.stdout).toContain('Synced 2, refused 0, still waiting 0');
    const again = await pos('sync', 'now');
    expect(again.stdout).toContain('Synced 0, refused 0, still waiting 0');
    const list = await pos('orders', 'list', '--json', '--limit', '50');
    const page = OrderPageSchema.parse(JSON.parse(list.stdout));
    expect(page.orders.map((order) => order.total_amount).sort()).toEqual([113, 15]);
    expect(page.orders.every((order) => /^STORE-\d{6}$/.test(order.invoice?._id ?? ''))).toBe(true);
  });

  it('keeps a sale the server refuses as a conflict, listed for a manager who resolves it; a cashier may not', async () => {
    expect((await manager('login', '--email', 'manager@demo.pos', '--password', 'demo1234')).code).toBe(0);
    const empty = await manager('sync', 'conflicts');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('No sync conflicts');

    // Sold offline at RM 15; the price changes before the sale syncs.
    await server.kill();
    expect((await pos('sell', '--item', 'GRIP-M', '--pay', 'cash:15', '--yes')).code).toBe(0);
    await server.restart();
    expect((await manager('catalog', 'edit', 'GRIP-M', '--price', '16')).code).toBe(0);
    const sync = await pos('sync', 'now');
    expect(sync.stdout).toContain('refused 1');
    const status = await pos('sync', 'status');
    expect(status.stdout).toContain('Refused by the server');
    expect(status.stdout).toContain('Price changed for GRIP-M');

    const cashier = await pos('sync', 'conflicts');
    expect(cashier.code).toBe(1);
    const listed = await manager('sync', 'conflicts');
    expect(listed.stdout).toContain('Price changed for GRIP-M');
    expect(listed.stdout).toContain('RM 15.00');
    const conflicts: SyncConflict[] = JSON.parse((await manager('sync', 'conflicts', '--json')).stdout);
    expect(conflicts).toHaveLength(1);
    const id = conflicts[0]?._id ?? '';
    const resolved = await manager('sync', 'resolve', id, '--note', 'charged RM 1 at the desk');
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toContain('Resolved: Price changed for GRIP-M');
    expect((await manager('sync', 'conflicts')).stdout).toContain('No sync conflicts');
    const all: SyncConflict[] = JSON.parse((await manager('sync', 'conflicts', '--all', '--json')).stdout);
    expect(all[0]?.resolved).toMatchObject({ by: 'Max Manager', note: 'charged RM 1 at the desk' });
    const missing = await manager(
      'sync',
      'resolve',
      '00000000-0000-4000-8000-000000000000',
      '--note',
      'checked',
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Sync conflict not found');
    const noNote = await manager('sync', 'resolve', '00000000-0000-4000-8000-000000000000');
    expect(noNote.code).toBe(2);
  });
});
