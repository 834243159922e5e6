import { multiplySen, type Sen } from '../money';
import { isEmail } from './email';
import { type Instant, timeOf } from './instant';
import { MESSAGES } from './messages';
import { type EnabledPaymentType, isPaymentTypeEnabled } from './payment';
import type { FormResult } from './result';
import { DEFAULT_TIMEZONE, venueDate } from './venueDay';

/** Country codes the renewal form offers (spec section 9: 60). */
export const COUNTRY_CODES = ['60'] as const;

/** The most months one renewal may buy (spec section 9). */
export const MAX_RENEWAL_MONTHS = 12;

/** The duration unit for which the renewal quantity is selectable. */
export const MONTH_UNIT = 'Month';

/** The Renewal Checkout form as typed. */
export interface RenewalFormInput {
  readonly name: string | null | undefined;
  readonly email: string | null | undefined;
  readonly country_code: string | number | null | undefined;
  readonly phone: string | null | undefined;
  /** 'YYYY-MM-DD' or an instant (its venue date counts). */
  readonly dob: Instant | null | undefined;
  readonly payment_type: string | null | undefined;
  readonly quantity: string | number | null | undefined;
}

/** What the form needs to know about the membership and the moment. */
export interface RenewalFormContext {
  /** The pass variant's duration unit ('Month' or other). */
  readonly durationUnit: string;
  /** The unit price (the pass's first price entry). */
  readonly price: Sen;
  readonly now: Instant;
  readonly timeZone?: string;
}

/** Validated renewal values, shaped like the spec's member. */
export interface RenewalFormValues {
  readonly name: string;
  readonly email: string;
  readonly phone: { readonly country_code: string; readonly number: string };
  /** 'YYYY-MM-DD'. */
  readonly dob: string;
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

/** Trimmed text of an optional field. */
function textOf(input: string | number | null | undefined): string {
  return input === null || input === undefined ? '' : String(input).trim();
}

/** The birth date as 'YYYY-MM-DD' in venue time, or undefined when missing or unreadable. */
function readDate(input: Instant | null | undefined, timeZone: string): string | undefined {
  if (input === null || input === undefined || input === '') return undefined;
  if (typeof input === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(input)) {
    const day = new Date(`${input}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(input) ? input : undefined;
  }
  return Number.isNaN(timeOf(input)) ? undefined : venueDate(input, timeZone);
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
  const errors: Errors = {};
  const name = textOf(input.name);
  if (name === '') errors.name = MESSAGES.nameRequired;

  const email = textOf(input.email);
  if (email === '') errors.email = MESSAGES.emailRequired;
  else if (!isEmail(email)) errors.email = MESSAGES.emailNotValid;

  const countryCode = textOf(input.country_code).replace(/^\+/, '');
  if (countryCode === '') errors.country_code = MESSAGES.countryCodeRequired;
  else if (!(COUNTRY_CODES as readonly string[]).includes(countryCode)) {
    errors.country_code = MESSAGES.countryCodeOnly60;
  }

  const phone = textOf(input.phone);
  if (phone === '') errors.phone = MESSAGES.phoneRequired;
  else if (!/^\d+$/.test(phone)) errors.phone = MESSAGES.onlyNumbers;

  const timeZone = context.timeZone ?? DEFAULT_TIMEZONE;
  const dob = readDate(input.dob, timeZone);
  if (dob === undefined) errors.dob = MESSAGES.dateRequired;
  else if (dob > venueDate(context.now, timeZone)) errors.dob = MESSAGES.birthDateInFuture;

  const paymentType = textOf(input.payment_type);
  if (paymentType === '') errors.payment_type = MESSAGES.paymentTypeRequired;
  else if (paymentType === 'GIFT CARD') errors.payment_type = MESSAGES.giftCardUnavailable;
  else if (!isPaymentTypeEnabled(paymentType)) errors.payment_type = MESSAGES.paymentTypeRequired;

  const quantity = readQuantity(input.quantity, context.durationUnit, errors);

  if (Object.keys(errors).length > 0 || dob === undefined || !isPaymentTypeEnabled(paymentType)) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    value: {
      name,
      email,
      phone: { country_code: countryCode, number: phone },
      dob,
      payment_type: paymentType,
      quantity,
      amount: renewalAmount(context.price, quantity),
    },
  };
}
