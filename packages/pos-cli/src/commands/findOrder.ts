import { isPosError, type Pos } from 'pos-sdk';
import type { Order } from 'pos-sdk/contract';

/**
 * The order with this invoice number (INV-...), or else this order id.
 *
 * @throws a `PosError` with code `not_found` when neither exists.
 */
export async function findOrder(pos: Pos, id: string): Promise<Order> {
  const key = id.trim();
  try {
    return await pos.api.getOrder({ invoice_id: key });
  } catch (error) {
    if (!isPosError(error) || error.code !== 'not_found') throw error;
    return pos.api.getOrder({ order_id: key });
  }
}
