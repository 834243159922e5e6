import { usesAllowed } from './displayText';
import { type Instant, timeOf } from './instant';
import { MESSAGES, ticketIs } from './messages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** The derived ticket display statuses, in the order they are decided (spec section 4). */
export const TICKET_STATUSES = ['Canceled', 'Expired', 'Fully Used', 'Active', 'Inactive'] as const;

/** A ticket display status. */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The fields of a ticket (spec section 3) that decide its status. */
export interface RuleTicket {
  /** Stored status; only `Canceled` matters here. */
  readonly status?: string | null;
  /** From when the ticket is valid. */
  readonly date: Instant;
  /** Until when the ticket is valid (none: never expires). */
  readonly expiry?: Instant | null;
  /** One entry per use. */
  readonly used: readonly unknown[];
  readonly allow_redeem?: boolean | null;
  readonly pass: { readonly usage_limit: number };
}

/** Has the ticket used up its uses? usage_limit 0 counts as used up after any use (spec section 4). */
function isUsedUp(ticket: RuleTicket): boolean {
  return ticket.used.length >= usesAllowed(ticket.pass.usage_limit);
}

/**
 * Derives the ticket display status, in the spec's order (section 4):
 * Canceled (status Canceled) > Expired (now past expiry) > Fully Used (used count reaches
 * usage_limit, or usage_limit 0 with any use) > Active (now past the ticket date) > Inactive.
 */
export function deriveTicketStatus(ticket: RuleTicket, now: Instant): TicketStatus {
  const at = timeOf(now);
  if (ticket.status === 'Canceled') return 'Canceled';
  const { expiry } = ticket;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the type guard; no expiry reads as NaN, never past
  const hasExpiry = expiry !== null && expiry !== undefined;
  if (hasExpiry && at > timeOf(expiry)) return 'Expired';
  if (isUsedUp(ticket)) return 'Fully Used';
  if (at > timeOf(ticket.date)) return 'Active';
  return 'Inactive';
}

/**
 * Why a ticket cannot be redeemed now, or ok: it must be Active ('Ticket is {status}') and
 * allow_redeem must be true ('This ticket cannot be redeemed'). For the server's 409.
 */
export function checkRedeem(ticket: RuleTicket, now: Instant): RuleResult<undefined> {
  const status = deriveTicketStatus(ticket, now);
  if (status !== 'Active') return refuse(RULE_CODES.ticket_not_active, ticketIs(status));
  if (ticket.allow_redeem !== true) {
    return refuse(RULE_CODES.redeem_not_allowed, MESSAGES.ticketRedeemNotAllowed);
  }
  return ok(undefined);
}

/** Can Redeem be pressed? Only when Active, allow_redeem is true and no request is in flight. */
export function canRedeem(ticket: RuleTicket, now: Instant, isRequestInFlight = false): boolean {
  return !isRequestInFlight && checkRedeem(ticket, now).ok;
}
