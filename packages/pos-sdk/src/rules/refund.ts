import type { Instant } from './instant';
import { MESSAGES } from './messages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';
import { DEFAULT_TIMEZONE, isSameVenueDay } from './venueDay';

/** The fields of an order (spec section 3) that decide whether it can be refunded. */
export interface RuleOrder {
  readonly date: Instant;
  readonly status: string;
  readonly invoice?: { readonly _id?: string | null } | null;
}

/**
 * Can the order be refunded now? Only a same-venue-day, PAID order with an invoice
 * (spec sections 4 and 9). The refusal's message explains why (409 body, disabled button tooltip).
 */
export function checkRefund(
  order: RuleOrder,
  now: Instant,
  timeZone: string = DEFAULT_TIMEZONE,
): RuleResult<undefined> {
  if (!isSameVenueDay(order.date, now, timeZone)) {
    return refuse(RULE_CODES.not_same_day, MESSAGES.refundNotToday);
  }
  if (order.status !== 'PAID') return refuse(RULE_CODES.not_paid, MESSAGES.refundNotPaid);
  if (!order.invoice?._id) return refuse(RULE_CODES.no_invoice, MESSAGES.refundNoInvoice);
  return ok(undefined);
}
