import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderPage } from '../contract';
import { summarizeOrder } from '../rules/orderSummary';
import { orderWith } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** 2 x Water Bottle (RM 50.00) and 1 x Grip Socks (RM 15.00), paid RM 40 by card and RM 30 in cash (RM 5 change). */
const sale = (overrides: Partial<Order> = {}): Order =>
  orderWith({
    total_amount: 65,
    order_details: {
      customer: { email: 'farah@example.com' },
      cart: {
        items: [
          {
            sku: 'BOTTLE-750',
            name: 'Water Bottle',
            category: 'Merchandise',
            quantity: 2,
            type: 'MERCHANDISE',
            price: { value: 25 },
            amount: 50,
          },
          {
            sku: 'GRIP-M',
            name: 'Grip Socks',
            category: 'Merchandise',
            quantity: 1,
            type: 'MERCHANDISE',
            price: { value: 15 },
            amount: 15,
          },
        ],
        subtotal: 65,
      },
    },
    payment: {
      methods: [
        { type: 'CREDIT CARD', amount: 40 },
        { type: 'CASH', amount: 30 },
      ],
      change: 5,
    },
    tickets: [],
    ...overrides,
  });

async function terminalWith(order: Order) {
  const test = createTestPos();
  const page: OrderPage = {
    orders: [summarizeOrder(order)],
    next_cursor: null,
    total: 1,
    total_is_estimate: false,
  };
  server().post('/v1/admin/get_orders').reply(200, page);
  await test.pos.orders.load();
  server().post('/v1/admin/get_order').reply(200, order);
  await test.pos.orders.open(order._id);
  return test;
}

describe('services orders: refund by line', () => {
  it('plans a refund with the rule the server uses: amount, methods and what to give back', async () => {
    const { pos } = await terminalWith(sale());
    const order = pos.orders.selected.value as Order;
    expect(pos.orders.refundableUnits(order)).toEqual([2, 1]);
    const one = pos.orders.planRefund(order, { items: [{ sku: 'BOTTLE-750', quantity: 1 }] });
    expect(one).toMatchObject({ ok: true, value: { amount: 2500, message: 'Give back RM 25.00 by CARD' } });
    const all = pos.orders.planRefund(order);
    expect(all).toMatchObject({
      ok: true,
      value: { amount: 6500, message: 'Give back RM 40.00 by CARD and RM 25.00 by CASH' },
    });
    expect(pos.orders.planRefund(order, { items: [{ sku: 'GRIP-M', quantity: 2 }] })).toMatchObject({
      ok: false,
      message: 'Only 1 x GRIP-M can be refunded',
    });
  });

  it('sends the items and tenders keyed, replaces the order and toasts what to give back instead of "Order updated successfully"', async () => {
    const { pos, driver } = await terminalWith(sale());
    const answer = sale({
      refunded_amount: 25,
      refunds: [
        {
          _id: 'r1',
          at: '2026-11-22T02:00:00.000Z',
          by: 'Ana Cashier',
          reason: 'Returned',
          amount: 25,
          items: [{ line: 0, sku: 'BOTTLE-750', quantity: 1, amount: 25 }],
          tenders: [{ type: 'CASH', amount: 25 }],
        },
      ],
    });
    const scope = server()
      .post('/v1/admin/refund_order', {
        invoice_id: 'INV-0001',
        message: 'Returned',
        items: [{ sku: 'BOTTLE-750', quantity: 1 }],
        tenders: [{ type: 'CASH' }],
      })
      .matchHeader('idempotency-key', /.+/)
      .reply(200, answer);
    const controller = new AbortController();
    const refunded = await pos.orders.refund('INV-0001', 'Returned', {
      items: [{ sku: 'BOTTLE-750', quantity: 1 }],
      tenders: [{ type: 'CASH' }],
      signal: controller.signal,
    });
    scope.done();
    expect(refunded.refunded_amount).toBe(25);
    expect(pos.orders.list.value[0]?.refunded_amount).toBe(25);
    expect(pos.orders.selected.value?.refunds).toHaveLength(1);
    expect(noticeMessages(pos)).toEqual(['Give back RM 25.00 by CASH']);
    // The refund slip is printed: the line, the amount, the method.
    const slip = driver.printedTexts().at(-1) ?? '';
    expect(slip).toContain('REFUND');
    expect(slip).toMatch(/1 of 2 +25\.00/);
    expect(slip).toMatch(/REFUNDED +RM 25\.00/);
    expect(slip).toMatch(/Given back by CASH +25\.00/);
    expect(slip).toMatch(/Refunded in all: 25\.00 of 65\.00/);
  });

  it('refuses items that do not fit the order before any call', async () => {
    const { pos } = await terminalWith(sale());
    await expect(
      pos.orders.refund('INV-0001', 'Returned', { items: [{ sku: 'NOPE', quantity: 1 }] }),
    ).rejects.toMatchObject({ message: 'No item NOPE on this order' });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('an aborted refund sends nothing', async () => {
    const { pos } = await terminalWith(sale());
    const controller = new AbortController();
    controller.abort();
    await expect(
      pos.orders.refund('INV-0001', 'Returned', { signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 'aborted',
    });
  });
});
