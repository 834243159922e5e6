import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../contract';
import { MESSAGES, reprintingInvoice } from '../rules/messages';
import { summarizeOrder } from '../rules/orderSummary';
import { DAY_START, orderWith } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const YESTERDAY = '2026-11-21T15:59:59.000Z'; // 23:59:59 on 21 November in Kuala Lumpur

/** A page of get_orders holding these orders' rows. */
function pageOf(orders: Order[], overrides: Partial<OrderPage> = {}): OrderPage {
  return {
    orders: orders.map(summarizeOrder),
    next_cursor: null,
    total: orders.length,
    total_is_estimate: false,
    ...overrides,
  };
}

/** Orders `order-{from}` to `order-{to - 1}` (invoices INV-{n}). */
function ordersNumbered(from: number, to: number): Order[] {
  return Array.from({ length: to - from }, (_, index) =>
    orderWith({ _id: `order-${from + index}`, invoice: { _id: `INV-${from + index}` } }),
  );
}

/**
 * An answer the test gives when it chooses: `reply` for nock's `.reply(...)`; `asked` resolves once the request has
 * reached the server (so the test waits for that event, not for a guessed sleep); `answer` sends the reply.
 */
function heldAnswer<T>(): {
  reply: () => Promise<[number, T]>;
  asked: Promise<void>;
  answer: (body: T) => void;
} {
  let markAsked: () => void = () => {};
  let send: ((body: T) => void) | undefined;
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  return {
    reply: () =>
      new Promise<[number, T]>((resolve) => {
        send = (body) => resolve([200, body]);
        markAsked();
      }),
    asked,
    answer: (body) => send?.(body),
  };
}

async function terminalWithOrders(
  orders = [orderWith(), orderWith({ _id: 'order-2', invoice: { _id: 'INV-0002' } })],
) {
  const test = createTestPos();
  server().post('/v1/admin/get_orders').reply(200, pageOf(orders));
  await test.pos.orders.load();
  return test;
}

describe('services orders', () => {
  it("loads the first page of today's orders for the terminal's origin, from the start of the venue day", async () => {
    const { pos } = createTestPos();
    const scope = server()
      .post('/v1/admin/get_orders', { origin: 'STORE', from: DAY_START, limit: 50 })
      .reply(200, pageOf([orderWith()], { next_cursor: 'c1', total: 120 }));
    const orders = await pos.orders.load();
    scope.done();
    expect(orders).toEqual([summarizeOrder(orderWith())]);
    expect(pos.orders.list.value).toEqual(orders);
    expect(pos.orders.total.value).toBe(120);
    expect(pos.orders.totalIsEstimate.value).toBe(false);
    expect(pos.orders.hasMore.value).toBe(true);
    expect(pos.orders.loading.value).toBe(false);
  });

  it('searches on invoice number and customer email', async () => {
    const { pos } = createTestPos();
    const scope = server()
      .post('/v1/admin/get_orders', { origin: 'STORE', from: DAY_START, search: 'INV-0002', limit: 50 })
      .reply(200, pageOf([]));
    await pos.orders.load({ search: ' INV-0002 ' });
    scope.done();
    expect(pos.orders.search.value).toBe('INV-0002');
    expect(pos.orders.total.value).toBe(0);
    expect(pos.orders.hasMore.value).toBe(false);
  });

  it('loadMore appends the next page of the same search, start of day and page size, until the last', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/get_orders', { origin: 'STORE', from: DAY_START, search: 'guest', limit: 2 })
      .reply(200, pageOf(ordersNumbered(1, 3), { next_cursor: 'c2', total: 5 }))
      .post('/v1/admin/get_orders', {
        origin: 'STORE',
        from: DAY_START,
        search: 'guest',
        limit: 2,
        cursor: 'c2',
      })
      .reply(200, pageOf(ordersNumbered(3, 5), { next_cursor: 'c4', total: 5 }))
      .post('/v1/admin/get_orders', {
        cursor: 'c4',
        origin: 'STORE',
        from: DAY_START,
        search: 'guest',
        limit: 2,
      })
      .reply(200, pageOf(ordersNumbered(5, 6), { next_cursor: null, total: 5 }));
    await pos.orders.load({ search: 'guest', limit: 2 });
    expect(pos.orders.list.value.map((row) => row._id)).toEqual(['order-1', 'order-2']);
    await pos.orders.loadMore();
    expect(pos.orders.hasMore.value).toBe(true);
    const all = await pos.orders.loadMore();
    expect(all.map((row) => row._id)).toEqual(['order-1', 'order-2', 'order-3', 'order-4', 'order-5']);
    expect(pos.orders.list.value).toEqual(all);
    expect(pos.orders.hasMore.value).toBe(false);
    expect(pos.orders.loadingMore.value).toBe(false);
    // On the last page there is nothing more to ask for.
    expect(await pos.orders.loadMore()).toEqual(all);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('a double tap on Load more asks for the next page once', async () => {
    const { pos } = createTestPos();
    let asked = 0;
    server()
      .post('/v1/admin/get_orders', (body) => body.cursor === undefined)
      .reply(200, pageOf(ordersNumbered(1, 2), { next_cursor: 'c1', total: 2 }))
      .post('/v1/admin/get_orders', (body) => body.cursor === 'c1')
      .times(2)
      .reply(() => {
        asked += 1;
        return [200, pageOf(ordersNumbered(2, 3), { total: 2 })];
      });
    await pos.orders.load();
    const [first, second] = await Promise.all([pos.orders.loadMore(), pos.orders.loadMore()]);
    expect(asked).toBe(1);
    expect(first).toBe(second);
    expect(pos.orders.list.value).toHaveLength(2);
  });

  it('shows the count the server gives: more than 10,000 is an estimate', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/get_orders')
      .reply(200, pageOf([orderWith()], { next_cursor: 'c1', total: 10_000, total_is_estimate: true }));
    await pos.orders.load();
    expect(pos.orders.total.value).toBe(10_000);
    expect(pos.orders.totalIsEstimate.value).toBe(true);
  });

  it("'Failed to retrieve orders' when a further page fails; Load more then asks for the same page again", async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/get_orders', (body) => body.cursor === undefined)
      .reply(200, pageOf(ordersNumbered(1, 2), { next_cursor: 'c1', total: 2 }))
      .post('/v1/admin/get_orders', (body) => body.cursor === 'c1')
      .reply(500, { message: 'boom', code: 'server_error' })
      .post('/v1/admin/get_orders', (body) => body.cursor === 'c1')
      .reply(200, pageOf(ordersNumbered(2, 3), { total: 2 }));
    await pos.orders.load();
    await expect(pos.orders.loadMore()).rejects.toMatchObject({ name: 'PosError', code: 'server_error' });
    expect(noticeMessages(pos)).toEqual([MESSAGES.failedToRetrieveOrders]);
    expect(pos.orders.list.value).toHaveLength(1);
    expect(pos.orders.hasMore.value).toBe(true);
    expect(pos.orders.loadingMore.value).toBe(false);
    await pos.orders.loadMore();
    expect(pos.orders.list.value.map((row) => row._id)).toEqual(['order-1', 'order-2']);
  });

  it('a new search drops the answer of a page asked for the old list', async () => {
    const { pos } = createTestPos();
    const morePage = heldAnswer<OrderPage>();
    server()
      .post('/v1/admin/get_orders', (body) => body.cursor === undefined && body.search === undefined)
      .reply(200, pageOf(ordersNumbered(1, 2), { next_cursor: 'c1', total: 2 }))
      .post('/v1/admin/get_orders', (body) => body.cursor === 'c1')
      .reply(morePage.reply as never)
      .post('/v1/admin/get_orders', (body) => body.search === 'INV-9')
      .reply(200, pageOf([orderWith({ _id: 'order-9', invoice: { _id: 'INV-9' } })]));
    await pos.orders.load();
    const more = pos.orders.loadMore();
    await morePage.asked;
    await pos.orders.load({ search: 'INV-9' });
    morePage.answer(pageOf(ordersNumbered(2, 3), { total: 2 }));
    await more;
    expect(pos.orders.list.value.map((row) => row._id)).toEqual(['order-9']);
    expect(pos.orders.hasMore.value).toBe(false);
  });

  it('pages() walks every page of a period without touching the list', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/get_orders', {
        origin: 'STORE',
        from: '2026-11-01T00:00:00.000Z',
        to: '2026-11-08T00:00:00.000Z',
        limit: 500,
      })
      .reply(200, pageOf(ordersNumbered(1, 3), { next_cursor: 'c2', total: 3 }))
      .post('/v1/admin/get_orders', (body) => body.cursor === 'c2' && body.limit === 500)
      .reply(200, pageOf(ordersNumbered(3, 4), { total: 3 }));
    const seen: string[] = [];
    for await (const page of pos.orders.pages({
      from: new Date('2026-11-01T00:00:00.000Z'),
      to: '2026-11-08T00:00:00.000Z',
      limit: 500,
    })) {
      seen.push(...page.orders.map((row) => row._id));
    }
    expect(seen).toEqual(['order-1', 'order-2', 'order-3']);
    expect(pos.orders.list.value).toEqual([]);
  });

  it('pages() starts today at a given cursor and searches', async () => {
    const { pos } = createTestPos();
    const scope = server()
      .post('/v1/admin/get_orders', {
        origin: 'STORE',
        from: DAY_START,
        limit: 50,
        search: 'bob',
        cursor: 'c9',
      })
      .reply(200, pageOf([]));
    const pages: OrderPage[] = [];
    for await (const page of pos.orders.pages({ search: ' bob ', cursor: 'c9' })) pages.push(page);
    scope.done();
    expect(pages).toHaveLength(1);
  });

  it("shows 'Failed to retrieve orders' when the order fetch fails", async () => {
    const { pos } = createTestPos();
    server().post('/v1/admin/get_orders').reply(500, { message: 'boom', code: 'server_error' });
    await expect(pos.orders.load()).rejects.toMatchObject({ name: 'PosError', code: 'server_error' });
    expect(noticeMessages(pos)).toEqual(['Failed to retrieve orders']);
    expect(noticeMessages(pos)).toEqual([MESSAGES.failedToRetrieveOrders]);
  });

  it('says the last load failed (loadFailed) until a load succeeds: a failed search is not "no orders"', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/get_orders')
      .reply(200, pageOf([orderWith()], { total: 1 }));
    await pos.orders.load();
    expect(pos.orders.loadFailed.value).toBe(false);
    server().post('/v1/admin/get_orders').reply(500, { message: 'boom', code: 'server_error' });
    await expect(pos.orders.load({ search: 'bob' })).rejects.toMatchObject({
      name: 'PosError',
      code: 'server_error',
    });
    expect(pos.orders.loadFailed.value).toBe(true);
    expect(pos.orders.search.value).toBe('bob');
    expect(pos.orders.loading.value).toBe(false);
    server()
      .post('/v1/admin/get_orders')
      .reply(200, pageOf([], { total: 0 }));
    await pos.orders.load({ search: 'bob' });
    expect(pos.orders.loadFailed.value).toBe(false);
  });

  it('refuses a search over 200 characters before sending it, and keeps the list', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/get_orders')
      .reply(200, pageOf([orderWith()], { total: 1 }));
    await pos.orders.load();
    await expect(pos.orders.load({ search: 'x'.repeat(201) })).rejects.toThrow(
      'Search with at most 200 characters',
    );
    expect(noticeMessages(pos)).toEqual(['Search with at most 200 characters']);
    expect(pos.orders.list.value).toHaveLength(1);
    expect(pos.orders.search.value).toBe('');
    expect(pos.orders.loadFailed.value).toBe(false);
    server()
      .post('/v1/admin/get_orders', (body: { search?: string }) => body.search === 'y'.repeat(200))
      .reply(200, pageOf([], { total: 0 }));
    await pos.orders.load({ search: ` ${'y'.repeat(200)} ` });
    expect(pos.orders.list.value).toEqual([]);
  });

  it('sign-out forgets the list, its count and its pages', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/get_orders')
      .reply(200, pageOf([orderWith()], { next_cursor: 'c1', total: 7 }));
    await pos.orders.load({ search: 'guest' });
    (pos.orders as unknown as { reset(): void }).reset();
    expect(pos.orders.list.value).toEqual([]);
    expect(pos.orders.search.value).toBe('');
    expect(pos.orders.total.value).toBe(0);
    expect(pos.orders.hasMore.value).toBe(false);
  });

  it("opens an order in the invoice modal with its detail from get_order; the row takes the answer's fields", async () => {
    const { pos } = await terminalWithOrders();
    const detail = heldAnswer<Order>();
    server()
      .post('/v1/admin/get_order', { order_id: 'order-2' })
      .reply(detail.reply as never);
    const opened = pos.orders.open('order-2');
    expect(pos.orders.opening.value).toBe('order-2');
    expect(pos.orders.selected.value).toBeNull();
    await detail.asked;
    expect(pos.orders.opening.value).toBe('order-2');
    detail.answer(orderWith({ _id: 'order-2', total_amount: 98 }));
    const order = await opened;
    expect(pos.orders.opening.value).toBeNull();
    expect(pos.orders.selected.value).toEqual(order);
    expect(order.order_details.cart.items).toHaveLength(1);
    expect(pos.orders.list.value[1]?.total_amount).toBe(98);
    pos.orders.close();
    expect(pos.orders.selected.value).toBeNull();
  });

  it('a detail that answers after the modal was closed or another order opened is not shown', async () => {
    const { pos } = await terminalWithOrders();
    const details = { 'order-1': heldAnswer<Order>(), 'order-2': heldAnswer<Order>() };
    server()
      .post('/v1/admin/get_order')
      .times(2)
      .reply(((_uri: string, body: { order_id: 'order-1' | 'order-2' }) =>
        details[body.order_id].reply()) as never);
    const first = pos.orders.open('order-1');
    const second = pos.orders.open('order-2');
    await Promise.all([details['order-1'].asked, details['order-2'].asked]);
    details['order-2'].answer(orderWith({ _id: 'order-2' }));
    await second;
    details['order-1'].answer(orderWith({ _id: 'order-1' }));
    await first;
    expect(pos.orders.selected.value?._id).toBe('order-2');
    server().post('/v1/admin/get_order').reply(200, orderWith());
    const late = pos.orders.open('order-1');
    pos.orders.close();
    await late;
    expect(pos.orders.selected.value).toBeNull();
    expect(pos.orders.opening.value).toBeNull();
  });

  it("an order whose detail cannot be fetched shows the failure ('Server not responding')", async () => {
    const { pos } = await terminalWithOrders();
    server().post('/v1/admin/get_order').replyWithError('socket hang up');
    await expect(pos.orders.open('order-1')).rejects.toThrow('Server not responding');
    expect(noticeMessages(pos)).toEqual([MESSAGES.serverNotResponding]);
    expect(pos.orders.opening.value).toBeNull();
    expect(pos.orders.selected.value).toBeNull();
  });

  it("adds a note: the result replaces the order in the list and the modal, 'Order updated successfully'", async () => {
    const { pos } = await terminalWithOrders();
    server().post('/v1/admin/get_order').reply(200, orderWith());
    await pos.orders.open('order-1');
    const noted = orderWith({
      notes: [{ text: 'Paid twice', by: 'u-cashier', at: '2026-11-22T02:00:00.000Z' }],
    });
    const scope = server()
      .post('/v1/admin/add_order_note', { order_id: 'order-1', note: 'Paid twice' })
      .reply(200, noted);

    await pos.orders.addNote('order-1', 'Paid twice');

    scope.done();
    expect(pos.orders.list.value[0]).toEqual(summarizeOrder(noted));
    expect(pos.orders.selected.value).toEqual(noted);
    expect(noticeMessages(pos)).toEqual(['Order updated successfully']);
  });

  it("shows 'Server not responding' when a note call gets no answer", async () => {
    const { pos } = await terminalWithOrders();
    server().post('/v1/admin/add_order_note').replyWithError('socket hang up');
    await expect(pos.orders.addNote('order-1', 'x')).rejects.toThrow('Server not responding');
    expect(noticeMessages(pos)).toEqual(['Server not responding']);
  });

  it('cancels an order with an idempotency key', async () => {
    const { pos } = await terminalWithOrders();
    let key: unknown;
    server()
      .post('/v1/admin/cancel_order', { order_id: 'order-1', reason: 'Wrong pass' })
      .reply(function reply() {
        key = this.req.headers['idempotency-key'];
        return [200, orderWith({ status: 'CANCELED' })];
      });
    await pos.orders.cancel('order-1', 'Wrong pass');
    expect(typeof key).toBe('string');
    expect(pos.orders.list.value[0]?.status).toBe('CANCELED');
  });

  it('refunds a same-day PAID invoiced order by invoice id with a reason', async () => {
    const { pos } = await terminalWithOrders();
    const scope = server()
      .post('/v1/admin/refund_order', { invoice_id: 'INV-0002', message: 'Customer left' })
      .matchHeader('idempotency-key', /.+/)
      .reply(200, orderWith({ _id: 'order-2', invoice: { _id: 'INV-0002' }, status: 'REFUNDED' }));
    const refunded = await pos.orders.refund(' INV-0002 ', 'Customer left');
    scope.done();
    expect(refunded.status).toBe('REFUNDED');
    expect(pos.orders.list.value[1]?.status).toBe('REFUNDED');
    expect(noticeMessages(pos)).toEqual(['Order updated successfully']);
  });

  it('a retried refund after a dropped answer reuses its key', async () => {
    const { pos } = await terminalWithOrders();
    const keys: unknown[] = [];
    server()
      .post('/v1/admin/refund_order')
      .reply(function dropped() {
        keys.push(this.req.headers['idempotency-key']);
        this.req.destroy(new Error('socket hang up'));
        return [200, {}];
      })
      .post('/v1/admin/refund_order')
      .reply(function answered() {
        keys.push(this.req.headers['idempotency-key']);
        return [200, orderWith({ status: 'REFUNDED' })];
      });
    await expect(pos.orders.refund('INV-0001', 'Duplicate')).rejects.toThrow('Server not responding');
    await pos.orders.refund('INV-0001', 'Duplicate');
    expect(keys).toHaveLength(2);
    expect(typeof keys[0]).toBe('string');
    expect(keys[1]).toBe(keys[0]);
  });

  it('refund is refused for an order older than today, not PAID, or without an invoice', async () => {
    const { pos } = await terminalWithOrders([
      orderWith({ _id: 'old', date: YESTERDAY, invoice: { _id: 'INV-OLD' } }),
      orderWith({ _id: 'canceled', status: 'CANCELED', invoice: { _id: 'INV-CAN' } }),
      orderWith({ _id: 'no-invoice', invoice: null }),
    ]);
    const [old, canceled, noInvoice] = pos.orders.list.value;
    expect(pos.orders.canRefund(old!)).toBe(false);
    expect(pos.orders.refundRefusal(old!)).toBe(MESSAGES.refundNotToday);
    expect(pos.orders.refundRefusal(canceled!)).toBe(MESSAGES.refundNotPaid);
    expect(pos.orders.refundRefusal(noInvoice!)).toBe(MESSAGES.refundNoInvoice);
    expect(pos.orders.canRefund(orderWith())).toBe(true);

    await expect(pos.orders.refund('INV-OLD', 'Late')).rejects.toMatchObject({
      name: 'RuleError',
      message: MESSAGES.refundNotToday,
    });
    await expect(pos.orders.refund('INV-CAN', 'Late')).rejects.toThrow(MESSAGES.refundNotPaid);
  });

  it('refund fetches the order of an invoice that is not in the list', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/get_order', { invoice_id: 'INV-9' })
      .reply(200, orderWith({ status: 'REFUNDED' }));
    await expect(pos.orders.refund('INV-9', 'Again')).rejects.toThrow(MESSAGES.refundNotPaid);
  });

  it('refund needs an invoice id and a reason', async () => {
    const { pos } = createTestPos();
    await expect(pos.orders.refund('  ', 'x')).rejects.toThrow(MESSAGES.invoiceIdRequired);
    await expect(pos.orders.refund('INV-1', '')).rejects.toThrow(MESSAGES.refundReasonRequired);
  });

  it("reprints: sends the order to the driver and shows 'Reprinting invoice {id}'", async () => {
    const { pos, driver } = await terminalWithOrders();
    await pos.orders.reprint(orderWith());
    expect(driver.calls).toEqual([
      expect.objectContaining({ kind: 'print', document: expect.objectContaining({ kind: 'reprint' }) }),
    ]);
    expect(noticeMessages(pos)).toEqual(['Reprinting invoice INV-0001']);
    expect(noticeMessages(pos)).toEqual([reprintingInvoice('INV-0001')]);
  });

  it('exports the orders of a period, streamed through', async () => {
    const { pos } = createTestPos();
    const scope = server()
      .post('/v1/admin/export_order_report', {
        period: { from: DAY_START, to: '2026-11-22T16:00:00.000Z' },
        origin: 'STORE',
        format: 'csv',
      })
      .reply(200, 'date,invoice\n', { 'Content-Type': 'text/csv' });
    const exported = await pos.orders.export({
      from: new Date(DAY_START),
      to: '2026-11-22T16:00:00.000Z',
      format: 'csv',
    });
    scope.done();
    expect(exported.contentType).toContain('text/csv');
    expect(await new Response(exported.body).text()).toBe('date,invoice\n');
  });
  describe('emailReceipt', () => {
    const queued = (to: string) =>
      orderWith({
        mail: [
          {
            kind: 'receipt',
            to,
            status: 'queued',
            attempts: 0,
            last_error: null,
            created_at: '2026-11-22T02:00:00.000Z',
            sent_at: null,
          },
        ],
      });

    it("emails the receipt to the order's customer email with an idempotency key, and shows it queued", async () => {
      const { pos } = await terminalWithOrders();
      const scope = server()
        .post('/v1/admin/resend_receipt', { invoice_id: 'INV-0001', to: 'guest@example.com' })
        .matchHeader('idempotency-key', /.+/)
        .reply(200, queued('guest@example.com'));
      const order = await pos.orders.emailReceipt(orderWith());
      scope.done();
      expect(order.mail?.[0]?.status).toBe('queued');
      expect(noticeMessages(pos)).toEqual(['Receipt queued for guest@example.com']);
    });

    it('sends to a corrected address when one is given', async () => {
      const { pos } = await terminalWithOrders();
      const scope = server()
        .post('/v1/admin/resend_receipt', { invoice_id: 'INV-0001', to: 'fixed@example.com' })
        .reply(200, queued('fixed@example.com'));
      await pos.orders.emailReceipt(orderWith(), '  fixed@example.com ');
      scope.done();
    });

    it("refuses a malformed address with 'Invalid email format' before any call", async () => {
      const { pos } = await terminalWithOrders();
      await expect(pos.orders.emailReceipt(orderWith(), 'guest@')).rejects.toMatchObject({
        name: 'RuleError',
        message: MESSAGES.invalidEmailFormat,
      });
    });

    it('refuses when neither the order nor the cashier gives an address', async () => {
      const { pos } = await terminalWithOrders();
      const noEmail = orderWith({ order_details: { ...orderWith().order_details, customer: { email: '' } } });
      await expect(pos.orders.emailReceipt(noEmail)).rejects.toMatchObject({
        name: 'RuleError',
        message: 'Enter the email address to send the receipt to',
      });
    });
  });
});
