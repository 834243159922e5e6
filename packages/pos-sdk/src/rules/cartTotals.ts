import { type Sen, sumSen } from '../money';
import type { RuleCartItem } from './cartItem';
import { lineAmount } from './lineAmount';

/** Cart totals of spec section 3: items, subtotal and num_items. */
export interface CartTotals<T extends RuleCartItem = RuleCartItem> {
  readonly items: readonly T[];
  /** The sum of the line amounts (after discounts), exact to the sen. */
  readonly subtotal: Sen;
  /** The sum of the quantities. */
  readonly num_items: number;
}

/** Computes the cart totals: subtotal = sum of line amounts, num_items = sum of quantities. */
export function cartTotals<T extends RuleCartItem>(items: readonly T[]): CartTotals<T> {
  return {
    items,
    subtotal: sumSen(items.map(lineAmount)),
    num_items: items.reduce((count, item) => count + item.quantity, 0),
  };
}
