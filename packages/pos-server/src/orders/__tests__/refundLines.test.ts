import { randomUUID } from 'node:crypto';
import type { Order, ShiftReport, Ticket } from 'pos-sdk/contract';
import { giveBack } from 'pos-sdk/messages';
import { fromRinggit, sumSen, toRinggit } from 'pos-sdk/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  openShift,
  sell,
} from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const NOW = '2026-11-22T02:00:00.000Z';
const PERIOD = { from: '2026-11-21T16:00:00.000Z', to: '2026-11-22T16:00:00.000Z' };

describeOnEngines('refund_order by line', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  });
  afterAll(async () => {
    await t.close();
  });

  const refund = (body: Record<string, unknown>, key: string = randomUUID()) =>
    t.inject({
      method: 'POST',
      url: '/v1/admin/refund_order',
      payload: { message: 'Returned', ...body },
      headers: { ...session.headers, 'idempotency-key': key },
    });
  const ticket = async (id: string) =>
    (await t.post(session, '/v1/admin/get_ticket', { ticket_id: id })).json<Ticket>();
  const getOrder = async (orderId: string) =>
    (await t.post(session, '/v1/admin/get_order', { order_id: orderId })).json<Order>();
  const tendersOf = (order: Order) =>
    (order.refunds ?? []).flatMap((one) => one.tenders.map((tender) => ({ ...tender })));

  /** 3 x Day Pass Adult with RM 1.00 off (RM 146.00) and 2 x Water Bottle (RM 50.00); RM 100 card + RM 100 cash. */
  const discountedSale = async () => {
    const approval = await approve(t, session);
    const items = [
      discounted(cartItem('DAY-ADULT', 3, clock()), { type: 'amount', value: 1 }, approval),
      cartItem('BOTTLE-750', 2, clock()),
    ];
    return sell(
      t,
      session,
      checkoutBody(items, {
        tenders: [
          ['CREDIT CARD', 100],
          ['CASH', 100],
        ],
        email: 'farah@example.com',
      }),
    );
  };

  it('refunds discounted lines in parts that add up to exactly what was paid, never more; PAID until the last', async () => {
    const { order } = await discountedSale();
    expect(order.total_amount).toBe(196);
    const invoice = order.invoice?._id;

    const first = await refund({ invoice_id: invoice, items: [{ sku: 'DAY-ADULT', quantity: 1 }] });
    expect(first.statusCode).toBe(200);
    const afterFirst = first.json<Order>();
    // RM 146.00 over 3 units: the first unit is floor(146.00 / 3) = RM 48.66, by card first (cash last).
    expect(afterFirst).toMatchObject({ status: 'PAID', refunded_amount: 48.66 });
    expect(afterFirst.order_details.cart.items[0]).toMatchObject({
      refunded_quantity: 1,
      refunded_amount: 48.66,
    });
    expect(afterFirst.refunds?.[0]).toMatchObject({
      amount: 48.66,
      reason: 'Returned',
      by: 'Ana Cashier',
      items: [{ line: 0, sku: 'DAY-ADULT', quantity: 1, amount: 48.66 }],
      tenders: [{ type: 'CREDIT CARD', amount: 48.66 }],
    });
    expect(
      giveBack(tendersOf(afterFirst).map((t) => ({ type: t.type, amount: fromRinggit(t.amount) }))),
    ).toBe('Give back RM 48.66 by CARD');

    const second = await refund({
      invoice_id: invoice,
      items: [
        { sku: 'DAY-ADULT', quantity: 1 },
        { sku: 'BOTTLE-750', quantity: 1 },
      ],
    });
    expect(second.statusCode).toBe(200);
    // RM 48.67 + RM 25.00: the card has RM 51.34 left, the rest goes back in cash.
    expect(second.json<Order>().refunds?.[1]).toMatchObject({
      amount: 73.67,
      tenders: [
        { type: 'CREDIT CARD', amount: 51.34 },
        { type: 'CASH', amount: 22.33 },
      ],
    });
    expect(second.json<Order>().status).toBe('PAID');

    // No items: what is left, exactly (RM 48.67 + RM 25.00), in cash (RM 96 net of the RM 4 change, less RM 22.33).
    const last = await refund({ invoice_id: invoice });
    expect(last.statusCode).toBe(200);
    const done = last.json<Order>();
    expect(done).toMatchObject({ status: 'REFUNDED', refunded_amount: 196, refund: { reason: 'Returned' } });
    expect(done.refunds?.[2]).toMatchObject({ amount: 73.67, tenders: [{ type: 'CASH', amount: 73.67 }] });
    const given = sumSen(tendersOf(done).map((tender) => fromRinggit(tender.amount)));
    expect(toRinggit(given)).toBe(order.total_amount);
    for (const item of done.order_details.cart.items) {
      expect(item.refunded_quantity).toBe(item.quantity);
      expect(item.refunded_amount).toBe(item.amount);
    }
    // Every ticket of the order is Canceled now.
    for (const id of done.tickets) expect((await ticket(id)).status).toBe('Canceled');

    const again = await refund({ invoice_id: invoice });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only PAID orders can be refunded');
  });

  it('cancels the tickets of the refunded units only', async () => {
    const { order } = await sell(t, session, checkoutBody([cartItem('DAY-CHILD', 3, clock())]));
    const response = await refund({
      invoice_id: order.invoice?._id,
      items: [{ sku: 'DAY-CHILD', quantity: 2 }],
    });
    expect(response.statusCode).toBe(200);
    const statuses = await Promise.all(order.tickets.map(async (id) => (await ticket(id)).status));
    expect(statuses.filter((status) => status === 'Canceled')).toHaveLength(2);
    expect(response.json<Order>()).toMatchObject({ status: 'PAID', refunded_amount: 80 });
  });

  it('answers 409 for a used pass unit, and refunds the unused ones', async () => {
    const { order } = await sell(t, session, checkoutBody([cartItem('DAY-ADULT', 2, clock())]));
    const used = order.tickets[0] ?? '';
    expect((await t.post(session, `/v2/check_ticket_redeem/${used}`)).statusCode).toBe(200);
    const both = await refund({ invoice_id: order.invoice?._id, items: [{ sku: 'DAY-ADULT', quantity: 2 }] });
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toBe('A used pass cannot be refunded by a cashier');
    const whole = await refund({ invoice_id: order.invoice?._id });
    expect(whole.statusCode).toBe(409);
    const one = await refund({ invoice_id: order.invoice?._id, items: [{ sku: 'DAY-ADULT', quantity: 1 }] });
    expect(one.statusCode).toBe(200);
    expect((await ticket(used)).status).not.toBe('Canceled');
    expect((await ticket(order.tickets[1] ?? '')).status).toBe('Canceled');
  });

  it('refunds once when replayed with its key', async () => {
    const { order } = await sell(
      t,
      session,
      checkoutBody([cartItem('GRIP-M', 1, clock()), cartItem('BOTTLE-750', 1, clock())]),
    );
    const key = randomUUID();
    const body = { invoice_id: order.invoice?._id, items: [{ sku: 'GRIP-M' }] };
    const first = await refund(body, key);
    const replay = await refund(body, key);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const stored = await getOrder(order._id);
    expect(stored).toMatchObject({ status: 'PAID', refunded_amount: 15 });
    expect(stored.refunds).toHaveLength(1);
    // The same key with another body is a 409.
    const other = await refund({ ...body, items: [{ sku: 'BOTTLE-750' }] }, key);
    expect(other.statusCode).toBe(409);
  });

  it('refunds a line once when two partial refunds of it come at once', async () => {
    const { order } = await sell(
      t,
      session,
      checkoutBody([cartItem('GRIP-S', 1, clock()), cartItem('BOTTLE-750', 1, clock())]),
    );
    const body = { invoice_id: order.invoice?._id, items: [{ sku: 'GRIP-S', quantity: 1 }] };
    const answers = await Promise.all([refund(body), refund(body), refund(body)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json().message).toBe('GRIP-S is refunded already');
    const stored = await getOrder(order._id);
    expect(stored).toMatchObject({ status: 'PAID', refunded_amount: 15 });
    expect(stored.refunds).toHaveLength(1);
  });

  it('gives back by the tenders asked for: they add up to the amount (422), a card at most what it paid', async () => {
    const { order } = await sell(
      t,
      session,
      checkoutBody([cartItem('GRIP-L', 2, clock())], { tenders: [['E-WALLET', 30]] }),
    );
    const invoice = order.invoice?._id;
    const short = await refund({
      invoice_id: invoice,
      items: [{ sku: 'GRIP-L', quantity: 1 }],
      tenders: [{ type: 'CASH', amount: 10 }],
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('The refund tenders must add up to RM 15.00');
    const card = await refund({
      invoice_id: invoice,
      items: [{ sku: 'GRIP-L' }],
      tenders: [{ type: 'CREDIT CARD' }],
    });
    expect(card.statusCode).toBe(422);
    expect(card.json().message).toBe('At most RM 0.00 can be given back by CARD');
    const cash = await refund({
      invoice_id: invoice,
      items: [{ sku: 'GRIP-L', quantity: 1 }],
      tenders: [{ type: 'CASH' }],
    });
    expect(cash.statusCode).toBe(200);
    expect(cash.json<Order>().refunds?.[0]?.tenders).toEqual([{ type: 'CASH', amount: 15 }]);
    const unknown = await refund({ invoice_id: invoice, items: [{ sku: 'NOPE' }] });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe('No item NOPE on this order');
    const tooMany = await refund({ invoice_id: invoice, items: [{ sku: 'GRIP-L', quantity: 2 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 1 x GRIP-L can be refunded');
    const cancel = await t.post(session, '/v1/admin/cancel_order', { order_id: order._id });
    expect(cancel.statusCode).toBe(409);
  });

  it('the X and Z reports and the export agree with the orders after partial refunds', async () => {
    const orders = (
      await t.post(session, '/v1/admin/get_orders', { origin: 'STORE', from: PERIOD.from })
    ).json<Order[]>();
    expect(orders.some((order) => order.status === 'PAID' && (order.refunded_amount ?? 0) > 0)).toBe(true);
    const column = { CASH: 'cash', 'CREDIT CARD': 'card', 'E-WALLET': 'ewallet' } as const;
    const fromOrders = { cash: 0, card: 0, ewallet: 0 };
    let refundedSum = 0;
    for (const order of orders) {
      refundedSum += fromRinggit(order.refunded_amount ?? 0);
      for (const tender of tendersOf(order)) fromOrders[column[tender.type]] += fromRinggit(tender.amount);
    }
    const report = (await t.post(session, '/v1/admin/shift_report')).json<ShiftReport>();
    const inSen = (totals: { cash: number; card: number; ewallet: number }) => ({
      cash: fromRinggit(totals.cash),
      card: fromRinggit(totals.card),
      ewallet: fromRinggit(totals.ewallet),
    });
    expect(inSen(report.refunds)).toEqual(fromOrders);
    expect(report.refunds.cash + report.refunds.card + report.refunds.ewallet).toBeCloseTo(
      refundedSum / 100,
      2,
    );
    expect(report.orders.refunded_in_part).toBe(
      orders.filter((order) => order.status === 'PAID' && (order.refunded_amount ?? 0) > 0).length,
    );

    const csv = (
      await t.post(session, '/v1/admin/export_order_report', { period: PERIOD, origin: 'STORE' })
    ).body.split('\r\n');
    const header = (csv[0] ?? '').split(',');
    const at = (name: string) => header.indexOf(name);
    const rows = csv.slice(1).filter((line) => line !== '');
    expect(rows).toHaveLength(orders.length);
    let exportRefunded = 0;
    let exportTotal = 0;
    for (const row of rows) {
      // The test's items hold no comma: a plain split is enough here.
      const cells = row.split(',');
      exportRefunded += fromRinggit(Number(cells[at('refunded')]));
      exportTotal += fromRinggit(Number(cells[at('total_amount')]));
    }
    expect(exportRefunded).toBe(refundedSum);
    const sales = inSen(report.sales);
    expect(sales.cash + sales.card + sales.ewallet).toBe(exportTotal);

    // The Z report counts the same refunds and, counted as expected, has no variance.
    const zReport = await t.post(session, '/v1/admin/end_shift', report.expected);
    expect(zReport.statusCode).toBe(200);
    const closed = zReport.json<ShiftReport>();
    expect(inSen(closed.refunds)).toEqual(fromOrders);
    expect(closed.variance).toEqual({ cash: 0, card: 0, ewallet: 0 });
    expect(closed.expected.cash).toBeCloseTo(closed.float + closed.sales.cash - closed.refunds.cash, 2);
  });
});
