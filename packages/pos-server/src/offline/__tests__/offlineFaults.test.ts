import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPos, memoryOfflineStore, memoryStorage, type Pos } from 'pos-sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CASHIER,
  createTestApp,
  DEMO_PASSWORD,
  describeOnEngines,
  type TestApp,
} from '../../__tests__/support/testApp';

/** How many sales the fault run makes, and the share of checkout answers the proxy drops. */
const SALES = 200;
const DROP_EVERY_IN_FIVE = 1;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A proxy between the terminal and the server that forwards every request, waits for the server's whole answer
 * and then, for one checkout answer in five (a fixed pseudo-random sequence), closes the terminal's connection
 * instead of answering: the server committed the sale, the terminal never hears of it.
 */
function lossyProxy(target: string): { server: Server; dropped: () => number; forwarded: () => number } {
  let seed = 20_261_126;
  const nextRandom = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  let dropped = 0;
  let forwarded = 0;
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) {
        headers.set(name, value);
      }
    }
    const answer = await fetch(`${target}${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    forwarded++;
    if (request.url === '/v1/checkout' && nextRandom() < DROP_EVERY_IN_FIVE / 5) {
      dropped++;
      request.socket.destroy(); // committed on the server, lost on the way back
      return;
    }
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    response.end(bytes);
  });
  return { server, dropped: () => dropped, forwarded: () => forwarded };
}

/**
 * The fault run: 200 sales through the SDK with offline selling on, behind a proxy that drops 20 % of the
 * checkout answers after the server committed them. Every dropped sale is kept by the terminal and replayed with
 * its key and body; at the end the server holds each sale exactly once.
 */
describeOnEngines('offline faults: 200 sales, 20 % of the answers lost after the commit', (engine) => {
  let t: TestApp;
  let pos: Pos;
  let proxy: ReturnType<typeof lossyProxy>;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    proxy = lossyProxy(`http://127.0.0.1:${port}`);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    const proxyPort = (proxy.server.address() as AddressInfo).port;
    pos = createPos({
      api: { baseUrl: `http://127.0.0.1:${proxyPort}`, hostId: 'TICKET01', retries: 0, timeoutMs: 5_000 },
      storage: memoryStorage(),
      offline: { store: memoryOfflineStore(), probeIntervalMs: 0 },
    });
    await pos.session.signIn(CASHIER, DEMO_PASSWORD);
    await pos.shift.start();
    await pos.shift.setFloat('100');
    await pos.catalog.load();
    await pos.sync?.prepare();
  }, 60_000);
  afterAll(async () => {
    pos?.dispose();
    await new Promise<void>((resolve) => proxy?.server.close(() => resolve()));
    await t?.close();
  });

  it('loses none and books none twice', async () => {
    const sync = pos.sync;
    if (sync === undefined) throw new Error('offline selling is on');
    let offline = 0;
    let passUnits = 0;
    for (let sale = 0; sale < SALES; sale++) {
      const sku = sale % 3 === 0 ? 'DAY-ADULT' : 'GRIP-M';
      if (sku === 'DAY-ADULT') passUnits++;
      await pos.cart.add(sku);
      pos.checkout.setTender('CASH', sku === 'DAY-ADULT' ? '49' : '15');
      const receipt = await pos.checkout.submit({ email: '', confirmedNoEmail: true });
      if (receipt.order.pending_sync === true) offline++;
      // The next answer (health passes the proxy untouched) brings the terminal back online, which replays the queue.
      await pos.api.health();
      if (sync.ticketIdsLeft.value < 10) await sync.prepare();
    }
    for (let round = 0; round < 50 && sync.waiting.value > 0; round++) {
      await pos.api.health().catch(() => undefined);
      await sync.syncNow();
    }

    expect(proxy.dropped()).toBeGreaterThan(SALES / 10);
    expect(offline).toBeGreaterThan(0);
    expect(sync.waiting.value).toBe(0);
    expect(sync.conflicts.value.map((conflict) => conflict.message)).toEqual([]);
    const orders = await t.db.selectFrom('orders').select(['id', 'total_sen']).execute();
    const tickets = await t.db.selectFrom('tickets').select('id').execute();
    const invoices = await t.db.selectFrom('invoices').select('id').execute();
    // 0 lost, 0 duplicated: one order per sale, one ticket per pass unit, one invoice each, numbers without gaps.
    expect(orders).toHaveLength(SALES);
    expect(tickets).toHaveLength(passUnits);
    expect(invoices.map((invoice) => invoice.id).sort()).toEqual(
      Array.from({ length: SALES }, (_, index) => `STORE-${String(index + 1).padStart(6, '0')}`),
    );
    const total = orders.reduce((sum, order) => sum + order.total_sen, 0);
    expect(total).toBe(passUnits * 4900 + (SALES - passUnits) * 1500);
    console.log(
      `offline faults (${engine}): ${SALES} sales, ${proxy.dropped()} answers dropped after the commit, ${offline} receipts printed pending, ` +
        `${orders.length} orders on the server (0 lost, 0 duplicated)`,
    );
  }, 180_000);
});
