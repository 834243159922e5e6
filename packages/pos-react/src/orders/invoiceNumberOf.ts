import type { Order } from 'pos-sdk';

/** The invoice number an order is known by (its `_id` when it has no invoice). */
export function invoiceNumberOf(order: Pick<Order, '_id' | 'invoice'>): string {
  return order.invoice?._id ?? order._id;
}
