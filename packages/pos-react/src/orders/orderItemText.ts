import { type CartItem, type Discount, formatRM, fromRinggit } from 'pos-sdk';

/** An order item's name as the cart shows it: 'Day Pass - Adult', 'Grip Socks - M'. */
export function orderItemLabel(item: Pick<CartItem, 'name' | 'group'>): string {
  const group = item.group?.trim();
  return group && !item.name.includes(group) ? `${item.name} - ${group}` : item.name;
}

/** The discount note under an item's name: '10% discount (Max Manager)', 'RM 5.00 discount (Max Manager)'. */
export function orderDiscountNote(discount: Discount): string {
  const size = discount.type === 'percentage' ? `${discount.value}%` : formatRM(fromRinggit(discount.amount));
  const approver = discount.approver_name ?? discount.approver;
  return `${size} discount (${approver})`;
}
