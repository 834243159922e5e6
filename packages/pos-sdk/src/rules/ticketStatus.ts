import { usesAllowed } from './displayText';
import { type Instant, timeOf } from './instant';
import { isOnHold, membershipOnHoldUntil, type RuleHold } from './membershipHold';
import { MESSAGES, ticketIs } from './messages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';
import { venueDayRange } from './venueDay';

/** The derived ticket display statuses, in the order they are decided (spec section 4). */
export const TICKET_STATUSES = ['Canceled', 'Expired', 'Fully Used', 'Active', 'Inactive'] as const;

/** A ticket display status. */
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What a pass says about its uses: `usage_limit` (0: a membership) and, for a membership, `entries_per_day`. */
export interface RulePass {
  readonly usage_limit: number;
  /** Entries a membership admits per venue day; none (an answer older than the field): 1. */
  readonly entries_per_day?: number | null | undefined;
}

/** The fields of a ticket (spec section 3) that decide its status. */
export interface RuleTicket {
  /** Stored status; only `Canceled` matters here. */
  readonly status?: string | null;
  /** From when the ticket is valid. */
  readonly date: Instant;
  /** Until when the ticket is valid (none: never expires). */
  readonly expiry?: Instant | null;
  /** One entry per use, with when it was used (a membership's entries are counted per venue day). */
  readonly used: readonly { readonly at: Instant }[];
  readonly allow_redeem?: boolean | null;
  readonly pass: RulePass;
  /** A membership's latest hold, if any: no entry on its days ('Membership on hold until …'). */
  readonly hold?: RuleHold | null | undefined;
}

/** Is the pass a membership? usage_limit 0: it admits its member every venue day until it expires. */
export function isMembershipPass(pass: RulePass): boolean {
  return pass.usage_limit === 0;
}

/** Entries a membership admits per venue day: its `entries_per_day`, 1 when the pass does not say. */
export function entriesPerDay(pass: RulePass): number {
  return pass.entries_per_day ?? 1;
}

/**
 * How many times the ticket was used on the venue day holding `now` (in the venue's `timeZone`), whatever the time
 * of day of each use, before or after `now`: a replayed offline entry counts on the day it was made.
 */
export function entriesOnVenueDay(ticket: Pick<RuleTicket, 'used'>, now: Instant, timeZone: string): number {
  const { start, end } = venueDayRange(now, timeZone);
  const from = start.getTime();
  const until = end.getTime();
  let entries = 0;
  for (const use of ticket.used) {
    const at = timeOf(use.at);
    if (at >= from && at < until) entries++;
  }
  return entries;
}

/** A membership's entries on the venue day holding `now` against what it allows per day: '1 / 1', '0 / 2'. */
export function passEntriesToday(
  ticket: Pick<RuleTicket, 'used' | 'pass'>,
  now: Instant,
  timeZone: string,
): string {
  return `${entriesOnVenueDay(ticket, now, timeZone)} / ${entriesPerDay(ticket.pass)}`;
}

/**
 * Has the ticket used up its uses at `now`? A punch pass when the used count reaches usage_limit; a membership
 * (usage_limit 0) reads the spec's "usage_limit is 0 and there is any use" per venue day: when its entries on the
 * venue day of `now` reach `entries_per_day` (no pass-back the same day), and it admits again the next day.
 */
function isUsedUp(ticket: RuleTicket, now: Instant, timeZone: string): boolean {
  if (isMembershipPass(ticket.pass)) {
    return entriesOnVenueDay(ticket, now, timeZone) >= entriesPerDay(ticket.pass);
  }
  return ticket.used.length >= usesAllowed(ticket.pass.usage_limit);
}

/**
 * Derives the ticket display status, in the spec's order (section 4):
 * Canceled (status Canceled) > Expired (now past expiry) > Fully Used (used count reaches
 * usage_limit, or usage_limit 0 with its entries of the venue day used, see `isUsedUp`) > Active (now past the
 * ticket date) > Inactive. `timeZone` is the venue's: a membership's day is the venue day.
 */
export function deriveTicketStatus(ticket: RuleTicket, now: Instant, timeZone: string): TicketStatus {
  const at = timeOf(now);
  if (ticket.status === 'Canceled') return 'Canceled';
  const { expiry } = ticket;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the type guard; no expiry reads as NaN, never past
  const hasExpiry = expiry !== null && expiry !== undefined;
  if (hasExpiry && at > timeOf(expiry)) return 'Expired';
  if (isUsedUp(ticket, now, timeZone)) return 'Fully Used';
  if (at > timeOf(ticket.date)) return 'Active';
  return 'Inactive';
}

/**
 * Why a ticket cannot be redeemed now, or ok: it must be Active ('Ticket is {status}'), allow_redeem must be true
 * ('This ticket cannot be redeemed') and a membership must not be on hold today ('Membership on hold until
 * DD-MM-YYYY'). For the server's 409.
 */
export function checkRedeem(ticket: RuleTicket, now: Instant, timeZone: string): RuleResult<undefined> {
  const status = deriveTicketStatus(ticket, now, timeZone);
  if (status !== 'Active') return refuse(RULE_CODES.ticket_not_active, ticketIs(status));
  if (ticket.allow_redeem !== true) {
    return refuse(RULE_CODES.redeem_not_allowed, MESSAGES.ticketRedeemNotAllowed);
  }
  // Stryker disable next-line ConditionalExpression,LogicalOperator: isOnHold is false without a hold; the checks narrow its type
  if (ticket.hold !== null && ticket.hold !== undefined && isOnHold(ticket.hold, now, timeZone)) {
    return refuse(RULE_CODES.membership_on_hold, membershipOnHoldUntil(ticket.hold));
  }
  return ok(undefined);
}

/** Can Redeem be pressed? Only when Active, allow_redeem is true and no request is in flight. */
export function canRedeem(
  ticket: RuleTicket,
  now: Instant,
  timeZone: string,
  isRequestInFlight = false,
): boolean {
  return !isRequestInFlight && checkRedeem(ticket, now, timeZone).ok;
}
