import { describe, expect, it } from 'vitest';
import { ORDER_LIST_MESSAGES, ordersMatching, ordersShown } from '../rules/orderListMessages';
import { summarizeOrder } from '../rules/orderSummary';
import { orderWith } from './support/fixtures';

describe('rules orderList', () => {
  it("says how many orders match: '1 order', '1,234 orders', 'more than 10,000 orders'", () => {
    expect(ordersMatching(0)).toBe('0 orders');
    expect(ordersMatching(1)).toBe('1 order');
    expect(ordersMatching(1234)).toBe('1,234 orders');
    expect(ordersMatching(10_000, true)).toBe('more than 10,000 orders');
    expect(ordersShown(50, 1234)).toBe('Showing 50 of 1,234 orders');
    expect(ordersShown(100, 10_000, true)).toBe('Showing 100 of more than 10,000 orders');
    // Past a search's estimate (a count of up to 100), the loaded orders are the lower bound.
    expect(ordersShown(150, 100, true)).toBe('Showing 150 of more than 150 orders');
    // An exact count is shown as the server gave it.
    expect(ordersShown(150, 100)).toBe('Showing 150 of 100 orders');
    expect(ordersMatching(100, true, 150)).toBe('more than 150 orders');
    expect(ordersMatching(100, true, 50)).toBe('more than 100 orders');
    expect(ordersMatching(100, false, 150)).toBe('100 orders');
    expect(ORDER_LIST_MESSAGES.loadMore).toBe('Load more');
  });

  it('a changed order makes the row get_orders pages carry', () => {
    const order = orderWith({ status: 'REFUNDED', total_amount: 98 });
    const items = order.order_details.cart.items.map((item) => ({ ...item, quantity: 2 }));
    const summary = summarizeOrder({
      ...order,
      order_details: { ...order.order_details, cart: { ...order.order_details.cart, items } },
    });
    expect(summary).toEqual({
      _id: 'order-1',
      date: order.date,
      status: 'REFUNDED',
      total_amount: 98,
      currency: 'MYR',
      invoice: { _id: 'INV-0001' },
      customer: { email: 'guest@example.com' },
      num_items: 2,
    });
    expect(summarizeOrder(orderWith({ invoice: undefined })).invoice).toBeNull();
    // What refunds gave back so far, when the order has any; no such field otherwise.
    expect(summarizeOrder(orderWith({ refunded_amount: 24.5 })).refunded_amount).toBe(24.5);
    expect('refunded_amount' in summarizeOrder(orderWith())).toBe(false);
  });
});
