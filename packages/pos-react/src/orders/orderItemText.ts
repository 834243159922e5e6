import { type CartItem, itemTitle } from 'pos-sdk';

/** An order item's name as the cart shows it: 'Day Pass - Adult', 'Grip Socks - M' (pos-sdk `itemTitle`). */
export function orderItemLabel(item: Pick<CartItem, 'name' | 'group'>): string {
  return itemTitle(item);
}
