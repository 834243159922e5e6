import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { EinvoiceBuyer, Receipt } from '../contract';
import type { Sen } from '../money';
import type { CustomerEmailCheck } from '../rules/customerEmail';
import type { EnabledPaymentType } from '../rules/payment';

/** The payment methods that take money: the rules' enabled payment types (GIFT CARD is shown but disabled). */
export type TenderType = EnabledPaymentType;

/** The amount entered per method. */
export type Tenders = Readonly<Record<TenderType, Sen>>;

/** What `checkout.submit` needs besides the cart and tenders. */
export interface SubmitInput {
  /** The customer email ('' for none). */
  readonly email: string;
  /** The cashier answered 'Confirm NOT entering customer email?' with yes. */
  readonly confirmedNoEmail?: boolean;
  /**
   * The buyer of the sale's own e-invoice (docs/einvoice.md), sent as the checkout's `buyer`: for a sale above
   * RM 10,000 the server issues an individual e-invoice to this buyer, or to the general public without one. Check it
   * first with `checkEinvoiceBuyer` (pos-sdk/rules) to show the problems in words; the server checks it again.
   */
  readonly buyer?: EinvoiceBuyer;
}

/**
 * The payment screen and checkout (spec sections 4 and 5). Tenders are persisted with the cart.
 * A checkout attempt keeps one idempotency key until it succeeds or the cart/tenders change, so a
 * retry after a failure or a timeout can never create a second order.
 */
export interface CheckoutService {
  readonly tenders: ReadonlySignal<Tenders>;
  /** Sum of the tenders. */
  readonly paid: ReadonlySignal<Sen>;
  /** paid − subtotal; negative when short. */
  readonly change: ReadonlySignal<Sen>;
  readonly isShort: ReadonlySignal<boolean>;
  /** How much is missing (ZERO when not short). */
  readonly shortBy: ReadonlySignal<Sen>;
  /** The customer email last entered; until one is, the email of the member of the cart's Membership item. */
  readonly customerEmail: ReadonlySignal<string>;
  /** True while a checkout is in flight (a second submit is refused). */
  readonly submitting: ReadonlySignal<boolean>;
  /** The receipt of the last successful checkout. */
  readonly lastReceipt: ReadonlySignal<Receipt | null>;
  /** The idempotency key of the pending attempt, or `null` when none is pending. */
  readonly pendingKey: ReadonlySignal<string | null>;
  /**
   * Sets a method's amount from the amount entry: a positive number sets it; empty or non-positive
   * resets it to 0. @returns the amount set. @throws `RuleError` for GIFT CARD, and for text that is no
   * amount (letters, a thousands comma, more than 2 decimals, beyond RM 10,000,000): the method keeps
   * what it had.
   */
  setTender(type: TenderType | 'GIFT CARD', input: string): Sen;
  /** Resets every tender to 0. */
  clearTenders(): void;
  /** Remembers the customer email entered in the 'Customer Email' modal. */
  setCustomerEmail(email: string): void;
  /** The customer email rule for the current cart: `ok`, `invalid`, `required` or `confirm`. */
  checkEmail(email: string): CustomerEmailCheck;
  /**
   * Checks out: refuses an empty cart ('Shopping Cart Empty' / 'No item to checkout'), a short
   * payment ('Insufficient Amount' / 'Payment is short by RM {x}') and the email outcomes, each as
   * a warning notice and a thrown `RuleError`; then calls checkout with the attempt's key.
   * On success: cart and tenders emptied, `sale` printed, drawer opened when CASH was tendered,
   * 'Checkout completed'. On failure: cart and tenders unchanged, error notice, rethrown.
   * `options.signal` aborts it (a `PosError` with code `'aborted'`, no notice): the cart, tenders and the attempt's
   * key stay, so submitting again sends the same `Idempotency-Key` and the sale is booked at most once.
   */
  submit(input: SubmitInput, options?: CallOptions): Promise<Receipt>;
  /**
   * The checks `submit` starts with, before the 'Customer Email' question: refuses an empty cart
   * ('Shopping Cart Empty' / 'No item to checkout') and a short payment ('Insufficient Amount' /
   * 'Payment is short by RM {x}') with a warning notice. @returns whether checkout may go on.
   */
  checkPayment(): boolean;
}
