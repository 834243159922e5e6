import { randomUUID } from 'node:crypto';
import type { CheckoutRequest, Order, RenewMembershipResponse, TaxCode } from 'pos-sdk/contract';
import { fromRinggit, subtractSen, sumSen, toRinggit } from 'pos-sdk/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  cartItem,
  checkoutBody,
  MEMBER,
  openShift,
  postCheckout,
  sell,
} from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const NOW = '2026-11-22T02:00:00.000Z';

const SST8: TaxCode = { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' };
const SST6: TaxCode = { code: 'SST6', name: 'F&B 6%', rate_bp: 600, type: '02' };

/** A checkout body paid with `tenders` (ringgit), its change computed in sen. */
function paidWith(body: CheckoutRequest, toPay: number, tenders: [string, number][]): CheckoutRequest {
  const paid = sumSen(tenders.map(([, amount]) => fromRinggit(amount)));
  return {
    ...body,
    payment: {
      methods: tenders.map(([type, amount]) => ({ type: type as 'CASH', amount })),
      change: toRinggit(subtractSen(paid, fromRinggit(toPay))),
    },
  };
}

describeOnEngines('tax sold with each order', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    await openShift(t, cashier);
  });
  afterAll(async () => {
    await t.close();
  });

  const setCode = async (code: TaxCode) =>
    expect((await t.post(manager, '/v1/admin/tax/set', { code })).statusCode).toBe(200);
  const codeOf = async (sku: string, code: string | null) =>
    expect(
      (await t.post(manager, '/v1/admin/catalog/edit', { sku, changes: { tax_code: code } })).statusCode,
    ).toBe(200);
  const setIncluded = async (included: boolean) =>
    expect(
      (await t.post(manager, '/v1/admin/settings/set', { prices_include_tax: included })).statusCode,
    ).toBe(200);
  const getOrder = async (orderId: string) =>
    (await t.post(cashier, '/v1/admin/get_order', { order_id: orderId })).json<Order>();
  const refund = (body: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url: '/v1/admin/refund_order',
      payload: { message: 'Returned', ...body },
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });

  it('a venue without tax codes sells exactly as before: no tax on the order', async () => {
    const { order } = await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())]));
    expect(order.total_amount).toBe(49);
    expect(order.order_details.cart).not.toHaveProperty('tax');
    expect(order.order_details.cart.items[0]).not.toHaveProperty('tax');
  });

  it('prices with tax included: the customer pays the same, the tax is the part of each line that it is', async () => {
    await setCode(SST8);
    await setCode(SST6);
    await codeOf('DAY-ADULT', 'SST8');
    await codeOf('GRIP-M', 'SST6');
    const passes = await t.inject({ method: 'GET', url: '/v1/passes/STORE', headers: cashier.headers });
    expect(JSON.stringify(passes.json())).toContain('"tax_code":"SST8"');
    expect((await t.post(cashier, '/v1/admin/venue', {})).json()).toMatchObject({ tax_codes: [SST6, SST8] });

    const items = [
      cartItem('DAY-ADULT', 2, clock()),
      cartItem('GRIP-M', 3, clock()),
      cartItem('GRIP-L', 1, clock()),
    ];
    const { order } = await sell(t, cashier, checkoutBody(items));
    // RM 98.00 holds 98.00 x 8/108 = 7.259... -> RM 7.26; RM 45.00 holds 45.00 x 6/106 = 2.547... -> RM 2.55.
    expect(order.total_amount).toBe(158);
    expect(order.order_details.cart.items.map((item) => item.tax)).toEqual([
      { code: 'SST8', rate_bp: 800, amount: 7.26 },
      { code: 'SST6', rate_bp: 600, amount: 2.55 },
      undefined,
    ]);
    expect(order.order_details.cart).toMatchObject({
      subtotal: 158,
      tax: 9.81,
      prices_include_tax: true,
      taxes: [
        { code: 'SST8', name: 'Service tax 8%', type: '02', rate_bp: 800, base: 90.74, tax: 7.26 },
        { code: 'SST6', name: 'F&B 6%', type: '02', rate_bp: 600, base: 42.45, tax: 2.55 },
      ],
    });
    expect(await getOrder(order._id)).toMatchObject({ order_details: { cart: { tax: 9.81 } } });
  });

  it("a terminal whose tax differs from the server's gets 409 with both figures; the same figures sell", async () => {
    const item = cartItem('DAY-ADULT', 1, clock());
    const wrongLine = checkoutBody([{ ...item, tax: { code: 'SST8', rate_bp: 800, amount: 3.92 } }]);
    const refused = await postCheckout(t, cashier, wrongLine, randomUUID());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'conflict',
      message: 'Tax changed for DAY-ADULT: it is RM 3.63, not RM 3.92',
      details: { server: { code: 'SST8', rate_bp: 800, amount: 3.63 }, sent: { amount: 3.92 } },
    });
    const wrongTotal = await postCheckout(t, cashier, { ...checkoutBody([item]), tax: 1 }, randomUUID());
    expect(wrongTotal.statusCode).toBe(409);
    expect(wrongTotal.json()).toMatchObject({
      message: 'Tax does not match the items: it is RM 3.63, not RM 1.00',
    });
    const right = checkoutBody([{ ...item, tax: { code: 'SST8', rate_bp: 800, amount: 3.63 } }]);
    expect((await postCheckout(t, cashier, { ...right, tax: 3.63 }, randomUUID())).statusCode).toBe(200);
  });

  it('tax added on top: tenders pay subtotal plus tax, short and change against it', async () => {
    await setIncluded(false);
    const body = checkoutBody([cartItem('DAY-ADULT', 1, clock())]);
    const short = await postCheckout(t, cashier, body, randomUUID());
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ message: 'Payment is short by RM 3.92' });

    const { order } = await sell(t, cashier, paidWith(body, 52.92, [['CASH', 60]]));
    expect(order.total_amount).toBe(52.92);
    expect(order.payment.change).toBe(7.08);
    expect(order.order_details.cart).toMatchObject({ subtotal: 49, tax: 3.92, prices_include_tax: false });
    expect(order.order_details.cart.taxes).toEqual([
      { code: 'SST8', name: 'Service tax 8%', type: '02', rate_bp: 800, base: 49, tax: 3.92 },
    ]);

    // A later rate change never alters a sold order; the next sale is taxed at the new rate.
    await setCode({ ...SST8, name: 'Service tax 10%', rate_bp: 1000 });
    const kept = await getOrder(order._id);
    expect(kept.total_amount).toBe(52.92);
    expect(kept.order_details.cart.taxes?.[0]).toMatchObject({
      name: 'Service tax 8%',
      rate_bp: 800,
      tax: 3.92,
    });
    const next = await sell(t, cashier, paidWith(body, 53.9, [['CASH', 53.9]]));
    expect(next.order.order_details.cart.tax).toBe(4.9);
    await setCode(SST8);
  });

  it('refunds by line give back their share of the tax; the last gives back what is left, to the sen', async () => {
    // 3 x Grip Socks M at RM 15.00 with 6 % on top: RM 45.00 + RM 2.70.
    const body = checkoutBody([cartItem('GRIP-M', 3, clock())]);
    const { order } = await sell(t, cashier, paidWith(body, 47.7, [['CASH', 47.7]]));
    expect(order.order_details.cart.tax).toBe(2.7);
    const invoice = order.invoice?._id;
    const first = await refund({ invoice_id: invoice, items: [{ sku: 'GRIP-M', quantity: 1 }] });
    expect(first.statusCode).toBe(200);
    expect(first.json<Order>().refunds?.[0]).toMatchObject({
      amount: 15.9,
      tax: 0.9,
      items: [{ sku: 'GRIP-M', quantity: 1, amount: 15.9, tax: 0.9 }],
    });
    const rest = await refund({ invoice_id: invoice });
    expect(rest.statusCode).toBe(200);
    const after = rest.json<Order>();
    expect(after.status).toBe('REFUNDED');
    expect(after.refunds?.map((one) => [one.amount, one.tax])).toEqual([
      [15.9, 0.9],
      [31.8, 1.8],
    ]);
    expect(after.order_details.cart.items[0]).toMatchObject({ refunded_amount: 47.7, refunded_tax: 2.7 });
  });

  it("a sale made offline (replayed with sold_at and the till's tax figures) is booked with the same tax", async () => {
    await setIncluded(false);
    clock.set('2026-11-22T02:30:00.000Z');
    const soldAt = '2026-11-22T02:20:00.000Z';
    // What the till computed offline: 2 x Day Pass at 8 % on top, 1 x Grip Socks M at 6 % on top.
    const items = [
      { ...cartItem('DAY-ADULT', 2, new Date(soldAt)), tax: { code: 'SST8', rate_bp: 800, amount: 7.84 } },
      { ...cartItem('GRIP-M', 1, new Date(soldAt)), tax: { code: 'SST6', rate_bp: 600, amount: 0.9 } },
    ];
    const body = { ...paidWith(checkoutBody(items), 121.74, [['CASH', 121.74]]), tax: 8.74, sold_at: soldAt };
    const response = await postCheckout(t, cashier, body, randomUUID());
    expect(response.statusCode).toBe(200);
    const { order } = response.json<{ order: Order }>();
    expect(order.date).toBe(soldAt);
    expect(order.total_amount).toBe(121.74);
    expect(order.order_details.cart.tax).toBe(8.74);
    expect(order.order_details.cart.items.map((item) => item.tax)).toEqual(items.map((item) => item.tax));
    clock.set(NOW);
    await setIncluded(true);
  });

  it('a renewal is taxed as its pass', async () => {
    await setIncluded(false);
    await codeOf('RENEW-1M', 'SST8');
    await sell(t, cashier, checkoutBody([cartItem('MEMBER-1M', 1, clock())], { email: MEMBER.email }));
    const item = cartItem('RENEW-1M', 1, clock(), { member: { type: 'Adult', sku: 'RENEW-1M', ...MEMBER } });
    const body = paidWith(checkoutBody([item], { email: MEMBER.email }), 129.6, [['CASH', 129.6]]);
    const response = await t.inject({
      method: 'POST',
      url: '/v1/renew_membership',
      payload: body as unknown as Record<string, unknown>,
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });
    expect(response.json()).toMatchObject({ order: { total_amount: 129.6 } });
    const { order } = response.json<RenewMembershipResponse>();
    expect(order.order_details.cart).toMatchObject({ subtotal: 120, tax: 9.6 });
    await setIncluded(true);
  });
});
