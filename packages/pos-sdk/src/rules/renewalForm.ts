import { multiplySen, type Sen, ZERO } from '../money';
import {
  type MemberDetailsContext,
  type MemberDetailsInput,
  type MemberDetailsValues,
  textOf,
  validateMemberDetails,
} from './memberDetails';
import { MESSAGES } from './messages';
import {
  checkPayment,
  computeChange,
  ENABLED_PAYMENT_TYPES,
  type EnabledPaymentType,
  isPaymentTypeEnabled,
  type Tender,
  tendersWithAmount,
} from './payment';
import type { FormResult } from './result';

/** The most months one renewal may buy (spec section 9). */
export const MAX_RENEWAL_MONTHS = 12;

/** The duration unit for which the renewal quantity is selectable. */
export const MONTH_UNIT = 'Month';

/** The Renewal Checkout form as typed: the member's details, the payment type and the months. */
export interface RenewalFormInput extends MemberDetailsInput {
  readonly payment_type: string | null | undefined;
  readonly quantity: string | number | null | undefined;
}

/** What the form needs to know about the membership and the moment. */
export interface RenewalFormContext extends MemberDetailsContext {
  /** The pass variant's duration unit ('Month' or other). */
  readonly durationUnit: string;
  /** The unit price (the pass's first price entry). */
  readonly price: Sen;
}

/** Validated renewal values: the member's details, the tender and the months. */
export interface RenewalFormValues extends MemberDetailsValues {
  readonly payment_type: EnabledPaymentType;
  readonly quantity: number;
  /** price × quantity (read-only in the form). */
  readonly amount: Sen;
}

type Errors = Partial<Record<keyof RenewalFormInput, string>>;

/** The payment amount of a renewal: price value × quantity (spec section 5). */
export function renewalAmount(price: Sen, quantity: number): Sen {
  return multiplySen(price, quantity);
}

/** Quantity: 1 to 12 when the unit is Month, otherwise only 1. */
function readQuantity(input: RenewalFormInput['quantity'], durationUnit: string, errors: Errors): number {
  const text = textOf(input);
  if (text === '') {
    errors.quantity = MESSAGES.quantityRequired;
    return 0;
  }
  const quantity = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  const max = durationUnit === MONTH_UNIT ? MAX_RENEWAL_MONTHS : 1;
  if (!(quantity >= 1 && quantity <= max)) {
    errors.quantity = max === 1 ? MESSAGES.renewalQuantityOne : MESSAGES.renewalQuantityMonths;
  }
  return quantity;
}

/**
 * Validates the Renewal Checkout form (spec section 5, renewal form), every message word for
 * word: name, email (valid and required), country code (required; only 60), phone (required,
 * digits only), birth date (required, not in the future), payment type (required; GIFT CARD is
 * disabled) and quantity (required; 1 to 12 when the unit is Month, otherwise 1).
 */
export function validateRenewalForm(
  input: RenewalFormInput,
  context: RenewalFormContext,
): FormResult<RenewalFormValues, RenewalFormInput> {
  const member = validateMemberDetails(input, context);
  const errors: Errors = member.ok ? {} : { ...member.errors };

  const paymentType = textOf(input.payment_type);
  if (paymentType === 'GIFT CARD') errors.payment_type = MESSAGES.giftCardUnavailable;
  else if (!isPaymentTypeEnabled(paymentType)) errors.payment_type = MESSAGES.paymentTypeRequired; // none chosen too

  const quantity = readQuantity(input.quantity, context.durationUnit, errors);

  if (Object.keys(errors).length > 0 || !member.ok || !isPaymentTypeEnabled(paymentType)) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      ...member.value,
      payment_type: paymentType,
      quantity,
      amount: renewalAmount(context.price, quantity),
    },
  };
}

/** The amounts typed per payment method in a split renewal, as text (`'50'`, `'12.50'`, `''`). */
export type RenewalTenderInput = { readonly [K in EnabledPaymentType]?: string };

/** How a renewal is paid: the tenders, what they add up to, the change and any refusal. */
export interface RenewalPayment {
  /** The renewal's amount (price × quantity). */
  readonly amount: Sen;
  /** The tenders sent: one per method with an amount (the payment type's first). */
  readonly tenders: readonly Tender[];
  readonly paid: Sen;
  /** Change to give back in cash (ZERO when short). */
  readonly change: Sen;
  /** How much is missing (ZERO when not short). */
  readonly shortBy: Sen;
  /** Why the payment cannot go through ('Payment is short by RM 10.00', change beyond the cash), or null. */
  readonly refusal: string | null;
  /** A method's amount that is not an amount, by method. */
  readonly errors: Readonly<Partial<Record<EnabledPaymentType, string>>>;
}

/**
 * The payment of a renewal, as the payment screen takes a sale's: with no amounts typed, the payment type pays the
 * exact amount (the spec's form); with amounts typed, each method pays what was typed, the change is given in cash
 * and never exceeds the cash tendered, and a short payment is refused ('Payment is short by RM {x}').
 */
export function renewalPayment(
  amount: Sen,
  paymentType: string,
  input: RenewalTenderInput | undefined,
): RenewalPayment {
  const typed = ENABLED_PAYMENT_TYPES.filter((type) => textOf(input?.[type]) !== '');
  if (typed.length === 0) {
    const tenders = isPaymentTypeEnabled(paymentType) ? [{ type: paymentType, amount }] : [];
    return { amount, tenders, paid: amount, change: ZERO, shortBy: ZERO, refusal: null, errors: {} };
  }
  // The payment type's amount first, then the others in the screen's order.
  const order = [
    ...ENABLED_PAYMENT_TYPES.filter((type) => type === paymentType),
    // Stryker disable next-line MethodExpression,ConditionalExpression: the payment type again sets its own amount again, in its place
    ...ENABLED_PAYMENT_TYPES.filter((type) => type !== paymentType),
  ];
  const errors: Partial<Record<EnabledPaymentType, string>> = {};
  let tenders: Tender[] = [];
  for (const type of order) {
    // Stryker disable next-line OptionalChaining: some amount was typed, so there is an input
    const next = tendersWithAmount(tenders, type, input?.[type]);
    if (next.ok) tenders = next.value;
    else errors[type] = next.message;
  }
  const checked = checkPayment(amount, tenders);
  const summary = computeChange(amount, tenders);
  return {
    amount,
    tenders,
    paid: summary.paid,
    change: summary.isShort ? ZERO : summary.change,
    shortBy: summary.shortBy,
    refusal: checked.ok ? null : checked.message,
    errors,
  };
}
