import { sql } from 'kysely';
import type { LookupMembershipResponse } from 'pos-sdk/contract';
import { SALE_MESSAGES } from 'pos-sdk/messages';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { memberToWire } from '../members';
import { ordersToWire } from '../orders';
import { ticketsToWire } from '../tickets';

/** The most orders and tickets one lookup lists (newest first). */
export const MAX_MEMBER_HISTORY = 100;

/**
 * A member by email (case-insensitive) with their orders (those with a line for them, or with their email as the
 * customer email) and tickets (theirs, and those of the listed orders), newest first.
 *
 * @throws {HttpProblem} 404 'No member with the email X' when there is no member with that email.
 */
export async function lookupMembership(
  db: Db,
  email: string,
  options: { now: Date; timeZone: string },
): Promise<LookupMembershipResponse> {
  const address = email.trim().toLowerCase();
  const member = await db.selectFrom('members').selectAll().where('email', '=', address).executeTakeFirst();
  if (member === undefined) throw HttpProblem.notFound(SALE_MESSAGES.memberNotFound(email.trim()));

  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(${sql.ref('customer_email')})`, '=', address),
        eb(
          'id',
          'in',
          eb
            .selectFrom('order_items')
            .select('order_items.order_id')
            .where('order_items.member_id', '=', member.id),
        ),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_MEMBER_HISTORY)
    .execute();
  const orderIds = orders.map((order) => order.id);
  const tickets = await db
    .selectFrom('tickets')
    .selectAll()
    .where((eb) =>
      orderIds.length === 0
        ? eb('member_id', '=', member.id)
        : eb.or([eb('member_id', '=', member.id), eb('order_id', 'in', orderIds)]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(MAX_MEMBER_HISTORY)
    .execute();
  return {
    member: memberToWire(member),
    orders: await ordersToWire(db, orders, { timeZone: options.timeZone }),
    tickets: await ticketsToWire(db, tickets, options),
  };
}
