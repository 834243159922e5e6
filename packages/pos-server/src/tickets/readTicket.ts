import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Ticket } from 'pos-sdk/contract';
import { TICKET_MESSAGES } from 'pos-sdk/messages';
import type { Db, TicketRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/preparedQuery';
import { HttpProblem } from '../http/HttpProblem';
import { type MemberRow, membersById } from '../members';
import { staffNames } from '../staff';
import { normalizeTicketId, requireTicket } from './findTicket';
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
  /** The uses that count (undone entries left out), oldest first. */
  uses: TicketUse[];
  /** The highest use number ever claimed, undone entries too (0 for none): the next use claims one more. */
  lastUseNumber: number;
  invoiceId: string | undefined;
  face: { created_at: string; content_type: string } | undefined;
  member: MemberRow | undefined;
}

/** A ticket's row with its uses, invoice and face, as {@link readTicket} reads them. */
interface TicketParts {
  row: TicketRow;
  uses: {
    at: string;
    terminal_id: string;
    staff_id: string;
    use_number: number;
    annulled_at: string | null;
  }[];
  invoiceId: string | undefined;
  face: { created_at: string; content_type: string } | undefined;
}

/**
 * SQLite: the row, then its uses, invoice and face in simple statements. A single statement joining them all is
 * slower under load (`npm run bench`) while Kysely builds it for every call, and no faster once compiled once (the
 * statement of {@link ticketPartsInOne} with SQLite's JSON functions): on SQLite a statement is a function call.
 */
async function ticketPartsOneByOne(db: Db, id: string): Promise<TicketParts> {
  const row = await requireTicket(db, id);
  const uses = await usesOfTicket.execute(db, row.id);
  const invoice = await invoiceOfOrder.executeTakeFirst(db, row.order_id);
  const face = await faceOfTicket.executeTakeFirst(db, row.id);
  return { row, uses, invoiceId: invoice?.id, face };
}

// The statements of ticketPartsOneByOne, compiled once (preparedQuery).
const usesOfTicket = preparedQuery(
  (db, ticketId: string) =>
    db
      .selectFrom('ticket_uses')
      .select(['at', 'terminal_id', 'staff_id', 'use_number', 'annulled_at'])
      .where('ticket_id', '=', ticketId)
      .orderBy('use_number'),
  1,
);
const invoiceOfOrder = preparedQuery(
  (db, orderId: string) => db.selectFrom('invoices').select('id').where('order_id', '=', orderId),
  1,
);
const faceOfTicket = preparedQuery(
  (db, ticketId: string) =>
    db.selectFrom('face_photos').select(['created_at', 'content_type']).where('ticket_id', '=', ticketId),
  1,
);

/**
 * PostgreSQL: the row with its uses, invoice and face in one statement. There each statement is a round trip to the
 * database server, and the socket writes are the largest cost of a get_ticket under load (`npm run bench` with
 * BENCH_CPU_PROF): one statement instead of four.
 */
async function ticketPartsInOne(db: Db, id: string): Promise<TicketParts> {
  const found = await ticketWithParts.executeTakeFirst(db, normalizeTicketId(id));
  if (found === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
  const { uses_json, invoice_id_read, face_json, ...row } = found;
  return { row, uses: uses_json, invoiceId: invoice_id_read ?? undefined, face: face_json ?? undefined };
}

/** The statement of ticketPartsInOne, compiled once (preparedQuery). */
const ticketWithParts = preparedQuery(
  (db, id: string) =>
    db
      .selectFrom('tickets')
      .selectAll('tickets')
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('ticket_uses')
            .select([
              'ticket_uses.at',
              'ticket_uses.terminal_id',
              'ticket_uses.staff_id',
              'ticket_uses.use_number',
              'ticket_uses.annulled_at',
            ])
            .whereRef('ticket_uses.ticket_id', '=', 'tickets.id')
            .orderBy('ticket_uses.use_number'),
        ).as('uses_json'),
        eb
          .selectFrom('invoices')
          .select('invoices.id')
          .whereRef('invoices.order_id', '=', 'tickets.order_id')
          .as('invoice_id_read'),
        jsonObjectFrom(
          eb
            .selectFrom('face_photos')
            .select(['face_photos.created_at', 'face_photos.content_type'])
            .whereRef('face_photos.ticket_id', '=', 'tickets.id'),
        ).as('face_json'),
      ])
      .where('tickets.id', '=', id),
  1,
);

/**
 * One ticket by id as typed or scanned (trimmed, upper-cased): its row, its uses, invoice and face (and its member
 * and the names of who let it in, when it has any).
 *
 * @throws {HttpProblem} 404 'Ticket not found'.
 */
export async function readTicket(db: Db, id: string): Promise<ReadTicket> {
  const {
    row,
    uses: allUses,
    invoiceId,
    face,
  } = isPostgres(db) ? await ticketPartsInOne(db, id) : await ticketPartsOneByOne(db, id);
  // An undone entry is no use; its number stays taken (migration 0023).
  const lastUseNumber = allUses.reduce((last, use) => Math.max(last, Number(use.use_number)), 0);
  const uses = allUses
    .filter((use) => use.annulled_at === null)
    .map(({ at, terminal_id, staff_id }) => ({ at, terminal_id, staff_id }));
  const members = await membersById(db, [row.member_id]);
  const names = await staffNames(
    db,
    uses.map((use) => use.staff_id),
  );
  return {
    row,
    uses: uses.map((use) => ({ ...use, staff_name: names.get(use.staff_id) ?? use.staff_id })),
    lastUseNumber,
    invoiceId,
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
