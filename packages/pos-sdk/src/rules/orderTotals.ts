import { fromRinggit, type Sen, sumSen, ZERO } from '../money';
import { grossAmount } from './lineAmount';

/** The fields of an order item (wire ringgit, spec section 3) that its invoice amounts are made of. */
export interface RuleOrderItem {
  readonly price: { readonly value: number };
  readonly quantity: number;
  readonly discount?: { readonly amount: number } | null | undefined;
}

/** An order's cart as the invoice reads it: its items and, when the server sent it, the discount total. */
export interface RuleOrderCart {
  readonly items: readonly RuleOrderItem[];
  readonly discount?: number | undefined;
}

/** The SUBTOTAL and DISCOUNT rows of an invoice, in sen. */
export interface OrderTotals {
  /** Unit price × quantity of every item, before discounts. */
  readonly subtotal: Sen;
  /** What the discounts took off. */
  readonly discount: Sen;
}

/** An order item's unit price × quantity, before its discount, in sen. */
export function orderItemGross(item: RuleOrderItem): Sen {
  return grossAmount({ price: fromRinggit(item.price.value), quantity: item.quantity });
}

/** An order item's discount amount in sen (ZERO without one). */
export function orderItemDiscount(item: RuleOrderItem): Sen {
  return item.discount ? fromRinggit(item.discount.amount) : ZERO;
}

/**
 * The invoice's SUBTOTAL (before discounts) and DISCOUNT of an order's cart (spec section 2, invoice
 * summary): the cart's `discount` when present, else the sum of the items' discounts.
 *
 * @example orderTotals(order.order_details.cart) // { subtotal: 11300, discount: 980 }
 */
export function orderTotals(cart: RuleOrderCart): OrderTotals {
  return {
    subtotal: sumSen(cart.items.map(orderItemGross)),
    discount:
      cart.discount === undefined ? sumSen(cart.items.map(orderItemDiscount)) : fromRinggit(cart.discount),
  };
}
