import {
  type CartItem,
  fromRinggit,
  grossAmount,
  type Order,
  type PaymentType,
  paidWith,
  type Sen,
  sumSen,
  ZERO,
} from 'pos-sdk';

/** One 'Paid with {method}' row of the invoice summary. */
export interface TenderRow {
  readonly type: PaymentType;
  /** 'Paid with CASH'. */
  readonly label: string;
  readonly amount: Sen;
}

/** The invoice modal's summary rows (spec section 2): SUBTOTAL, DISCOUNT, TOTAL, a row per tender, CHANGE. */
export interface InvoiceTotals {
  /** Unit price × quantity of every item, before discounts. */
  readonly subtotal: Sen;
  /** What the discounts took off. */
  readonly discount: Sen;
  /** What the customer paid for (the order's total_amount). */
  readonly total: Sen;
  readonly tenders: readonly TenderRow[];
  readonly change: Sen;
}

/** An order item's gross amount (unit price × quantity, the SDK's rule on sen). */
export function itemGross(item: CartItem): Sen {
  return grossAmount({ price: fromRinggit(item.price.value), quantity: item.quantity });
}

/** An order item's discount amount (ZERO without one). */
export function itemDiscount(item: CartItem): Sen {
  return item.discount ? fromRinggit(item.discount.amount) : ZERO;
}

/**
 * The summary of an invoice from the order the server answered (wire ringgit converted to sen once,
 * summed with the SDK's money functions).
 */
export function invoiceTotals(order: Order): InvoiceTotals {
  const { items, discount } = order.order_details.cart;
  return {
    subtotal: sumSen(items.map(itemGross)),
    discount: discount === undefined ? sumSen(items.map(itemDiscount)) : fromRinggit(discount),
    total: fromRinggit(order.total_amount),
    tenders: order.payment.methods.map((method) => ({
      type: method.type,
      label: paidWith(method.type),
      amount: fromRinggit(method.amount),
    })),
    change: fromRinggit(order.payment.change),
  };
}
