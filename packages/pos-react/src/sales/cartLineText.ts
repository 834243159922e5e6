import { formatRM, type PosCartItem, type PosDiscount } from 'pos-sdk';

/** A cart line's name as the cart shows it: 'Day Pass - Adult', 'Grip Socks - M'. */
export function lineLabel(item: Pick<PosCartItem, 'name' | 'group'>): string {
  return item.group ? `${item.name} - ${item.group}` : item.name;
}

/** The discount note under a line's name: '10% discount (Max Manager)', 'RM 5.00 discount (Max Manager)'. */
export function discountNote(discount: PosDiscount): string {
  const size = discount.type === 'percentage' ? `${discount.value}%` : formatRM(discount.amount);
  return discount.approver_name ? `${size} discount (${discount.approver_name})` : `${size} discount`;
}
