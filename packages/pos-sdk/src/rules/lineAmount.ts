import { multiplySen, type Sen, subtractSen } from '../money';
import type { RuleCartItem } from './cartItem';

/** Unit price × quantity, before any discount. */
export function grossAmount(item: Pick<RuleCartItem, 'price' | 'quantity'>): Sen {
  return multiplySen(item.price, item.quantity);
}

/** The amount of a cart line: price × quantity − discount amount (spec section 2, amount column). */
export function lineAmount(item: Pick<RuleCartItem, 'price' | 'quantity' | 'discount'>): Sen {
  const gross = grossAmount(item);
  return item.discount ? subtractSen(gross, item.discount.amount) : gross;
}
