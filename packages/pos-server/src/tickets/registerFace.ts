import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Ticket } from 'pos-sdk/contract';
import { TICKET_MESSAGES, ticketIs } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import type { Database } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import type { OpenFacePhoto } from './facePhotoFile';
import type { FacePhotoStore, PreparedFacePhoto } from './facePhotoStore';
import { requireTicket } from './findTicket';
import { isJpeg } from './isJpeg';
import { readTicketId } from './ticketId';
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
 * The photo goes to the server's face photo store (`facePhotoStore`): by default into its `face_photos` row, in
 * the registration's transaction, so every server instance sharing the database serves it; with
 * `POS_FACE_PHOTOS=files` to the file `<dataDir>/faces/<ticket id>.jpg` (the id is checked against the ticket id
 * pattern before any path is built from it), written to a temporary name first and renamed into place inside the
 * transaction, just before it commits. Either way a reader never sees half a photo, and a failed registration keeps
 * the earlier photo. The row also keeps who registered it, when, and its size. Two registrations of one ticket at
 * once are ordered by the row's lock (PostgreSQL) or the database's write lock (SQLite), so a file and its row
 * always come from the same one. Canceled and expired tickets are refused (409 'Ticket is Canceled' / 'Ticket is
 * Expired').
 *
 * @returns the ticket with `face: {registered_at}`.
 */
export async function registerFace(
  db: Kysely<Database>,
  options: {
    /** Where the photo is written (`createFacePhotoStore`). */
    photos: FacePhotoStore;
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
  const prepared: PreparedFacePhoto | undefined =
    photo === undefined ? undefined : await options.photos.prepare(row.id, photo);
  try {
    await db.transaction().execute(async (trx) => {
      const values = {
        id: randomUUID(),
        ticket_id: row.id,
        content_type: photo === undefined ? NO_PHOTO : 'image/jpeg',
        data: prepared?.data ?? null,
        byte_size: photo?.length ?? 0,
        staff_id: options.staffId,
        created_at: at,
      };
      // The upsert locks this ticket's face_photos row until commit (PostgreSQL), so file renames happen in commit
      // order.
      const written = await trx
        .insertInto('face_photos')
        .values(values)
        .onConflict((conflict) =>
          photo === undefined
            ? conflict.column('ticket_id').doNothing()
            : conflict.column('ticket_id').doUpdateSet({
                content_type: values.content_type,
                data: values.data,
                byte_size: values.byte_size,
                staff_id: values.staff_id,
                created_at: at,
              }),
        )
        .returning('id')
        .executeTakeFirst();
      await recordAudit(trx, {
        action: 'ticket.face_registered',
        staffId: options.staffId,
        terminalId: options.terminalId,
        at: options.now,
        subject: { type: 'ticket', id: row.id },
        details: {
          photo: photo === undefined ? null : { bytes: photo.length },
          kept_earlier: written === undefined,
        },
      });
      await prepared?.commit();
    });
  } finally {
    await prepared?.discard();
  }
  const [registered] = await ticketsToWire(db, [await requireTicket(db, row.id)], wire);
  if (registered === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
  return registered;
}

/** A registered face photo to send: its size and its bytes, from its `face_photos` row or streamed from its file. */
export type FacePhoto = OpenFacePhoto | { size: number; stream: Buffer };

/**
 * The registered face photo of a ticket (JPEG): the bytes of its `face_photos` row when it holds them (the database
 * store, and photos registered before migration 0008), else its file `<dataDir>/faces/<ticket id>.jpg` (photos
 * registered while files were the store), whatever the store is now.
 *
 * @throws {HttpProblem} 404 for a malformed or unknown ticket id, or a ticket without a photo.
 */
export async function readFacePhoto(
  db: Kysely<Database>,
  options: { photos: FacePhotoStore; ticketId: string },
): Promise<FacePhoto> {
  const id = readTicketId(options.ticketId);
  if (id === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
  const row = await db
    .selectFrom('face_photos')
    .select(['content_type', 'data'])
    .where('ticket_id', '=', id)
    .executeTakeFirst();
  if (row === undefined || row.content_type !== 'image/jpeg')
    throw HttpProblem.notFound(TICKET_MESSAGES.noPhoto);
  if (row.data !== null && row.data.length > 0) {
    const bytes = Buffer.from(row.data);
    return { size: bytes.length, stream: bytes };
  }
  const file = await options.photos.openFile(id);
  if (file !== undefined) return file;
  throw HttpProblem.notFound(TICKET_MESSAGES.noPhoto);
}
