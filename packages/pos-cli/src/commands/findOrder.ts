import { NotFoundError, type Pos } from 'pos-sdk';
import type { Order } from 'pos-sdk/contract';

/**
 * The order with this invoice number (INV-...), or else this order id.
 *
 * @throws NotFoundError when neither exists.
 */
export async function findOrder(pos: Pos, id: string): Promise<Order> {
  const key = id.trim();
  try {
    return await pos.api.getOrder({ invoice_id: key });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return pos.api.getOrder({ order_id: key });
  }
}
