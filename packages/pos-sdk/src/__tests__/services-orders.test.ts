import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, reprintingInvoice } from '../rules/messages';
import { DAY_START, orderWith } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const YESTERDAY = '2026-11-21T15:59:59.000Z'; // 23:59:59 on 21 November in Kuala Lumpur

async function terminalWithOrders(
  orders = [orderWith(), orderWith({ _id: 'order-2', invoice: { _id: 'INV-0002' } })],
) {
  const test = createTestPos();
  server().post('/v1/admin/get_orders').reply(200, orders);
  await test.pos.orders.load();
  return test;
}

describe('services orders', () => {
  it("loads today's orders for the terminal's origin, from the start of the venue day", async () => {
    const { pos } = createTestPos();
    const scope = server()
      .post('/v1/admin/get_orders', { origin: 'STORE', from: DAY_START })
      .reply(200, [orderWith()]);
    const orders = await pos.orders.load();
    scope.done();
    expect(orders).toHaveLength(1);
    expect(pos.orders.list.value).toEqual(orders);
    expect(pos.orders.loading.value).toBe(false);
  });

  it('searches on invoice number and customer email', async () => {
    const { pos } = createTestPos();
    const scope = server()
      .post('/v1/admin/get_orders', { origin: 'STORE', from: DAY_START, search: 'INV-0002' })
      .reply(200, []);
    await pos.orders.load({ search: ' INV-0002 ' });
    scope.done();
    expect(pos.orders.search.value).toBe('INV-0002');
  });

  it("shows 'Failed to retrieve orders' when the order fetch fails", async () => {
    const { pos } = createTestPos();
    server().post('/v1/admin/get_orders').reply(500, { message: 'boom', code: 'server_error' });
    await expect(pos.orders.load()).rejects.toMatchObject({ name: 'ServerError' });
    expect(noticeMessages(pos)).toEqual(['Failed to retrieve orders']);
    expect(noticeMessages(pos)).toEqual([MESSAGES.failedToRetrieveOrders]);
  });

  it('opens an order in the invoice modal and closes it', async () => {
    const { pos } = await terminalWithOrders();
    server()
      .post('/v1/admin/get_order', { order_id: 'order-2' })
      .reply(200, orderWith({ _id: 'order-2', total_amount: 98 }));
    const order = await pos.orders.open('order-2');
    expect(pos.orders.selected.value).toEqual(order);
    expect(pos.orders.list.value[1]?.total_amount).toBe(98);
    pos.orders.close();
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
    expect(pos.orders.list.value[0]).toEqual(noted);
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
      const order = await pos.orders.emailReceipt(pos.orders.list.value[0]!);
      scope.done();
      expect(order.mail?.[0]?.status).toBe('queued');
      expect(pos.orders.list.value[0]?.mail).toHaveLength(1);
      expect(noticeMessages(pos)).toEqual(['Receipt queued for guest@example.com']);
    });

    it('sends to a corrected address when one is given', async () => {
      const { pos } = await terminalWithOrders();
      const scope = server()
        .post('/v1/admin/resend_receipt', { invoice_id: 'INV-0001', to: 'fixed@example.com' })
        .reply(200, queued('fixed@example.com'));
      await pos.orders.emailReceipt(pos.orders.list.value[0]!, '  fixed@example.com ');
      scope.done();
    });

    it("refuses a malformed address with 'Invalid email format' before any call", async () => {
      const { pos } = await terminalWithOrders();
      await expect(pos.orders.emailReceipt(pos.orders.list.value[0]!, 'guest@')).rejects.toMatchObject({
        name: 'RuleError',
        message: MESSAGES.invalidEmailFormat,
      });
    });

    it('refuses when neither the order nor the cashier gives an address', async () => {
      const { pos } = await terminalWithOrders([
        orderWith({ order_details: { ...orderWith().order_details, customer: { email: '' } } }),
      ]);
      await expect(pos.orders.emailReceipt(pos.orders.list.value[0]!)).rejects.toMatchObject({
        name: 'RuleError',
        message: 'Enter the email address to send the receipt to',
      });
    });
  });
});
