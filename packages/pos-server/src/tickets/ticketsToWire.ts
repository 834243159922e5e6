import type { Ticket } from 'pos-sdk/contract';
import { deriveTicketStatus, startOfVenueDate } from 'pos-sdk/rules';
import type { Db, TicketRow } from '../db/Database';
import { groupBy } from '../db/groupBy';
import { invoiceIdsByOrder } from '../invoices';
import { type MemberRow, membersById, phoneOf } from '../members';
import { staffNames } from '../staff';

/** What a ticket's answer depends on besides its row: "now" (the server's clock) and the venue's time zone. */
export interface TicketWireOptions {
  now: Date;
  timeZone: string;
}

/** Everything a ticket's wire shape is built from besides its row (see {@link ticketsFromParts}). */
export interface TicketParts {
  /** The uses of each ticket, in use order. */
  usesOf: ReadonlyMap<string, readonly { at: string; terminal_id: string; staff_id: string }[]>;
  /** The invoice of each order. */
  invoiceOf: ReadonlyMap<string, string>;
  /** The registered face of each ticket. */
  faceOf: ReadonlyMap<string, { created_at: string; content_type: string }>;
  /** The members of the tickets that have one, by member id. */
  members: ReadonlyMap<string, MemberRow>;
  /** Display names of the staff who redeemed, by id. */
  names: ReadonlyMap<string, string>;
}

/**
 * Tickets as the contract's Ticket (spec section 3), in the order of `rows`: uses with when, where and by whom,
 * the order's invoice, the member, whether a face is registered, and `display_status` derived with
 * `deriveTicketStatus` at the server's now in the venue's time zone (a membership's entries are per venue day). A
 * handful of queries for the whole list.
 */
export async function ticketsToWire(
  db: Db,
  rows: readonly TicketRow[],
  options: TicketWireOptions,
): Promise<Ticket[]> {
  if (rows.length === 0) return [];
  const ticketIds = rows.map((row) => row.id);
  const orderIds = [...new Set(rows.map((row) => row.order_id))];
  const uses = await db
    .selectFrom('ticket_uses')
    .select(['ticket_id', 'at', 'terminal_id', 'staff_id'])
    .where('ticket_id', 'in', ticketIds)
    .where('annulled_at', 'is', null)
    .orderBy('ticket_id')
    .orderBy('use_number')
    .execute();
  const invoiceOf = await invoiceIdsByOrder(db, orderIds);
  const faces = await db
    .selectFrom('face_photos')
    .select(['ticket_id', 'created_at', 'content_type'])
    .where('ticket_id', 'in', ticketIds)
    .execute();
  const members = await membersById(
    db,
    rows.map((row) => row.member_id),
  );
  const names = await staffNames(
    db,
    uses.map((use) => use.staff_id),
  );
  const usesOf = groupBy(uses, (use) => use.ticket_id);
  const faceOf = new Map(faces.map((face) => [face.ticket_id, face]));
  return ticketsFromParts(rows, { usesOf, invoiceOf, faceOf, members, names }, options);
}

/** Tickets as the contract's Ticket from their parts (no query), as {@link ticketsToWire} describes. */
export function ticketsFromParts(
  rows: readonly TicketRow[],
  parts: TicketParts,
  options: TicketWireOptions,
): Ticket[] {
  const { usesOf, invoiceOf, faceOf, members, names } = parts;
  return rows.map((row) => {
    const member = row.member_id === null ? undefined : members.get(row.member_id);
    const invoiceId = invoiceOf.get(row.order_id);
    const face = faceOf.get(row.id);
    const ticket: Ticket = {
      _id: row.id,
      date: row.valid_from,
      expiry: row.expires_at,
      status: row.status,
      used: (usesOf.get(row.id) ?? []).map((use) => ({
        at: use.at,
        terminal: use.terminal_id,
        staff: names.get(use.staff_id) ?? use.staff_id,
      })),
      order: { _id: row.order_id, invoice: invoiceId === undefined ? null : { _id: invoiceId } },
      allow_redeem: row.allow_redeem === 1,
      pass: {
        name: row.pass_name,
        sku: row.sku,
        visit_date: startOfVenueDate(row.visit_date, options.timeZone).toISOString(),
        usage_limit: row.usage_limit,
        shareable: row.shareable === 1,
        quantity: row.quantity,
        entries_per_day: row.entries_per_day,
      },
      member:
        member === undefined
          ? null
          : { name: member.name, _id: member.email, dob: member.dob, phone: phoneOf(member) },
      face:
        face === undefined ? null : { registered_at: face.created_at, photo: face.content_type !== 'none' },
      ...(row.hold_from === null ||
      row.hold_to === null ||
      row.hold_from === undefined ||
      row.hold_to === undefined
        ? {}
        : { hold: { from: row.hold_from, to: row.hold_to } }),
    };
    return { ...ticket, display_status: deriveTicketStatus(ticket, options.now, options.timeZone) };
  });
}
