import type { Order } from 'pos-sdk/contract';
import { OFFLINE_MESSAGES } from 'pos-sdk/messages';

/**
 * The invoice number an order is known by (its `_id` when it has no invoice); 'pending' for a sale
 * made offline that has not synced yet (`pending_sync`: its `_id` is only the sale's key).
 */
export function invoiceNumberOf(order: Pick<Order, '_id' | 'invoice' | 'pending_sync'>): string {
  if (order.pending_sync === true) return OFFLINE_MESSAGES.invoicePending;
  return order.invoice?._id ?? order._id;
}
