import { randomUUID } from 'node:crypto';
import type { Receipt } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type ChildServer, requireFreshBuild, startChildServer } from './support/childServer';
import { cartItem, checkoutBody, openShift } from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

/** How many sales the server must have answered before it is killed. */
const ACKNOWLEDGED_BEFORE_KILL = 20;
/** Terminals selling at once. */
const WORKERS = 6;

describeOnEngines('durability: a server killed (SIGKILL) while checkouts run', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const children: ChildServer[] = [];

  beforeAll(async () => {
    requireFreshBuild();
    t = await createTestApp({ engine });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const child of children) await child.stop().catch(() => {});
    await t?.close();
  }, SETUP_TIMEOUT_MS);

  it('keeps every order it acknowledged, whole, after a restart, and leaves no order half-written', async () => {
    const server = await startChildServer(t);
    children.push(server);
    const body = JSON.stringify(checkoutBody([cartItem('DAY-ADULT', 2)]));
    const acknowledged: Receipt[] = [];
    let killed = false;
    const sell = async () => {
      while (!killed) {
        try {
          const response = await fetch(`${server.url}/v1/checkout`, {
            method: 'POST',
            headers: {
              ...session.headers,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body,
          });
          // Acknowledged = the whole answer arrived with 200 (what a till prints a receipt for).
          if (response.status === 200) acknowledged.push((await response.json()) as Receipt);
        } catch {
          return; // the server is gone: this answer never came
        }
      }
    };
    const tills = Array.from({ length: WORKERS }, sell);
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL), {
      timeout: 30_000,
      interval: 20,
    });
    await server.crash(); // SIGKILL in the middle of the sales: no shutdown code runs
    killed = true;
    await Promise.all(tills);

    // A new process opens the database (SQLite replays its WAL) and serves again.
    const restarted = await startChildServer(t);
    children.push(restarted);
    expect((await fetch(`${restarted.url}/v1/health`)).status).toBe(200);

    const orderIds = acknowledged.map((receipt) => receipt.order._id);
    expect(new Set(orderIds).size).toBe(orderIds.length);
    const orders = await t.db.selectFrom('orders').selectAll().execute();
    const byId = new Map(orders.map((order) => [order.id, order]));
    for (const receipt of acknowledged) {
      const order = byId.get(receipt.order._id);
      expect(order, receipt.order._id).toBeDefined();
      expect(order?.status).toBe('PAID');
      expect(order?.total_sen).toBe(9800);
    }
    // Every order stored, acknowledged or not, is whole: its item, its 2 tickets, its tender, its invoice.
    const count = async (table: 'order_items' | 'tickets' | 'tenders' | 'invoices') => {
      const rows = await t.db.selectFrom(table).select('order_id').execute();
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.order_id, (counts.get(row.order_id) ?? 0) + 1);
      return counts;
    };
    const [items, tickets, tenders, invoices] = await Promise.all([
      count('order_items'),
      count('tickets'),
      count('tenders'),
      count('invoices'),
    ]);
    expect(orders.length).toBeGreaterThanOrEqual(acknowledged.length);
    for (const order of orders) {
      expect(items.get(order.id), `items of ${order.id}`).toBe(1);
      expect(tickets.get(order.id), `tickets of ${order.id}`).toBe(2);
      expect(tenders.get(order.id), `tenders of ${order.id}`).toBe(1);
      expect(invoices.get(order.id), `invoice of ${order.id}`).toBe(1);
    }
  }, 90_000);
});
