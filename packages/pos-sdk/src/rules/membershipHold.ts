import { formatCalendarDate, parseCalendarDate } from './calendarDate';
import type { Instant } from './instant';
import { addToDate } from './passValidity';
import { type FormResult, ok } from './result';
import { DEFAULT_TIMEZONE, venueDate } from './venueDay';

/**
 * A membership's hold as the rules read it: venue calendar dates `YYYY-MM-DD`, `from` the first day on hold and `to`
 * the first day the member may enter again (so a hold of 14 days from 1 December has `to` 15 December). A hold ended
 * early has its `to` moved to the day it ended; one ended before it began has `to` equal to `from` (no day held).
 */
export interface RuleHold {
  readonly from: string;
  readonly to: string;
}

/** The least and most days a hold may last: the venue's settings `hold_min_days` and `hold_max_days`. */
export interface HoldLimits {
  readonly minDays: number;
  readonly maxDays: number;
}

/** The days a hold lasts by default (venue settings): at least 7, at most 90. */
export const DEFAULT_HOLD_LIMITS: HoldLimits = { minDays: 7, maxDays: 90 };

/** Whole days from `from` to `to` (`YYYY-MM-DD`, calendar days; negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000);
}

/** The hold's days as it stands: from its first day to its `to` (0 for a hold ended before it began). */
export function daysHeld(hold: RuleHold): number {
  return Math.max(0, daysBetween(hold.from, hold.to));
}

/** Is the venue day holding `now` a day of the hold? */
export function isOnHold(
  hold: RuleHold | null | undefined,
  now: Instant,
  timeZone: string = DEFAULT_TIMEZONE,
): boolean {
  if (hold === null || hold === undefined) return false;
  const today = venueDate(now, timeZone);
  return hold.from <= today && today < hold.to;
}

/** Is the hold still to come or going on (its `to` after the venue day holding `now`)? A second hold is refused then. */
export function isHoldPending(
  hold: RuleHold | null | undefined,
  now: Instant,
  timeZone: string = DEFAULT_TIMEZONE,
): boolean {
  if (hold === null || hold === undefined) return false;
  return venueDate(now, timeZone) < hold.to && hold.from < hold.to;
}

/** The hold's last day on hold, `YYYY-MM-DD` (the day before `to`). */
export function lastHoldDay(hold: RuleHold): string {
  // Stryker disable next-line StringLiteral: addToDate counts days for any unit but week, month and year
  return addToDate(hold.to, { value: -1, unit: 'Day' });
}

/** 'Membership on hold until {last day}' (DD-MM-YYYY): an entry refused during a hold. */
export function membershipOnHoldUntil(hold: RuleHold): string {
  return `Membership on hold until ${formatCalendarDate(lastHoldDay(hold))}`;
}

/** A hold form's values as typed: the first day ('' for today) and the number of days. */
export interface HoldFormInput {
  readonly from?: string | null | undefined;
  readonly days: string | number;
}

/** A hold that may be placed: its first day and days. */
export interface HoldRequestValue {
  readonly from: string;
  readonly days: number;
}

/** The hold form's fields with a message each. */
export type HoldFormErrors = Partial<Record<'from' | 'days', string>>;

/** 'A hold lasts from {min} to {max} days'. */
export function holdDaysBetween(limits: HoldLimits): string {
  return `A hold lasts from ${limits.minDays} to ${limits.maxDays} days`;
}

/** Messages of the hold form and of a hold refused (not in the spec: a venue's holds). */
export const HOLD_MESSAGES = {
  fromInvalid: 'Please enter the first day of the hold as DD-MM-YYYY',
  fromInPast: 'A hold cannot start before today',
  fromAfterExpiry: 'A hold must start before the membership expires',
  notMembership: 'Only a membership can be put on hold',
  notValid: 'Only a valid membership that has not expired can be put on hold',
  alreadyOnHoldUntil: (lastDay: string) => `This membership is already on hold until ${lastDay}`,
  changedMeanwhile: 'The membership changed meanwhile: look it up again and retry',
  noHold: 'This membership is not on hold',
  notPermitted: 'Only a manager, or staff with the right to hold memberships, can hold or end a hold',
  limitsOrder: 'The fewest days of a hold cannot be more than the most days',
  held: 'Membership put on hold',
  ended: 'Membership hold ended',
  /** 409 to a hold without its fee's order, from staff who are not managers, when the venue charges a hold fee. */
  feeRequired:
    'This venue charges a hold fee: sell the fee with the hold at the till, then the hold is placed',
  /** 409 to a fee order when the venue charges no hold fee. */
  noFeeSet: 'This venue charges no hold fee: hold without a fee order',
  /** 409: the fee's order is none of this store's orders. */
  feeOrderUnknown: (order: string) => `No order ${order} of this store paid a hold fee`,
  /** 409: the fee's order was canceled or refunded. */
  feeOrderNotPaid: (order: string) => `Order ${order} is not paid: it cannot pay a hold fee`,
  /** 409: the fee's order has no line of the fee. */
  feeOrderWithoutFee: (order: string, sku: string) => `Order ${order} does not carry the hold fee (${sku})`,
  /** 409: the fee's order paid for a hold already. */
  feeOrderUsed: (order: string) => `Order ${order} already paid for another hold`,
  /** 400 of settings/set: the fee's SKU is no merchandise variant of the catalogue. */
  feeSkuUnknown: (sku: string) => `No merchandise SKU ${sku} in the catalogue`,
  /** The hold form at the till when the venue charges a fee. */
  feeNote: (price: string) =>
    `A hold costs ${price}: the fee goes into the cart and the hold is placed once it is paid`,
  /** The toast after the fee went into the cart with the hold pending. */
  feeInCart: (price: string) =>
    `Hold fee ${price} added to the cart: the hold is placed when the sale is paid`,
  /** The answer to a hold checked only (`check_only`): nothing placed yet. */
  holdPossible: 'This membership can be put on hold',
  /** A hold's fee sold offline: the order is not on the server yet, so the hold waits for the sale's sync. */
  feeSoldOffline: 'The hold fee was sold offline: the hold is placed once the sale reaches the server',
  /** The sync ended without booking the fee's sale offline (the server refused it): its hold is not placed. */
  feeSaleRefused: 'The hold is not placed: the sale of its fee was refused at the sync',
  /** A membership whose hold waits for the sale carrying its fee. */
  feeWaiting: 'Hold waiting for its fee: placed once the sale is paid',
  /** The hold form's button when the venue charges a fee. */
  addFee: 'Add fee to cart',
  /** A pending hold's sale completed but the server refused the hold: what to do. */
  feeHoldFailed: (message: string) => `The hold fee was paid but the hold was not placed: ${message}`,
} as const;

/**
 * The hold form: the first day (empty: today; DD-MM-YYYY or YYYY-MM-DD; not before today, before the membership's
 * expiry) and the days (a whole number within the venue's limits). The server checks the same before it holds.
 *
 * @param context.today the venue's date today, `YYYY-MM-DD`; `expiryDate` the venue date the membership expires on.
 */
export function validateHoldForm(
  input: HoldFormInput,
  context: { readonly today: string; readonly expiryDate: string; readonly limits: HoldLimits },
): FormResult<HoldRequestValue, Required<HoldFormErrors>> {
  const errors: { from?: string; days?: string } = {};
  const typedFrom = typeof input.from === 'string' ? input.from.trim() : '';
  const from = typedFrom === '' ? context.today : parseCalendarDate(typedFrom);
  if (from === undefined) errors.from = HOLD_MESSAGES.fromInvalid;
  else if (from < context.today) errors.from = HOLD_MESSAGES.fromInPast;
  else if (from >= context.expiryDate) errors.from = HOLD_MESSAGES.fromAfterExpiry;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral,MethodExpression: Number() of a number's text is that number, and of spaces 0, refused as below the venue's fewest days (at least 1) as NaN is
  const days = typeof input.days === 'number' ? input.days : Number(String(input.days).trim() || Number.NaN);
  if (!Number.isInteger(days) || days < context.limits.minDays || days > context.limits.maxDays) {
    errors.days = holdDaysBetween(context.limits);
  }
  // Stryker disable next-line ConditionalExpression: `from` is undefined only with errors.from set; the check narrows its type
  if (errors.from !== undefined || errors.days !== undefined || from === undefined)
    return { ok: false, errors };
  return ok({ from, days });
}

/** The hold of `days` days from `from`. */
export function holdOf(from: string, days: number): RuleHold {
  // Stryker disable next-line StringLiteral: addToDate counts days for any unit but week, month and year
  return { from, to: addToDate(from, { value: days, unit: 'Day' }) };
}

/**
 * The hold ended on the venue day `today`: entries are allowed again from today. A hold not begun yet ends with no
 * day held (`to` = `from`); one already over is left as it is.
 */
export function endHoldOn(hold: RuleHold, today: string): RuleHold {
  if (today >= hold.to) return hold;
  // Stryker disable next-line EqualityOperator: on the hold's first day today and hold.from are the same date
  return { from: hold.from, to: today > hold.from ? today : hold.from };
}
