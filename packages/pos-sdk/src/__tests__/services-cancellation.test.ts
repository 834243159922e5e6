import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OfflinePrepareResponse } from '../contract';
import { isPosError } from '../errors/PosError';
import { memoryOfflineStore } from '../sync';
import { NOW, orderWith, receiptWith } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/**
 * A reply held until the test lets it go: `asked` resolves once the request reached the server, so the test aborts
 * while the call is in flight (an event, not a guessed sleep); `release` answers it at last.
 */
function heldReply<T>(status: number, body: T) {
  let markAsked: () => void = () => {};
  let send: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  return {
    asked,
    release: () => send(),
    reply: () =>
      new Promise<[number, T]>((resolve) => {
        send = () => resolve([status, body]);
        markAsked();
      }),
  };
}

/** What a rejected promise rejected with. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function terminalReadyToPay() {
  const test = createTestPos();
  await loadCatalog(test.pos);
  await test.pos.cart.add('DAY-ADULT');
  test.pos.checkout.setTender('CASH', '50');
  return test;
}

describe('services cancellation', () => {
  it('a read given an aborted signal rejects with code aborted and sends nothing', async () => {
    const { pos } = createTestPos();
    const scope = server().post('/v1/admin/get_order').reply(200, orderWith());
    const error = await failureOf(pos.orders.open('order-1', { signal: AbortSignal.abort() }));
    expect(isPosError(error) && error.code).toBe('aborted');
    expect(scope.isDone()).toBe(false);
    expect(pos.orders.opening.value).toBeNull();
    expect(noticeMessages(pos)).toEqual([]);
  });

  it('a read aborted while in flight rejects with code aborted, shows no notice and keeps the list', async () => {
    const { pos } = createTestPos();
    const held = heldReply(200, orderWith());
    server().post('/v1/admin/get_order').reply(held.reply);
    const controller = new AbortController();
    const opening = failureOf(pos.orders.open('order-1', { signal: controller.signal }));
    await held.asked;
    controller.abort();
    const error = await opening;
    held.release();
    expect(isPosError(error) && error.code).toBe('aborted');
    expect(pos.orders.selected.value).toBeNull();
    expect(noticeMessages(pos)).toEqual([]);
  });

  it('a checkout given an aborted signal sends nothing and keeps the cart and tenders', async () => {
    const { pos } = await terminalReadyToPay();
    const scope = server().post('/v1/checkout').reply(200, receiptWith());
    const error = await failureOf(
      pos.checkout.submit({ email: 'jane@example.com' }, { signal: AbortSignal.abort() }),
    );
    expect(isPosError(error) && error.code).toBe('aborted');
    expect(scope.isDone()).toBe(false);
    expect(pos.cart.items.value).toHaveLength(1);
    expect(pos.checkout.tenders.value.CASH).toBe(5000);
    expect(pos.checkout.submitting.value).toBe(false);
  });

  it('a checkout aborted in flight keeps its key, cart and tenders: the retry sends the same Idempotency-Key', async () => {
    const { pos } = await terminalReadyToPay();
    const keys: string[] = [];
    const held = heldReply(200, receiptWith());
    server()
      .post('/v1/checkout')
      .reply(function first() {
        keys.push(String(this.req.headers['idempotency-key']));
        return held.reply();
      })
      .post('/v1/checkout')
      .reply(function retry() {
        keys.push(String(this.req.headers['idempotency-key']));
        return [200, receiptWith()];
      });
    const controller = new AbortController();
    const submitting = failureOf(
      pos.checkout.submit({ email: 'jane@example.com' }, { signal: controller.signal }),
    );
    await held.asked;
    const key = pos.checkout.pendingKey.value;
    controller.abort();
    const error = await submitting;
    held.release();

    expect(isPosError(error) && error.code).toBe('aborted');
    expect(pos.checkout.pendingKey.value).toBe(key);
    expect(pos.cart.items.value).toHaveLength(1);
    expect(pos.checkout.tenders.value.CASH).toBe(5000);
    expect(noticeMessages(pos)).not.toContain('The request was canceled');

    const receipt = await pos.checkout.submit({ email: 'jane@example.com' });
    expect(receipt.order._id).toBe(receiptWith().order._id);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(key);
    expect(keys[1]).toBe(keys[0]);
    expect(pos.cart.items.value).toEqual([]);
  });

  it('a refund aborted in flight keeps its key: the retry sends the same Idempotency-Key', async () => {
    const { pos } = createTestPos();
    const keys: string[] = [];
    const held = heldReply(200, orderWith({ status: 'REFUNDED' }));
    server()
      .post('/v1/admin/get_order')
      .times(2)
      .reply(200, orderWith())
      .post('/v1/admin/refund_order')
      .reply(function first() {
        keys.push(String(this.req.headers['idempotency-key']));
        return held.reply();
      })
      .post('/v1/admin/refund_order')
      .reply(function retry() {
        keys.push(String(this.req.headers['idempotency-key']));
        return [200, orderWith({ status: 'REFUNDED' })];
      });
    const controller = new AbortController();
    const refunding = failureOf(pos.orders.refund('INV-0001', 'Duplicate', { signal: controller.signal }));
    await held.asked;
    controller.abort();
    const error = await refunding;
    held.release();
    expect(isPosError(error) && error.code).toBe('aborted');

    await pos.orders.refund('INV-0001', 'Duplicate');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a second submit joining one in flight stops only its own wait when its signal aborts', async () => {
    const { pos } = await terminalReadyToPay();
    const held = heldReply(200, receiptWith());
    server().post('/v1/checkout').reply(held.reply);
    const first = pos.checkout.submit({ email: 'jane@example.com' });
    await held.asked;
    const controller = new AbortController();
    const second = failureOf(
      pos.checkout.submit({ email: 'jane@example.com' }, { signal: controller.signal }),
    );
    controller.abort();
    const error = await second;
    expect(isPosError(error) && error.code).toBe('aborted');
    held.release();
    const receipt = await first;
    expect(receipt.order._id).toBe(receiptWith().order._id);
    expect(pos.cart.items.value).toEqual([]);
  });

  it('a sync aborted while replaying keeps the sale queued with its key; the next sync sends the same key', async () => {
    const prepared: OfflinePrepareResponse = {
      policy: { max_offline_minutes: 480, max_offline_amount: 1000, max_offline_sales: 3 },
      ticket_ids: ['TZ000000001'],
      tickets: [],
      server_time: NOW.toISOString(),
    };
    server().post('/v1/offline/prepare').reply(200, prepared);
    const { pos } = createTestPos({ offline: { store: memoryOfflineStore(), probeIntervalMs: 0 } });
    const sync = pos.sync;
    if (sync === undefined) throw new Error('offline selling is on');
    for (let i = 0; i < 200 && sync.policy.value === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    await loadCatalog(pos);
    await pos.cart.add('GRIP-M');
    pos.checkout.setTender('CASH', '15');
    server().post('/v1/checkout').replyWithError({ code: 'ECONNREFUSED' });
    await pos.checkout.submit({ email: '', confirmedNoEmail: true }); // sold offline
    const queued = sync.queue.value[0];
    expect(queued?.kind).toBe('sale');

    const keys: string[] = [];
    const held = heldReply(200, receiptWith());
    server()
      .post('/v1/checkout')
      .reply(function first() {
        keys.push(String(this.req.headers['idempotency-key']));
        return held.reply();
      })
      .post('/v1/checkout')
      .reply(function again() {
        keys.push(String(this.req.headers['idempotency-key']));
        return [200, receiptWith()];
      })
      .post('/v1/offline/prepare')
      .reply(200, prepared);
    const controller = new AbortController();
    const syncing = failureOf(sync.syncNow({ signal: controller.signal }));
    await held.asked;
    controller.abort();
    const error = await syncing;
    held.release();
    expect(isPosError(error) && error.code).toBe('aborted');
    expect(sync.waiting.value).toBe(1);

    expect(await sync.syncNow()).toEqual({ synced: 1, refused: 0, waiting: 0 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(queued?.kind === 'sale' ? queued.key : '');
    expect(keys[1]).toBe(keys[0]);
  });
});
