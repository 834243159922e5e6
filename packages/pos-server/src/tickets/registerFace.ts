import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ticketIs } from 'pos-sdk';
import type { Ticket } from 'pos-sdk/contract';
import { recordAudit } from '../audit';
import type { Database } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import { requireTicket } from './findTicket';
import { isJpeg } from './isJpeg';
import { readTicketId } from './ticketId';
import { TICKET_MESSAGES } from './ticketMessages';
import { ticketsToWire } from './ticketsToWire';

/** The content type of a registration without a photo (a used non-shareable ticket): an empty row. */
export const NO_PHOTO = 'none';

/**
 * Registers a face for a ticket (spec section 7, register_face).
 *
 * - With a photo: it must be a JPEG (magic bytes FF D8 FF), else 400; it replaces an earlier one. The size limit
 *   (2 MB, 413) is enforced while the upload is read.
 * - Without one: only for a non-shareable ticket already used (else 400); an earlier photo is kept.
 *
 * Photos live in the `face_photos` table (in the database's transactions and backups; no file path is ever built
 * from the id, which is checked against the ticket id pattern anyway). Canceled and expired tickets are refused
 * (409 'Ticket is Canceled' / 'Ticket is Expired').
 *
 * @returns the ticket with `face: {registered_at}`.
 */
export async function registerFace(
  db: Kysely<Database>,
  options: {
    ticketId: string;
    photo: Uint8Array | undefined;
    staffId: string;
    terminalId: string;
    now: Date;
    timeZone: string;
  },
): Promise<Ticket> {
  const wire = { now: options.now, timeZone: options.timeZone };
  const id = readTicketId(options.ticketId);
  if (id === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
  const row = await requireTicket(db, id);
  const [ticket] = await ticketsToWire(db, [row], wire);
  if (ticket?.display_status === 'Canceled' || ticket?.display_status === 'Expired') {
    throw HttpProblem.conflict(ticketIs(ticket.display_status));
  }
  const { photo } = options;
  if (photo === undefined) {
    if (row.shareable === 1 || ticket === undefined || ticket.used.length === 0) {
      throw HttpProblem.invalidRequest(TICKET_MESSAGES.photoRequired, [
        { path: 'file', message: TICKET_MESSAGES.photoRequired },
      ]);
    }
  } else if (!isJpeg(photo)) {
    throw HttpProblem.invalidRequest(TICKET_MESSAGES.photoNotJpeg, [
      { path: 'file', message: TICKET_MESSAGES.photoNotJpeg },
    ]);
  }

  const at = options.now.toISOString();
  await db.transaction().execute(async (trx) => {
    const values = {
      id: randomUUID(),
      ticket_id: row.id,
      content_type: photo === undefined ? NO_PHOTO : 'image/jpeg',
      data: Buffer.from(photo ?? new Uint8Array()),
      staff_id: options.staffId,
      created_at: at,
    };
    await trx
      .insertInto('face_photos')
      .values(values)
      .onConflict((conflict) =>
        photo === undefined
          ? conflict.column('ticket_id').doNothing()
          : conflict.column('ticket_id').doUpdateSet({
              content_type: values.content_type,
              data: values.data,
              staff_id: values.staff_id,
              created_at: at,
            }),
      )
      .execute();
    await recordAudit(trx, {
      action: 'ticket.face_registered',
      staffId: options.staffId,
      terminalId: options.terminalId,
      at: options.now,
      subject: { type: 'ticket', id: row.id },
      details: { photo: photo === undefined ? null : { bytes: photo.length } },
    });
  });
  const [registered] = await ticketsToWire(db, [await requireTicket(db, row.id)], wire);
  if (registered === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
  return registered;
}

/**
 * The registered face photo of a ticket (JPEG bytes).
 *
 * @throws {HttpProblem} 404 for an unknown ticket or one without a photo.
 */
export async function readFacePhoto(db: Kysely<Database>, ticketId: string): Promise<Buffer> {
  const id = readTicketId(ticketId);
  if (id === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
  const row = await db
    .selectFrom('face_photos')
    .select(['content_type', 'data'])
    .where('ticket_id', '=', id)
    .executeTakeFirst();
  if (row === undefined || row.content_type !== 'image/jpeg' || row.data.length === 0) {
    throw HttpProblem.notFound(TICKET_MESSAGES.noPhoto);
  }
  return Buffer.from(row.data);
}
