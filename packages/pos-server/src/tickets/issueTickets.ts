import type { Period } from 'pos-sdk/rules';
import { passValidity } from 'pos-sdk/rules';
import type { Db, TicketRow } from '../db/Database';
import { newTicketId } from './ticketId';

/** What the tickets of one pass line are issued from. */
export interface TicketIssue {
  orderId: string;
  orderItemId: string;
  store: string;
  sku: string;
  passName: string;
  category: string;
  group: string;
  /** The visit's venue day, `YYYY-MM-DD`. */
  visitDate: string;
  duration: Period;
  usageLimit: number;
  /** Entries per venue day of a membership, copied onto its tickets. */
  entriesPerDay: number;
  shareable: boolean;
  /** How many tickets: one per pass unit. */
  count: number;
  memberId: string | null;
  now: Date;
  timeZone: string;
}

/**
 * Issues the tickets of a pass line, one per unit (quantity N, N tickets), each admitting one person with the
 * variant's usage limit, valid from the start of the visit's venue day until its duration ends
 * (`passValidity` of pos-sdk), redeemable, and carrying the member for a membership.
 *
 * @returns the rows written, in issue order (by id), in one statement.
 */
export async function issueTickets(db: Db, issue: TicketIssue): Promise<TicketRow[]> {
  const rows = ticketsToIssue(issue);
  if (rows.length > 0) await db.insertInto('tickets').values(rows).execute();
  return rows;
}

/**
 * The ticket rows {@link issueTickets} writes, without writing them (a checkout writes the tickets of all its lines
 * in one statement), in issue order (by id).
 */
export function ticketsToIssue(issue: TicketIssue): TicketRow[] {
  const { validFrom, expiresAt } = passValidity(issue.visitDate, issue.duration, issue.timeZone);
  const rows = Array.from(
    { length: issue.count },
    (): TicketRow => ({
      id: newTicketId(),
      order_id: issue.orderId,
      order_item_id: issue.orderItemId,
      store: issue.store,
      sku: issue.sku,
      pass_name: issue.passName,
      category: issue.category,
      variant_group: issue.group,
      visit_date: issue.visitDate,
      usage_limit: issue.usageLimit,
      entries_per_day: issue.entriesPerDay,
      shareable: issue.shareable ? 1 : 0,
      quantity: 1,
      status: 'Valid',
      allow_redeem: 1,
      member_id: issue.memberId,
      valid_from: validFrom.toISOString(),
      expires_at: expiresAt.toISOString(),
      created_at: issue.now.toISOString(),
      canceled_at: null,
      hold_from: null,
      hold_to: null,
    }),
  );
  // Issue order is id order: the order in which `ticketsOfOrders` and `ordersToWire` list a line's tickets later.
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows;
}
