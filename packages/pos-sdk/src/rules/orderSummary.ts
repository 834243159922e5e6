import type { Order, OrderSummary } from '../contract';

/**
 * The row of the orders list an order makes (what get_orders pages carry): so a changed order (a note, a refund, a
 * cancel) replaces its row without fetching the page again. `num_items` is the sum of the quantities, as the
 * checkout's `num_items`.
 */
export function summarizeOrder(order: Order): OrderSummary {
  return {
    _id: order._id,
    date: order.date,
    status: order.status,
    total_amount: order.total_amount,
    currency: order.currency,
    invoice: order.invoice ? { _id: order.invoice._id } : null,
    customer: { email: order.order_details.customer.email },
    num_items: order.order_details.cart.items.reduce((count, item) => count + item.quantity, 0),
    ...(order.refunded_amount === undefined ? {} : { refunded_amount: order.refunded_amount }),
  };
}
