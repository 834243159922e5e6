import { formatRM, fromRinggit } from 'pos-sdk';

/** The discount fields a note is made of (a cart line's or an order item's). */
export interface NotedDiscount {
  readonly type: 'amount' | 'percentage';
  readonly value: number;
  readonly approver: string;
  readonly approver_name?: string | undefined;
}

/**
 * The discount note of an item, as the receipt words it: `10% discount (Max Manager)` or
 * `RM 5.00 discount (Max Manager)`.
 */
export function discountNote(discount: NotedDiscount): string {
  const what = discount.type === 'percentage' ? `${discount.value}%` : formatRM(fromRinggit(discount.value));
  return `${what} discount (${discount.approver_name ?? discount.approver})`;
}
