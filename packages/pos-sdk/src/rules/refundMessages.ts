import { formatRM, type Sen, sen } from '../money';

/** How a refund tender's method is named in the give-back message: CASH, CARD, E-WALLET. */
export const REFUND_METHOD_LABELS = {
  CASH: 'CASH',
  'CREDIT CARD': 'CARD',
  'E-WALLET': 'E-WALLET',
} as const;

/** The texts of refunds by line: the server's refusals, the UI's and the CLI's labels. */
export const REFUND_MESSAGES = {
  /** Every line of the order is refunded already. */
  nothingLeft: 'Nothing is left to refund on this order',
  /** A selection that names no unit (quantity 0 or no line). */
  nothingChosen: 'Choose at least one item to refund',
  /** A membership renewal is one thing: it is refunded whole. */
  renewalWhole: 'A membership renewal can only be refunded whole',
  /** A pass unit that has been redeemed (used) at least once. */
  usedPass: 'A used pass cannot be refunded by a cashier',
  /** The invoice dialog's title of the line picker. */
  chooseLines: 'Choose the items to refund',
  /** The line picker's column of units to refund. */
  quantityToRefund: 'Refund qty',
  /** cancel_order of an order refunded in part. */
  partlyRefundedNoCancel: 'An order refunded in part cannot be canceled: refund the rest instead',
  /** The order is PAID with some lines refunded. */
  partlyRefunded: 'PARTLY REFUNDED',
} as const;

/** `No item DAY-ADULT on this order`. */
export function refundLineUnknown(sku: string): string {
  return `No item ${sku} on this order`;
}

/** `Only 1 x DAY-ADULT can be refunded`. */
export function refundQuantityTooLarge(sku: string, left: number): string {
  return left === 0 ? `${sku} is refunded already` : `Only ${left} x ${sku} can be refunded`;
}

/** `The refund tenders must add up to RM 15.00`. */
export function refundTendersMustAddUp(amount: Sen): string {
  return `The refund tenders must add up to ${formatRM(amount)}`;
}

/** `At most RM 5.00 can be given back by CARD`. */
export function refundTenderTooLarge(method: keyof typeof REFUND_METHOD_LABELS, most: Sen): string {
  return `At most ${formatRM(most)} can be given back by ${REFUND_METHOD_LABELS[method]}`;
}

/**
 * What the cashier hands back: 'Give back RM 10.00 by CASH', and for several methods
 * 'Give back RM 10.00 by CASH and RM 5.00 by CARD' (three: 'Give back RM 1.00 by CARD, RM 2.00 by E-WALLET and
 * RM 3.00 by CASH'), in the order given.
 *
 * @example giveBack([{ type: 'CASH', amount: sen(1000) }]) // 'Give back RM 10.00 by CASH'
 */
export function giveBack(
  tenders: readonly { readonly type: keyof typeof REFUND_METHOD_LABELS; readonly amount: Sen }[],
): string {
  const parts = tenders.map((tender) => `${formatRM(tender.amount)} by ${REFUND_METHOD_LABELS[tender.type]}`);
  if (parts.length === 0) return `Give back ${formatRM(sen(0))}`;
  const last = parts.pop();
  return parts.length === 0 ? `Give back ${last}` : `Give back ${parts.join(', ')} and ${last}`;
}
