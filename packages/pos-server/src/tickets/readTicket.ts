import { TICKET_MESSAGES } from 'pos-sdk';
import type { Ticket } from 'pos-sdk/contract';
import type { Db, TicketRow } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import { type MemberRow, membersById } from '../members/memberToWire';
import { staffNames } from '../orders/staffNames';
import { requireTicket } from './findTicket';
import { type TicketWireOptions, ticketsFromParts } from './ticketsToWire';

/** A use of a ticket with the name of the staff member who let it in. */
export interface TicketUse {
  at: string;
  terminal_id: string;
  staff_id: string;
  /** The staff member's display name (their id when they have no row). */
  staff_name: string;
}

/** One ticket as read for the gate: its row, its uses, and the rest of its wire shape. */
export interface ReadTicket {
  row: TicketRow;
  uses: TicketUse[];
  invoiceId: string | undefined;
  face: { created_at: string; content_type: string } | undefined;
  member: MemberRow | undefined;
}

/**
 * One ticket by id as typed or scanned (trimmed, upper-cased): its row, then its uses, invoice and face (and its
 * member and the names of who let it in, when it has any), in simple statements. A single statement joining them
 * all was measured slower under load (`npm run bench`, get_ticket 3,800 against 5,200 req/s on SQLite): building
 * the larger Kysely query costs more than the round trips it saves, which on SQLite are function calls.
 *
 * @throws {HttpProblem} 404 'Ticket not found'.
 */
export async function readTicket(db: Db, id: string): Promise<ReadTicket> {
  const row = await requireTicket(db, id);
  const uses = await db
    .selectFrom('ticket_uses')
    .select(['at', 'terminal_id', 'staff_id'])
    .where('ticket_id', '=', row.id)
    .orderBy('use_number')
    .execute();
  const invoice = await db
    .selectFrom('invoices')
    .select('id')
    .where('order_id', '=', row.order_id)
    .executeTakeFirst();
  const face = await db
    .selectFrom('face_photos')
    .select(['created_at', 'content_type'])
    .where('ticket_id', '=', row.id)
    .executeTakeFirst();
  const members = await membersById(db, [row.member_id]);
  const names = await staffNames(
    db,
    uses.map((use) => use.staff_id),
  );
  return {
    row,
    uses: uses.map((use) => ({ ...use, staff_name: names.get(use.staff_id) ?? use.staff_id })),
    invoiceId: invoice?.id,
    face,
    member: row.member_id === null ? undefined : members.get(row.member_id),
  };
}

/** A ticket read by {@link readTicket} as the contract's Ticket (as `ticketsToWire` answers it), without a query. */
export function readTicketToWire(ticket: ReadTicket, options: TicketWireOptions): Ticket {
  const { row } = ticket;
  const [wire] = ticketsFromParts(
    [row],
    {
      usesOf: new Map([[row.id, ticket.uses]]),
      invoiceOf: ticket.invoiceId === undefined ? new Map() : new Map([[row.order_id, ticket.invoiceId]]),
      faceOf: ticket.face === undefined ? new Map() : new Map([[row.id, ticket.face]]),
      members:
        ticket.member === undefined || row.member_id === null
          ? new Map()
          : new Map([[row.member_id, ticket.member]]),
      names: new Map(ticket.uses.map((use) => [use.staff_id, use.staff_name])),
    },
    options,
  );
  if (wire === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
  return wire;
}
