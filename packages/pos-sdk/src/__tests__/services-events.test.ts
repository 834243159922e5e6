import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OfflinePrepareResponse } from '../contract';
import type { PosEventName, PosEvents } from '../services/EventsService';
import type { Pos } from '../services/Pos';
import { memoryOfflineStore } from '../sync';
import { NOW, receiptWith, shiftReport, shiftWith, ticketWith } from './support/fixtures';
import { createTestPos, loadCatalog, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const PREPARED: OfflinePrepareResponse = {
  policy: { max_offline_minutes: 480, max_offline_amount: 1000, max_offline_sales: 3 },
  ticket_ids: ['TZ000000001', 'TZ000000002'],
  tickets: [ticketWith({ _id: 'T1234567890' })],
  server_time: NOW.toISOString(),
};

/** Every payload of `name` the terminal emits from now on. */
function record<N extends PosEventName>(pos: Pos, name: N): PosEvents[N][] {
  const seen: PosEvents[N][] = [];
  pos.events.subscribe(name, (event) => seen.push(event));
  return seen;
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met');
}

/** A prepared terminal with offline selling on, the catalogue loaded, and the server down. */
async function offlineTerminalWithServerDown() {
  server().post('/v1/offline/prepare').reply(200, PREPARED);
  const test = createTestPos({ offline: { store: memoryOfflineStore(), probeIntervalMs: 0 } });
  const sync = test.pos.sync;
  if (sync === undefined) throw new Error('offline selling is on');
  await waitFor(() => sync.policy.value !== null);
  await loadCatalog(test.pos);
  server().persist().post(/.*/).replyWithError({ code: 'ECONNREFUSED' });
  return { ...test, sync };
}

async function payDayPass(pos: Pos) {
  await pos.cart.add('DAY-ADULT');
  pos.checkout.setTender('CASH', '49');
  return pos.checkout.submit({ email: '', confirmedNoEmail: true });
}

describe('services events', () => {
  it('saleCompleted: the order, the Idempotency-Key it was sent with, and offline false', async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    const sales = record(pos, 'saleCompleted');
    let sentKey = '';
    server()
      .post('/v1/checkout')
      .reply(function reply() {
        sentKey = String(this.req.headers['idempotency-key']);
        return [200, receiptWith()];
      });
    const receipt = await payDayPass(pos);
    expect(sales).toHaveLength(1);
    expect(sales[0]?.order).toEqual(receipt.order);
    expect(sales[0]?.receipt).toEqual(receipt);
    expect(sales[0]?.idempotencyKey).toBe(sentKey);
    expect(sentKey).not.toBe('');
    expect(sales[0]?.offline).toBe(false);
  });

  it('a listener that throws does not break the sale: the receipt, the emptied cart, the print and the other listeners stand', async () => {
    const failures: [unknown, string][] = [];
    const { pos, driver } = createTestPos({ onEventError: (error, name) => failures.push([error, name]) });
    await loadCatalog(pos);
    pos.events.subscribe('saleCompleted', () => {
      throw new Error('analytics down');
    });
    const sales = record(pos, 'saleCompleted');
    server().post('/v1/checkout').reply(200, receiptWith());
    const receipt = await payDayPass(pos);
    expect(receipt.order._id).toBe(receiptWith().order._id);
    expect(pos.cart.items.value).toEqual([]);
    expect(driver.printedTexts()).toHaveLength(1);
    expect(sales).toHaveLength(1);
    expect(failures).toEqual([[new Error('analytics down'), 'saleCompleted']]);
  });

  it('saleCompleted says offline true for a sale sold offline, with the key it will be replayed with', async () => {
    const { pos, sync } = await offlineTerminalWithServerDown();
    const sales = record(pos, 'saleCompleted');
    const receipt = await payDayPass(pos);
    expect(sales).toHaveLength(1);
    expect(sales[0]?.offline).toBe(true);
    expect(sales[0]?.order.pending_sync).toBe(true);
    expect(sales[0]?.order).toEqual(receipt.order);
    expect(sync.queue.value[0]).toMatchObject({ kind: 'sale', key: sales[0]?.idempotencyKey });
  });

  it('syncDrained: once a sync has replayed everything that waited', async () => {
    const { pos, sync } = await offlineTerminalWithServerDown();
    await payDayPass(pos);
    const drained = record(pos, 'syncDrained');
    nock.cleanAll();
    server().post('/v1/checkout').reply(200, receiptWith()).post('/v1/offline/prepare').reply(200, PREPARED);
    await sync.syncNow();
    expect(drained).toEqual([{ synced: 1, refused: 0, waiting: 0 }]);
    await sync.syncNow(); // nothing waited: nothing drained
    expect(drained).toHaveLength(1);
  });

  it('saleSynced: each offline sale the sync books, with its key and the order the server gave it, before syncDrained', async () => {
    const { pos, sync } = await offlineTerminalWithServerDown();
    const sold = record(pos, 'saleCompleted');
    await payDayPass(pos);
    const told: string[] = [];
    pos.events.subscribe('saleSynced', () => told.push('saleSynced'));
    pos.events.subscribe('syncDrained', () => told.push('syncDrained'));
    const synced = record(pos, 'saleSynced');
    nock.cleanAll();
    server().post('/v1/checkout').reply(200, receiptWith()).post('/v1/offline/prepare').reply(200, PREPARED);
    await sync.syncNow();
    expect(synced).toEqual([{ order: receiptWith().order, idempotencyKey: sold[0]?.idempotencyKey }]);
    expect(told).toEqual(['saleSynced', 'syncDrained']);
  });

  it('cartChanged: each add, change and removal with the cart as it now is; unsubscribe stops it', async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    const changes = record(pos, 'cartChanged');
    const heard: number[] = [];
    const stop = pos.events.subscribe('cartChanged', (event) => heard.push(event.numItems));
    await pos.cart.add('DAY-ADULT');
    pos.cart.setQuantity('DAY-ADULT', 3);
    stop();
    pos.cart.remove('DAY-ADULT');
    expect(changes.map((event) => [event.items.length, event.numItems, event.subtotal])).toEqual([
      [1, 1, 4900],
      [1, 3, 14700],
      [0, 0, 0],
    ]);
    expect(heard).toEqual([1, 3]);
  });

  it('shiftStarted when start opens a shift the terminal did not have, shiftEnded with the Z report', async () => {
    const { pos } = createTestPos();
    const started = record(pos, 'shiftStarted');
    const ended = record(pos, 'shiftEnded');
    server()
      .post('/v1/admin/start_shift')
      .times(2)
      .reply(200, shiftWith([100]));
    await pos.shift.start();
    await pos.shift.start(); // the same open shift again: no second start
    expect(started).toEqual([{ shift: shiftWith([100]) }]);
    server().post('/v1/admin/end_shift').reply(200, shiftReport(true));
    const report = await pos.shift.end({ cash: '100', card: '49', ewallet: '0' });
    expect(ended).toEqual([{ report }]);
  });
});
