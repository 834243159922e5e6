import { MAX_RINGGIT } from '../contract/primitives';
import { absSen, isNegative, parseRinggit, type Sen, sen, subtractSen, sumSen, ZERO } from '../money';
import { MESSAGES, paymentShortBy } from './messages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** The payment method boxes of the payment screen, in screen order (spec sections 2 and 9). */
export const PAYMENT_TYPES = ['CASH', 'CREDIT CARD', 'E-WALLET', 'GIFT CARD'] as const;

/**
 * A payment method shown on the payment screen. Not re-exported by the rules barrel: the
 * contract's `PaymentType` is the same union and is the public one.
 */
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The methods that take money (GIFT CARD is shown but disabled). */
export const ENABLED_PAYMENT_TYPES = ['CASH', 'CREDIT CARD', 'E-WALLET'] as const;

/** A payment method that can take money. */
export type EnabledPaymentType = (typeof ENABLED_PAYMENT_TYPES)[number];

/** Is the payment method enabled (CASH, CREDIT CARD, E-WALLET; not GIFT CARD)? */
export function isPaymentTypeEnabled(type: string): type is EnabledPaymentType {
  return (ENABLED_PAYMENT_TYPES as readonly string[]).includes(type);
}

/** An amount tendered with one method (the checkout payload's `payment.methods` entry, in sen). */
export interface Tender {
  readonly type: EnabledPaymentType;
  readonly amount: Sen;
}

/** The amount entered for a method (ZERO when none). */
export function tenderAmount(tenders: readonly Tender[], type: PaymentType): Sen {
  return tenders.find((tender) => tender.type === type)?.amount ?? ZERO;
}

/** The largest amount one method takes: the contract's bound on money (RM 10,000,000.00). */
const MAX_TENDER = sen(MAX_RINGGIT * 100);

/** Text that reads as a number of ringgit, whatever its decimals: `12`, `-3.5`, `0.999`. */
const NUMBER_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * Reads an amount entry: a positive ringgit amount with up to 2 decimals; undefined for empty text or a number not
 * above 0 (both reset the method); a refusal for text that is no such amount (`25O`, `1,000`, `1e2`, `10.999`,
 * beyond RM 10,000,000), so a typo never wipes a tender already entered.
 */
function readTenderAmount(input: string | number | null | undefined): RuleResult<Sen | undefined> {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: 'null' and 'undefined' are no amount either
  if (input === null || input === undefined) return ok(undefined);
  const text = String(input).trim();
  if (text === '') return ok(undefined);
  if (!NUMBER_TEXT.test(text)) return refuse(RULE_CODES.invalid_amount, MESSAGES.tenderNotAnAmount);
  // A number not above 0 resets the method (spec), whatever its decimals: '-1.234', '0.000'.
  if (text.startsWith('-') || !/[1-9]/.test(text)) return ok(undefined);
  // A number (NUMBER_TEXT above) with a third decimal: refused, not rounded.
  if (/\.\d{3}/.test(text)) return refuse(RULE_CODES.invalid_amount, MESSAGES.tenderNotAnAmount);
  const amount = parseRinggit(text); // undefined here: more digits than any amount
  if (amount === undefined || amount > MAX_TENDER)
    return refuse(RULE_CODES.invalid_amount, MESSAGES.tenderTooLarge);
  return ok(amount);
}

/**
 * Checks an amount entry before it is set (the amount dialog's field check): the text as typed when `tendersWithAmount`
 * takes it (an amount, empty, or not above 0), else its refusal ('Enter the amount in ringgit with at most 2
 * decimals, e.g. 50 or 12.50').
 */
export function validateTenderAmount(input: string): RuleResult<string> {
  const read = readTenderAmount(input);
  return read.ok ? ok(input) : read;
}

/**
 * Sets a method's amount from the amount-entry modal (spec section 5, payment amount entry):
 * a positive number sets it; empty or non-positive input resets it to 0. Text that is no amount
 * (letters, a thousands comma, more than 2 decimals, beyond RM 10,000,000) is refused and the
 * method keeps what it had.
 * A method at 0 is left out of the list, so the list is ready for `payment.methods`.
 * Refuses GIFT CARD, which is disabled.
 */
export function tendersWithAmount(
  tenders: readonly Tender[],
  type: PaymentType,
  input: string | number | null | undefined,
): RuleResult<Tender[]> {
  if (!isPaymentTypeEnabled(type)) {
    return refuse(RULE_CODES.payment_type_disabled, MESSAGES.giftCardUnavailable);
  }
  const read = readTenderAmount(input);
  if (!read.ok) return read;
  const amount = read.value;
  if (amount === undefined) return ok(tenders.filter((tender) => tender.type !== type));
  if (!tenders.some((tender) => tender.type === type)) return ok([...tenders, { type, amount }]);
  return ok(tenders.map((tender) => (tender.type === type ? { type, amount } : tender)));
}

/** Paid, change and shortfall of a payment. */
export interface PaymentChange {
  /** The sum of the method amounts. */
  readonly paid: Sen;
  /** paid − subtotal; negative means short (spec section 4). */
  readonly change: Sen;
  readonly isShort: boolean;
  /** How much is missing (ZERO when not short). */
  readonly shortBy: Sen;
}

/** change = sum of method amounts − subtotal (spec section 4, payment). */
export function computeChange(subtotal: Sen, tenders: readonly { readonly amount: Sen }[]): PaymentChange {
  const paid = sumSen(tenders.map((tender) => tender.amount));
  const change = subtractSen(paid, subtotal);
  const isShort = isNegative(change);
  return { paid, change, isShort, shortBy: isShort ? absSen(change) : ZERO };
}

/**
 * Checkout is blocked when short (spec section 5): the warning 'Insufficient Amount' /
 * 'Payment is short by RM {x}'. Change is handed back in cash from the drawer, so it may not exceed the cash
 * tendered: card and e-wallet are charged at most what is due ('Insufficient Amount' is not the refusal then, but
 * {@link MESSAGES.changeExceedsCash}). Tenders without a type are taken as cash.
 */
export function checkPayment(
  subtotal: Sen,
  tenders: readonly { readonly amount: Sen; readonly type?: string }[],
): RuleResult<PaymentChange> {
  const result = computeChange(subtotal, tenders);
  if (result.isShort) {
    return refuse(RULE_CODES.payment_short, paymentShortBy(result.shortBy), MESSAGES.insufficientAmount);
  }
  const cash = sumSen(
    tenders.filter((tender) => (tender.type ?? 'CASH') === 'CASH').map((tender) => tender.amount),
  );
  if (result.change > cash) return refuse(RULE_CODES.change_exceeds_cash, MESSAGES.changeExceedsCash);
  return ok(result);
}
