import type { Order, PaymentType } from 'pos-sdk/contract';
import { paidWith } from 'pos-sdk/messages';
import { fromRinggit, type Sen } from 'pos-sdk/money';
import { orderTaxRows, orderTotals, type TaxRow } from 'pos-sdk/rules';

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
  /** The tax by code as sold (none for an order without tax). */
  readonly taxRows: readonly TaxRow[];
  /** What the customer paid for (the order's total_amount). */
  readonly total: Sen;
  readonly tenders: readonly TenderRow[];
  readonly change: Sen;
}

/**
 * The summary of an invoice from the order the server answered: SUBTOTAL and DISCOUNT by the SDK's
 * `orderTotals` rule, the other rows converted from wire ringgit to sen once.
 */
export function invoiceTotals(order: Order): InvoiceTotals {
  const { subtotal, discount } = orderTotals(order.order_details.cart);
  return {
    subtotal,
    discount,
    taxRows: orderTaxRows(order.order_details.cart),
    total: fromRinggit(order.total_amount),
    tenders: order.payment.methods.map((method) => ({
      type: method.type,
      label: paidWith(method.type),
      amount: fromRinggit(method.amount),
    })),
    change: fromRinggit(order.payment.change),
  };
}
