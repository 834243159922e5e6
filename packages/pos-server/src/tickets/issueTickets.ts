import type { Db } from '../db/Database';
import { newTicketId } from './ticketId';
import { ticketValidity } from './ticketValidity';
import type { Period } from './venueCalendar';

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
 * (`ticketValidity`), redeemable, and carrying the member for a membership.
 *
 * @returns the new ticket ids, in issue order.
 */
export async function issueTickets(db: Db, issue: TicketIssue): Promise<string[]> {
  const { validFrom, expiresAt } = ticketValidity(issue.visitDate, issue.duration, issue.timeZone);
  const ids = Array.from({ length: issue.count }, () => newTicketId());
  if (ids.length === 0) return ids;
  await db
    .insertInto('tickets')
    .values(
      ids.map((id) => ({
        id,
        order_id: issue.orderId,
        order_item_id: issue.orderItemId,
        store: issue.store,
        sku: issue.sku,
        pass_name: issue.passName,
        category: issue.category,
        variant_group: issue.group,
        visit_date: issue.visitDate,
        usage_limit: issue.usageLimit,
        shareable: issue.shareable ? (1 as const) : (0 as const),
        quantity: 1,
        status: 'Valid' as const,
        allow_redeem: 1 as const,
        member_id: issue.memberId,
        valid_from: validFrom.toISOString(),
        expires_at: expiresAt.toISOString(),
        created_at: issue.now.toISOString(),
        canceled_at: null,
      })),
    )
    .execute();
  return ids;
}
