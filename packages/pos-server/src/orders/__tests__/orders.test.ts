import { randomUUID } from 'node:crypto';
import type { Order, Receipt, ShiftReport, Ticket } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import { ensureStore } from '../../catalogue/stores';

/** 10:00 on 22 November 2026 in Kuala Lumpur; the venue day starts at 16:00 UTC the day before. */
const NOW = '2026-11-22T02:00:00.000Z';
const DAY_START = '2026-11-21T16:00:00.000Z';

describeOnEngines('orders', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);
  const receipts: Receipt[] = [];

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
    // Three sales a minute apart: 10:00, 10:01, 10:02.
    for (const [sku, email] of [
      ['DAY-ADULT', 'a_b@example.com'],
      ['DAY-CHILD', 'AXB@Example.com'],
      ['BOTTLE-750', ''],
    ] as const) {
      receipts.push(await sell(t, session, checkoutBody([cartItem(sku, 1, clock())], { email })));
      clock.advance(60_000);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const ids = (orders: Order[]) => orders.map((order) => order._id);
  const getOrders = async (body: Record<string, unknown>) => {
    const response = await t.post(session, '/v1/admin/get_orders', {
      origin: 'STORE',
      from: DAY_START,
      ...body,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Order[]>();
  };
  const receipt = (index: number) => {
    const found = receipts[index];
    if (found === undefined) throw new Error('no receipt');
    return found;
  };

  describe('get_orders', () => {
    it("lists the origin's orders from the start of today, newest first", async () => {
      const orders = await getOrders({});
      expect(ids(orders)).toEqual([receipt(2).order._id, receipt(1).order._id, receipt(0).order._id]);
      expect(orders[2]).toEqual(receipt(0).order);
    });

    it('limits the period with from and to, and the origin', async () => {
      expect(
        ids(await getOrders({ from: '2026-11-22T02:00:30.000Z', to: '2026-11-22T02:01:30.000Z' })),
      ).toEqual([receipt(1).order._id]);
      // A store of the venue without orders lists none; a code that is no store is refused (see export.test.ts).
      await ensureStore(t.db, 'OTHER', new Date());
      expect(await getOrders({ origin: 'OTHER' })).toEqual([]);
      expect(await getOrders({ from: '2026-11-23T00:00:00+08:00' })).toEqual([]);
    });

    it('searches invoice ids and customer emails, case-insensitively, as substrings', async () => {
      expect(ids(await getOrders({ search: 'example.COM' }))).toEqual([
        receipt(1).order._id,
        receipt(0).order._id,
      ]);
      const invoice = receipt(2).order.invoice?._id ?? '';
      expect(ids(await getOrders({ search: invoice.toLowerCase().slice(3) }))).toEqual([
        receipt(2).order._id,
      ]);
      expect(ids(await getOrders({ search: '  ' }))).toHaveLength(3);
    });

    it('treats % and _ in the search as text, not wildcards', async () => {
      expect(ids(await getOrders({ search: 'a_b' }))).toEqual([receipt(0).order._id]);
      expect(await getOrders({ search: '%' })).toEqual([]);
    });

    it('answers 400 for a missing from', async () => {
      const response = await t.post(session, '/v1/admin/get_orders', { origin: 'STORE' });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].path).toBe('from');
    });
  });

  describe('get_order', () => {
    it('answers an order by its _id or its invoice id (any case)', async () => {
      const { order } = receipt(0);
      const byId = await t.post(session, '/v1/admin/get_order', { order_id: order._id });
      expect(byId.json()).toEqual(order);
      const byInvoice = await t.post(session, '/v1/admin/get_order', {
        invoice_id: order.invoice?._id.toLowerCase(),
      });
      expect(byInvoice.json()).toEqual(order);
    });

    it('answers 404 for an unknown order or invoice, 400 without either', async () => {
      const unknown = await t.post(session, '/v1/admin/get_order', { order_id: 'nope' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Order not found', code: 'not_found' });
      const noInvoice = await t.post(session, '/v1/admin/get_order', { invoice_id: 'STORE-999999' });
      expect(noInvoice.statusCode).toBe(404);
      expect(noInvoice.json().message).toBe('Invoice STORE-999999 not found');
      expect((await t.post(session, '/v1/admin/get_order', {})).statusCode).toBe(400);
    });
  });

  describe('add_order_note', () => {
    it("adds a note with the staff member's name and time, and audits it", async () => {
      const { order } = receipt(2);
      const response = await t.post(session, '/v1/admin/add_order_note', {
        order_id: order._id,
        note: ' Customer asked for a bag ',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Order>().notes).toEqual([
        { text: 'Customer asked for a bag', by: 'Ana Cashier', at: clock().toISOString() },
      ]);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_id', '=', order._id)
        .execute();
      expect(audit.map((row) => row.action)).toContain('order.noted');
    });

    it('answers 404 for an unknown order and 400 for an empty note', async () => {
      expect(
        (await t.post(session, '/v1/admin/add_order_note', { order_id: 'nope', note: 'x' })).statusCode,
      ).toBe(404);
      const empty = await t.post(session, '/v1/admin/add_order_note', {
        order_id: receipt(2).order._id,
        note: '  ',
      });
      expect(empty.statusCode).toBe(400);
    });
  });
});

describeOnEngines('cancel_order and refund_order', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    session = await t.signIn(CASHIER);
    await openShift(t, session, 100);
  });
  afterAll(async () => {
    await t.close();
  });

  const keyed = (url: string, body: unknown, key: string, who = session) =>
    t.inject({
      method: 'POST',
      url,
      payload: body as Record<string, unknown>,
      headers: { ...who.headers, 'idempotency-key': key },
    });
  const ticket = async (id: string) =>
    (await t.post(session, '/v1/admin/get_ticket', { ticket_id: id })).json<Ticket>();

  it('cancels a PAID order: status CANCELED, who, when and why, its tickets Canceled', async () => {
    const { order, tickets } = await sell(t, session, checkoutBody([cartItem('DAY-ADULT', 2, clock())]));
    const response = await keyed(
      '/v1/admin/cancel_order',
      { order_id: order._id, reason: 'Wrong pass' },
      randomUUID(),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: order._id,
      status: 'CANCELED',
      cancel: { reason: 'Wrong pass', by: 'Ana Cashier', at: NOW },
      refund: null,
    });
    for (const issued of tickets) {
      expect(await ticket(issued._id)).toMatchObject({ status: 'Canceled', display_status: 'Canceled' });
    }
    const redeem = await t.post(session, `/v2/check_ticket_redeem/${tickets[0]?._id}`);
    expect(redeem.statusCode).toBe(409);
    expect(redeem.json().message).toBe('Ticket is Canceled');
  });

  it("answers 409 'Only PAID orders can be canceled' for a canceled order, and the first answer for its key", async () => {
    const { order } = await sell(t, session, checkoutBody([cartItem('DAY-CHILD', 1, clock())]));
    const key = randomUUID();
    const first = await keyed('/v1/admin/cancel_order', { order_id: order._id }, key);
    expect(first.json()).toMatchObject({ status: 'CANCELED', cancel: { reason: null } });
    const replay = await keyed('/v1/admin/cancel_order', { order_id: order._id }, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const again = await keyed('/v1/admin/cancel_order', { order_id: order._id }, randomUUID());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Only PAID orders can be canceled', code: 'conflict' });
    expect((await keyed('/v1/admin/cancel_order', { order_id: 'nope' }, randomUUID())).statusCode).toBe(404);
  });

  it('refunds a same-day PAID order by invoice id with the reason, once; its tickets become Canceled', async () => {
    const { order, tickets } = await sell(
      t,
      session,
      checkoutBody([cartItem('DAY-ADULT', 1, clock())], { tenders: [['CASH', 50]] }),
    );
    const invoice = order.invoice?._id ?? '';
    const response = await keyed(
      '/v1/admin/refund_order',
      { invoice_id: invoice, message: 'Closed lane' },
      randomUUID(),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'REFUNDED',
      refund: { reason: 'Closed lane', by: 'Ana Cashier', at: NOW },
    });
    expect(await ticket(tickets[0]?._id ?? '')).toMatchObject({
      status: 'Canceled',
      display_status: 'Canceled',
    });
    const twice = await keyed(
      '/v1/admin/refund_order',
      { invoice_id: invoice, message: 'Again' },
      randomUUID(),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'Only PAID orders can be refunded', code: 'conflict' });
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    const shift = await t.db
      .selectFrom('shifts')
      .select('id')
      .where('terminal_id', '=', 'TICKET01')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      refunded_at: NOW,
      refund_reason: 'Closed lane',
      reversed_in_shift_id: shift.id,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', order._id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['order.paid', 'order.refunded']);
  });

  it("refuses to refund yesterday's order: 'Only orders from today can be refunded'", async () => {
    clock.set('2026-11-21T15:00:00.000Z'); // 23:00 the day before, venue time
    const yesterday = await sell(t, session, checkoutBody([cartItem('BOTTLE-750', 1, clock())]));
    clock.set(NOW);
    const response = await keyed(
      '/v1/admin/refund_order',
      { invoice_id: yesterday.order.invoice?._id, message: 'Late' },
      randomUUID(),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Only orders from today can be refunded',
      code: 'conflict',
    });
  });

  it('answers 404 for an unknown invoice and 400 without a reason', async () => {
    const unknown = await keyed(
      '/v1/admin/refund_order',
      { invoice_id: 'STORE-999999', message: 'x' },
      randomUUID(),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invoice STORE-999999 not found');
    const noReason = await keyed(
      '/v1/admin/refund_order',
      { invoice_id: 'STORE-000001', message: ' ' },
      randomUUID(),
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ path: 'message', message: 'Refund Reason is required' }]);
  });

  it("answers 409 'No open shift' for a refund on a terminal without one", async () => {
    const { order } = await sell(t, session, checkoutBody([cartItem('DAY-CHILD', 1, clock())]));
    const elsewhere = await t.signIn(MANAGER, { host: 'TICKET07' });
    const response = await keyed(
      '/v1/admin/refund_order',
      { invoice_id: order.invoice?._id, message: 'x' },
      randomUUID(),
      elsewhere,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('No open shift');
  });

  it("counts a refund in the refunding terminal's shift report: cash refunded is cash taken minus change", async () => {
    const till = await t.signIn(MANAGER, { host: 'TICKET02' });
    await openShift(t, till, 50);
    const { order } = await sell(
      t,
      session,
      checkoutBody([cartItem('DAY-ADULT', 1, clock())], { tenders: [['CASH', 60]] }),
    );
    const refunded = await keyed(
      '/v1/admin/refund_order',
      { invoice_id: order.invoice?._id, message: 'Refund at till 2' },
      randomUUID(),
      till,
    );
    expect(refunded.statusCode).toBe(200);
    const after = (await t.post(till, '/v1/admin/shift_report')).json<ShiftReport>();
    // Till 2 took no sale: its float of RM 50 less the RM 49 handed back (RM 60 cash taken, RM 11 change given).
    expect(after).toMatchObject({
      float: 50,
      sales: { cash: 0, card: 0, ewallet: 0 },
      refunds: { cash: 49, card: 0, ewallet: 0 },
      expected: { cash: 1, card: 0, ewallet: 0 },
      orders: { count: 0, refunded: 1, canceled: 0 },
    });
  });
});
