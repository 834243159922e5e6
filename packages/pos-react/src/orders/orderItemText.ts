import type { CartItem } from 'pos-sdk/contract';
import { itemTitle } from 'pos-sdk/rules';

/** An order item's name as the cart shows it: 'Day Pass - Adult', 'Grip Socks - M' (pos-sdk `itemTitle`). */
export function orderItemLabel(item: Pick<CartItem, 'name' | 'group'>): string {
  return itemTitle(item);
}
