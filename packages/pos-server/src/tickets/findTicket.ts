import { TICKET_MESSAGES } from 'pos-sdk/messages';
import type { Db, TicketRow } from '../db/Database';
import { preparedQuery } from '../db/preparedQuery';
import { HttpProblem } from '../http/HttpProblem';

/** A ticket id as typed or scanned, as stored: trimmed, upper case. */
export function normalizeTicketId(id: string): string {
  return id.trim().toUpperCase();
}

/**
 * A ticket by id as typed or scanned (trimmed; ids are upper case, so lower-case input finds them too).
 *
 * @throws {HttpProblem} 404 'Ticket not found'.
 */
export async function requireTicket(db: Db, id: string): Promise<TicketRow> {
  const row = await ticketById.executeTakeFirst(db, normalizeTicketId(id));
  if (row === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
  return row;
}

/** A ticket's row by its id (compiled once: the gate's every scan reads it). */
const ticketById = preparedQuery(
  (db, id: string) => db.selectFrom('tickets').selectAll().where('id', '=', id),
  1,
);

/** The tickets of some orders, in issue order (order, then line, then id). */
export async function ticketsOfOrders(db: Db, orderIds: readonly string[]): Promise<TicketRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('tickets')
    .innerJoin('order_items', 'order_items.id', 'tickets.order_item_id')
    .selectAll('tickets')
    .where('tickets.order_id', 'in', [...orderIds])
    .orderBy('tickets.order_id')
    .orderBy('order_items.position')
    .orderBy('tickets.created_at')
    .orderBy('tickets.id')
    .execute();
}
