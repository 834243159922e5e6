import type { CartItem } from 'pos-sdk';

/** An order item's name as the cart shows it: 'Day Pass - Adult', 'Grip Socks - M'. */
export function orderItemLabel(item: Pick<CartItem, 'name' | 'group'>): string {
  const group = item.group?.trim();
  return group && !item.name.includes(group) ? `${item.name} - ${group}` : item.name;
}
