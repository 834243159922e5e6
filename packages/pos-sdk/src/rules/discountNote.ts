import { formatRM, fromRinggit } from '../money';

/** The discount fields a note is made of: a cart line's (`PosDiscount`) or an order item's (`Discount`). */
export interface NotedDiscount {
  readonly type: 'amount' | 'percentage';
  /** Ringgit (`amount`) or percent (`percentage`), as on the wire: 2 decimals at most. */
  readonly value: number;
  /** The approver's `_id`; shown when the name is unknown. */
  readonly approver?: string | undefined;
  /** The approver's display name. */
  readonly approver_name?: string | undefined;
}

/**
 * The discount note of an item (spec section 2, "item (with a discount note)"), worded the same on
 * the cart, the invoice, the printed receipt, the CLI and the emailed receipt:
 * `10% discount (Max Manager)` or `RM 5.00 discount (Max Manager)`; without an approver, `10% discount`.
 *
 * @example discountNote({ type: 'amount', value: 5, approver_name: 'Max Manager' }) // 'RM 5.00 discount (Max Manager)'
 */
export function discountNote(discount: NotedDiscount): string {
  const size = discount.type === 'percentage' ? `${discount.value}%` : formatRM(fromRinggit(discount.value));
  const approver = discount.approver_name ?? discount.approver;
  return approver ? `${size} discount (${approver})` : `${size} discount`;
}
