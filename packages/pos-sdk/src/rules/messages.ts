import { formatAmount, type Sen } from '../money';

/**
 * Every user-facing text of the product, in one place, so UI, CLI and server say the same thing.
 * Texts under "spec" are word for word from the specification (messages.txt); the others fill
 * gaps the spec leaves (it names the rule but not the words).
 */
export const MESSAGES = {
  /** The browser has no cash drawer (Open Drawer on a plain browser; not in the spec). */
  noCashDrawer: 'No cash drawer is connected to this browser',
  // --- spec: warnings and validation (sections 2, 5, 8) ---
  cartEmptyTitle: 'Shopping Cart Empty',
  cartEmpty: 'No item to checkout',
  renewalNotInCart: 'Membership renewal needs to be process independently.',
  oneMembershipOnly: 'Only 1 membership item is allowed in the cart!',
  membershipQuantityOne: 'Membership passes can only have quantity of 1',
  onlyNumbers: 'Only numbers allowed',
  emailNotValid: 'The input is not valid E-mail!',
  passwordRequired: 'Please input your Password!',
  invalidEmailFormat: 'Invalid email format',
  customerEmailRequired:
    'Order contained item with multiple punches or membership, customer email is required!',
  confirmNoCustomerEmail: 'Confirm NOT entering customer email?',
  insufficientAmount: 'Insufficient Amount',
  enterZeroIfEmpty: 'Please enter 0 if empty',
  amountPattern: 'Value can be 0 or positive number up to 2 decimals',
  // --- not in the spec: a payment method's amount entry that is no amount (it keeps what it had) ---
  tenderNotAnAmount: 'Enter the amount in ringgit with at most 2 decimals, e.g. 50 or 12.50',
  tenderTooLarge: 'The amount can be at most RM 10000000.00',
  nameRequired: 'Name is required!',
  emailRequired: 'Please input your E-mail!',
  countryCodeRequired: 'Country code is required',
  phoneRequired: 'Phone number is required',
  dateRequired: 'Please select a date!',
  paymentTypeRequired: 'Payment type is required',
  quantityRequired: 'Quantity is required',
  // --- spec: errors and success toasts (section 8) ---
  serverNotResponding: 'Server not responding',
  /** A money call (checkout, renewal, refund, cancel) is sent again with the same key after no answer. */
  stillTrying: 'Server not responding: trying again, the sale is kept',
  failedToRetrieveOrders: 'Failed to retrieve orders',
  checkoutCompleted: 'Checkout completed',
  orderUpdated: 'Order updated successfully',
  membershipRenewed: 'Membership renewed successfully',
  photoRegistered: 'Photo successfully registered',
  ticketRedeemed: 'Ticket redemption successful',
  // --- spec: prompt and dialog titles (sections 2, 4) ---
  scanPass: 'Scan Pass',
  invoiceId: 'Invoice ID',
  refundReason: 'Refund Reason',
  lookupMembership: 'Lookup Membership',
  emailAddress: 'Email Address',
  customerEmail: 'Customer Email',
  newShift: 'New Shift',
  // --- our words for rules the spec states without a message ---
  customerEmailNote: 'The email is used to send an electronic copy of purchased passes and the receipt.',
  invalidQuantity: 'Quantity must be a positive whole number',
  quantityTooLarge: 'Quantity cannot be more than 999',
  itemNotInCart: 'This item is not in the cart',
  passHasNoPrice: 'This pass has no price',
  discountValueRequired: 'Please enter the discount value',
  discountTypeRequired: 'Please select the discount type',
  approverRequired: 'Please select the approver',
  pinRequired: 'Please enter the PIN',
  discountNotPositive: 'Discount must be more than 0',
  discountOver100: 'Percentage discount cannot be more than 100%',
  discountExceedsAmount: 'Discount cannot exceed the item amount',
  giftCardUnavailable: 'GIFT CARD is not available',
  /** Change is cash from the drawer: card and e-wallet are never charged more than is due. */
  changeExceedsCash: 'Change is given in cash: only the cash amount may be more than the total',
  floatBelowZero: 'Float cannot bring the drawer below RM 0.00',
  passIdRequired: 'Please enter the pass ID',
  invoiceIdRequired: 'Please enter the invoice ID',
  // not in the spec: the contract's limits, said on the field
  passIdTooLong: 'The pass ID has at most 200 characters',
  invoiceIdTooLong: 'The invoice ID has at most 200 characters',
  refundReasonTooLong: 'The refund reason has at most 1000 characters',
  refundReasonRequired: 'Please enter the refund reason',
  refundNotToday: 'Only orders from today can be refunded',
  refundNotPaid: 'Only PAID orders can be refunded',
  refundNoInvoice: 'This order has no invoice',
  ticketRedeemNotAllowed: 'This ticket cannot be redeemed',
  countryCodeOnly60: 'Only country code 60 is supported',
  birthDateInFuture: 'Birth date cannot be in the future',
  renewalQuantityMonths: 'Quantity must be from 1 to 12',
  renewalQuantityOne: 'Quantity can only be 1',
  /**
   * 409 of a keyed call whose first request (same Idempotency-Key) is still running: the SDK retries it with the
   * same key and backoff, so a cashier does not see it.
   */
  requestInProgress: 'Request in progress',
} as const;

/** Key of a fixed text in {@link MESSAGES}. */
export type MessageKey = keyof typeof MESSAGES;

/** 'Added {qty} x {name} to cart' (success toast). */
export function addedToCart(qty: number, name: string): string {
  return `Added ${qty} x ${name} to cart`;
}

/** 'Payment is short by RM {x}', x with 2 decimals ('Payment is short by RM 12.00'). */
export function paymentShortBy(amount: Sen): string {
  return `Payment is short by RM ${formatAmount(amount)}`;
}

/** 'Quantity for {name} has to be at least {min_qty}'. */
export function quantityAtLeast(name: string, minQty: number): string {
  return `Quantity for ${name} has to be at least ${minQty}`;
}

/** 'Reprinting invoice {id}' (toast). */
export function reprintingInvoice(id: string): string {
  return `Reprinting invoice ${id}`;
}

/** 'Paid with {method}' (invoice summary row). */
export function paidWith(method: string): string {
  return `Paid with ${method}`;
}

/** 'Ticket is {status}' : why a ticket that is not Active cannot be redeemed. */
export function ticketIs(status: string): string {
  return `Ticket is ${status}`;
}

/** 'No product with code {code}': a scanned or typed product code that is not in the catalogue (not in the spec). */
export function productNotFound(code: string): string {
  return `No product with code ${code.trim()}`;
}
