import { parseCalendarDate } from './calendarDate';
import { isEmail } from './email';
import { type Instant, timeOf } from './instant';
import { MESSAGES } from './messages';
import type { FormResult } from './result';
import { DEFAULT_TIMEZONE, venueDate } from './venueDay';

/** Country codes the renewal and member forms offer (spec section 9: 60). */
export const COUNTRY_CODES = ['60'] as const;

/** The member's details as typed: the member part of the Renewal Checkout form (spec section 5). */
export interface MemberDetailsInput {
  readonly name: string | null | undefined;
  readonly email: string | null | undefined;
  readonly country_code: string | number | null | undefined;
  readonly phone: string | null | undefined;
  /** 'YYYY-MM-DD' or an instant (its venue date counts). */
  readonly dob: Instant | null | undefined;
}

/** What the member rules need to know: the moment (a birth date cannot be in the future). */
export interface MemberDetailsContext {
  readonly now: Instant;
  readonly timeZone?: string;
}

/** Validated member details, shaped like the spec's member. */
export interface MemberDetailsValues {
  readonly name: string;
  readonly email: string;
  readonly phone: { readonly country_code: string; readonly number: string };
  /** 'YYYY-MM-DD'. */
  readonly dob: string;
}

/** Trimmed text of an optional field. */
export function textOf(input: string | number | null | undefined): string {
  return input === null || input === undefined ? '' : String(input).trim();
}

/**
 * The birth date as 'YYYY-MM-DD' in venue time, or undefined when missing or unreadable: typed as
 * 'DD-MM-YYYY' (the product's format) or 'YYYY-MM-DD', or an instant from the server.
 */
function readDate(input: Instant | null | undefined, timeZone: string): string | undefined {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BlockStatement: the guard narrows the type; null and undefined read as NaN, '' as no date: undefined either way
  if (input === null || input === undefined || input === '') {
    return undefined;
  }
  if (typeof input === 'string' && !input.includes('T')) return parseCalendarDate(input);
  return Number.isNaN(timeOf(input)) ? undefined : venueDate(input, timeZone);
}

/**
 * Validates a member's details (the member of a Membership item, and the member part of the
 * Renewal Checkout form), every message word for word: 'Name is required!', 'Please input your
 * E-mail!' / 'The input is not valid E-mail!', 'Country code is required' (only 60), 'Phone number
 * is required' / 'Only numbers allowed', 'Please select a date!' and not in the future.
 */
export function validateMemberDetails(
  input: MemberDetailsInput,
  context: MemberDetailsContext,
): FormResult<MemberDetailsValues, MemberDetailsInput> {
  const errors: Partial<Record<keyof MemberDetailsInput, string>> = {};
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

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,BooleanLiteral: never true (a missing date set errors.dob above); it narrows the type
  if (dob === undefined) return { ok: false, errors };
  return { ok: true, value: { name, email, phone: { country_code: countryCode, number: phone }, dob } };
}
