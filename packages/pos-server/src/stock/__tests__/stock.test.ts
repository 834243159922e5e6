import { randomUUID } from 'node:crypto';
import type {
  MerchandiseProduct,
  Receipt,
  StockCountResponse,
  StockLevel,
  StockMovement,
} from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, postCheckout } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

const NOW = '2026-12-01T02:00:00.000Z';

describeOnEngines('merchandise stock', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 24 * 30 } });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    await openShift(t, cashier);
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = (path: string, body: Record<string, unknown>) =>
    t.post(manager, `/v1/admin/stock/${path}`, body);
  const level = async (sku: string) =>
    (await admin('list', {})).json<StockLevel[]>().find((each) => each.sku === sku)?.quantity;
  /** The level equals the sum of the SKU's movements (the row is kept for speed only). */
  const expectLevelIsSumOfMovements = async (sku: string) => {
    const rows = await t.db.selectFrom('stock_movements').select('quantity').where('sku', '=', sku).execute();
    const sum = rows.reduce((total, row) => total + Number(row.quantity), 0);
    expect(await level(sku)).toBe(sum);
  };
  const sellMerch = (sku: string, quantity: number, key = randomUUID()) =>
    postCheckout(t, cashier, checkoutBody([cartItem(sku, quantity, clock())]), key);
  const setPolicy = (policy: 'allow' | 'refuse') =>
    t.post(manager, '/v1/admin/settings/set', { stock_below_zero: policy });

  it('keeps nothing until a manager starts keeping a variant: untracked merchandise sells as before', async () => {
    expect((await sellMerch('GRIP-S', 2)).statusCode).toBe(200);
    expect(await t.db.selectFrom('stock_movements').select('id').execute()).toEqual([]);
    const tracked = await admin('track', {
      sku: 'GRIP-M',
      track: true,
      quantity: 10,
      low_level: 3,
      cost: 6.5,
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json()).toMatchObject({
      sku: 'GRIP-M',
      name: 'Grip Socks',
      size: 'M',
      quantity: 10,
      cost: 6.5,
    });
    expect((await admin('track', { sku: 'GRIP-M', track: true, quantity: 5 })).statusCode).toBe(409);
    expect((await admin('track', { sku: 'NOPE', track: true })).statusCode).toBe(404);
    expect((await t.post(cashier, '/v1/admin/stock/list', {})).statusCode).toBe(403);
  });

  it('a sale, a cancel, a delivery, damage, a correction and a count each move the level by what they say', async () => {
    const sale = await sellMerch('GRIP-M', 3);
    expect(sale.statusCode).toBe(200);
    expect(await level('GRIP-M')).toBe(7);
    const order = sale.json<Receipt>().order;
    const canceled = await t.inject({
      method: 'POST',
      url: '/v1/admin/cancel_order',
      payload: { order_id: order._id, reason: 'Rang up twice' },
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });
    expect(canceled.statusCode).toBe(200);
    expect(await level('GRIP-M')).toBe(10);
    expect(
      (await admin('receive', { sku: 'GRIP-M', quantity: 24, reason: 'Delivery 114' })).json(),
    ).toMatchObject({
      quantity: 34,
    });
    expect(
      (await admin('adjust', { sku: 'GRIP-M', kind: 'damage', quantity: 2, reason: 'Torn' })).json(),
    ).toMatchObject({
      quantity: 32,
    });
    expect(
      (
        await admin('adjust', {
          sku: 'GRIP-M',
          kind: 'correction',
          quantity: -1,
          reason: 'Miscounted delivery',
        })
      ).json(),
    ).toMatchObject({ quantity: 31 });
    const missingReason = await admin('adjust', { sku: 'GRIP-M', kind: 'damage', quantity: 1, reason: ' ' });
    expect(missingReason.statusCode).toBe(400);

    const dry = await admin('count', { items: [{ sku: 'GRIP-M', counted: 29 }] });
    expect(dry.json<StockCountResponse>()).toEqual({
      dry_run: true,
      applied: false,
      lines: [{ sku: 'GRIP-M', expected: 31, counted: 29, variance: -2 }],
    });
    expect(await level('GRIP-M')).toBe(31);
    const applied = await admin('count', {
      items: [{ sku: 'GRIP-M', counted: 29 }],
      dry_run: false,
      reason: 'Monthly',
    });
    expect(applied.json<StockCountResponse>()).toMatchObject({ applied: true });
    expect(await level('GRIP-M')).toBe(29);
    await expectLevelIsSumOfMovements('GRIP-M');

    const history = (await admin('history', { sku: 'GRIP-M' })).json<StockMovement[]>();
    expect(history.map((movement) => [movement.kind, movement.quantity, movement.level_after])).toEqual([
      ['count', -2, 29],
      ['correction', -1, 31],
      ['damage', -2, 32],
      ['delivery', 24, 34],
      ['cancel', 3, 10],
      ['sale', -3, 7],
      ['correction', 10, 10],
    ]);
    expect(history[5]).toMatchObject({ order: order._id, terminal: 'TICKET01', staff: expect.any(String) });
  });

  it('a refund puts the units back unless they do not go back to the shelf', async () => {
    const before = (await level('GRIP-M')) ?? 0;
    const sold = (await sellMerch('GRIP-M', 2)).json<Receipt>();
    const refund = (invoice: string, restock?: boolean) =>
      t.inject({
        method: 'POST',
        url: '/v1/admin/refund_order',
        payload: {
          invoice_id: invoice,
          message: 'Wrong size',
          ...(restock === undefined ? {} : { restock }),
        },
        headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
      });
    expect((await refund(sold.order.invoice?._id ?? '')).statusCode).toBe(200);
    expect(await level('GRIP-M')).toBe(before);
    const worn = (await sellMerch('GRIP-M', 1)).json<Receipt>();
    expect((await refund(worn.order.invoice?._id ?? '', false)).statusCode).toBe(200);
    expect(await level('GRIP-M')).toBe(before - 1);
    // A refund by line puts back the units it refunds, no more.
    const three = (await sellMerch('GRIP-M', 3)).json<Receipt>();
    const oneBack = await t.inject({
      method: 'POST',
      url: '/v1/admin/refund_order',
      payload: {
        invoice_id: three.order.invoice?._id ?? '',
        message: 'One pair too many',
        items: [{ sku: 'GRIP-M', quantity: 1 }],
      },
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });
    expect(oneBack.statusCode).toBe(200);
    expect(await level('GRIP-M')).toBe(before - 3);
    // The rest of the order refunded: its two other pairs back, the first one not twice.
    expect((await refund(three.order.invoice?._id ?? '')).statusCode).toBe(200);
    expect(await level('GRIP-M')).toBe(before - 1);
    await expectLevelIsSumOfMovements('GRIP-M');
  });

  it('a sale retried with its key takes stock once', async () => {
    const before = (await level('GRIP-M')) ?? 0;
    const key = randomUUID();
    const first = await sellMerch('GRIP-M', 2, key);
    const again = await sellMerch('GRIP-M', 2, key);
    expect(first.statusCode).toBe(200);
    expect(again.json<Receipt>().order._id).toBe(first.json<Receipt>().order._id);
    expect(await level('GRIP-M')).toBe(before - 2);
  });

  it("the tiles' merchandise list carries each tracked variant's stock", async () => {
    const list = await t.inject({ method: 'GET', url: '/v1/merchandises/STORE', headers: cashier.headers });
    const variants = list.json<MerchandiseProduct[]>().flatMap((product) => product.variants);
    expect(variants.find((variant) => variant.sku === 'GRIP-M')?.stock).toEqual({
      quantity: await level('GRIP-M'),
      low_level: 3,
    });
    expect(variants.find((variant) => variant.sku === 'GRIP-S')).not.toHaveProperty('stock');
  });

  it("under 'refuse': more than the shelf holds is refused with 'Only N left of {item}', nothing written", async () => {
    await admin('track', { sku: 'BOTTLE-750', track: true, quantity: 2, low_level: 1 });
    expect((await setPolicy('refuse')).statusCode).toBe(200);
    try {
      const orders = await t.db.selectFrom('orders').select('id').execute();
      const refused = await sellMerch('BOTTLE-750', 3);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'conflict', message: 'Only 2 left of Water Bottle' });
      expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(orders.length);
      expect(await level('BOTTLE-750')).toBe(2);
      expect((await sellMerch('BOTTLE-750', 2)).statusCode).toBe(200);
      expect((await sellMerch('BOTTLE-750', 1)).json()).toMatchObject({
        message: 'Only 0 left of Water Bottle',
      });
    } finally {
      await setPolicy('allow');
    }
    // 'allow' (the default) sells below zero.
    expect((await sellMerch('BOTTLE-750', 1)).statusCode).toBe(200);
    expect(await level('BOTTLE-750')).toBe(-1);
    const low = (await admin('list', { low: true })).json<StockLevel[]>().map((each) => each.sku);
    expect(low).toContain('BOTTLE-750');
  });

  it("10 sales of the last unit at once under 'refuse': one order", async () => {
    await admin('track', { sku: 'GRIP-L', track: true, quantity: 1 });
    await setPolicy('refuse');
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => sellMerch('GRIP-L', 1)));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
      expect(await level('GRIP-L')).toBe(0);
      await expectLevelIsSumOfMovements('GRIP-L');
    } finally {
      await setPolicy('allow');
    }
  });

  it("an offline sale synced after the level reached 0 is booked under 'refuse', and the level goes negative", async () => {
    await setPolicy('refuse');
    try {
      // Sold a minute ago (after the shift opened) while the terminal was offline, synced now.
      clock.advance(120_000);
      const soldAt = new Date(clock().getTime() - 60_000).toISOString();
      const replayed = await t.inject({
        method: 'POST',
        url: '/v1/checkout',
        payload: { ...checkoutBody([cartItem('GRIP-L', 2, clock())]), sold_at: soldAt } as Record<
          string,
          unknown
        >,
        headers: { ...cashier.headers, 'idempotency-key': randomUUID(), 'x-offline-replay': '1' },
      });
      expect(replayed.statusCode).toBe(200);
      expect(await level('GRIP-L')).toBe(-2);
      await expectLevelIsSumOfMovements('GRIP-L');
    } finally {
      await setPolicy('allow');
    }
  });
});
