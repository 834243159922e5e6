import type { OrderPage } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

const DAY_START = '2026-11-21T16:00:00.000Z'; // 22-11-2026 00:00 in Kuala Lumpur

describeOnEngines('orders, a page at a time', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock('2026-11-22T02:00:00.000Z');
  const sold: string[] = [];

  const page = async (body: Record<string, unknown>) => {
    const response = await t.post(session, '/v1/admin/get_orders', {
      origin: 'STORE',
      from: DAY_START,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrderPage>();
  };
  const sellOne = async (email = '') => {
    const receipt = await sell(t, session, checkoutBody([cartItem('BOTTLE-750', 1, clock())], { email }));
    sold.push(receipt.order._id);
    clock.advance(1_000);
    return receipt;
  };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
    for (let i = 0; i < 12; i++) await sellOne(i % 3 === 0 ? `Guest_${i}@Example.com` : '');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('returns every order exactly once, newest first, while orders are sold between pages', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let first = true;
    do {
      const current: OrderPage = await page({ limit: 5, ...(cursor === undefined ? {} : { cursor }) });
      if (first) expect(current.total).toBe(12);
      first = false;
      seen.push(...current.orders.map((order) => order._id));
      await sellOne(); // a new order arrives between pages: it is newer than the first page, so not in this walk
      cursor = current.next_cursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual(sold.slice(0, 12).reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('gives light rows: date, invoice, customer email, amount, status and item count', async () => {
    const { orders, total, total_is_estimate } = await page({ limit: 2 });
    expect(total).toBe(sold.length);
    expect(total_is_estimate).toBe(false);
    expect(orders[0]).toEqual({
      _id: sold.at(-1),
      date: expect.any(String),
      status: 'PAID',
      total_amount: 25,
      currency: 'MYR',
      invoice: { _id: expect.stringMatching(/^STORE-\d{6}$/) },
      customer: { email: '' },
      num_items: 1,
    });
  });

  it('pages a search too, counting only the matches', async () => {
    const found = await page({ search: 'guest_', limit: 3 });
    expect(found.total).toBe(4);
    expect(found.orders).toHaveLength(3);
    const rest = await page({ search: 'guest_', limit: 3, cursor: found.next_cursor });
    expect(rest.orders).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
  });

  it('refuses a cursor that did not come from a page, and a limit over 500', async () => {
    const bad = await t.post(session, '/v1/admin/get_orders', {
      origin: 'STORE',
      from: DAY_START,
      cursor: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid cursor: use the next_cursor of the previous page');
    const forged = Buffer.from(JSON.stringify({ a: 1 })).toString('base64url');
    expect(
      (await t.post(session, '/v1/admin/get_orders', { origin: 'STORE', from: DAY_START, cursor: forged }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.post(session, '/v1/admin/get_orders', { origin: 'STORE', from: DAY_START, limit: 501 }))
        .statusCode,
    ).toBe(400);
  });

  it("keeps the spec's call (no limit, no cursor): full orders, and says when there are more", async () => {
    const all = await t.post(session, '/v1/admin/get_orders', { origin: 'STORE', from: DAY_START });
    expect(all.json()).toHaveLength(sold.length);
    expect(all.json()[0].order_details.cart.items).toHaveLength(1);
    expect(all.headers['x-next-cursor']).toBeUndefined();
  });
});
