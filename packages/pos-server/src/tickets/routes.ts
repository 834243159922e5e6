import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TICKET_MESSAGES } from 'pos-sdk/messages';
import { personName } from 'pos-sdk/rules';
import { signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { serveEndpoint } from '../http/serveEndpoint';
import { hasReplayHeader } from '../sync';
import { entryUndoSeconds } from '../venue';
import { annulTicketRedeem } from './annulTicketRedeem';
import { checkTicketRedeem } from './checkTicketRedeem';
import { createFacePhotoStore } from './facePhotoStore';
import { readTicket, readTicketToWire } from './readTicket';
import { readFacePhoto, registerFace } from './registerFace';

/** The multipart field the photo comes in. */
const PHOTO_FIELD = 'file';

/** The multipart parser's limits: more parts, files or fields than the photo needs. */
const TOO_MANY_PARTS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The answer to an error while reading an upload. Everything that goes wrong while parsing a multipart body is the
 * client's (a missing or wrong boundary, a part cut short, a malformed part header, too many parts): 413 for a
 * limit, 400 otherwise, never a 500.
 */
function uploadProblem(error: unknown): HttpProblem {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpProblem('payload_too_large', TICKET_MESSAGES.photoTooLarge);
  if (typeof code === 'string' && TOO_MANY_PARTS.has(code)) {
    return new HttpProblem('payload_too_large', TICKET_MESSAGES.photoUploadTooManyParts);
  }
  return HttpProblem.invalidRequest(TICKET_MESSAGES.photoUploadMalformed, [
    { path: PHOTO_FIELD, message: TICKET_MESSAGES.photoUploadMalformed },
  ]);
}

/**
 * The photo of a register_face call: the multipart field `file`, or undefined when the request has no body.
 *
 * @throws {HttpProblem} 400 for a multipart body without the `file` field or a malformed one; 413 beyond 2 MB or
 *   for too many parts.
 */
async function readPhoto(request: FastifyRequest): Promise<Uint8Array | undefined> {
  if (!request.isMultipart()) return undefined;
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch (error) {
    throw uploadProblem(error);
  }
  if (file === undefined || file.fieldname !== PHOTO_FIELD) {
    throw HttpProblem.invalidRequest(TICKET_MESSAGES.photoFieldName, [
      { path: PHOTO_FIELD, message: TICKET_MESSAGES.photoFieldName },
    ]);
  }
  try {
    return await file.toBuffer();
  } catch (error) {
    throw uploadProblem(error);
  }
}

/**
 * Ticket calls: get_ticket, check_ticket_redeem (one use, atomically), register_face (a JPEG of at most 2 MB, or
 * no body for a used non-shareable ticket) and ticket_photo (the registered JPEG, staff only). Every ticket
 * answered carries `display_status`, derived at the server's now. Photos go to the store `POS_FACE_PHOTOS` names
 * (the database by default).
 */
export function ticketRoutes(app: FastifyInstance, { db, config, clock, venue }: AppContext): void {
  const photos = createFacePhotoStore({ kind: config.facePhotos, dataDir: config.dataDir });

  serveEndpoint(app, 'getTicket', async (request) => {
    const ticket = await readTicket(db, request.body.ticket_id);
    return readTicketToWire(ticket, { now: clock(), timeZone: await venue.timeZone() });
  });

  serveEndpoint(app, 'checkTicketRedeem', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const { nonce, used_at: usedAt } = request.body;
    return checkTicketRedeem(db, {
      ticketId: request.params.id ?? '',
      staffId: staff.id,
      staffName: personName(staff),
      terminalId,
      now: clock(),
      timeZone: await venue.timeZone(),
      nonce,
      usedAt,
      replayHeader: hasReplayHeader(request.headers),
    });
  });

  serveEndpoint(app, 'annulTicketRedeem', async (request) => {
    const { staff, terminalId } = signedIn(request);
    return annulTicketRedeem(db, {
      ticketId: request.params.id ?? '',
      usedAt: request.body.used_at,
      staffId: staff.id,
      terminalId,
      now: clock(),
      timeZone: await venue.timeZone(),
      windowSeconds: await entryUndoSeconds(db, config),
    });
  });

  serveEndpoint(app, 'registerFace', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const photo = await readPhoto(request);
    return registerFace(db, {
      photos,
      ticketId: request.params.ticketId ?? '',
      photo,
      staffId: staff.id,
      terminalId,
      now: clock(),
      timeZone: await venue.timeZone(),
    });
  });

  serveEndpoint(app, 'ticketPhoto', async (request, reply) => {
    const photo = await readFacePhoto(db, {
      photos,
      ticketId: request.params.ticketId ?? '',
    });
    return reply
      .header('content-type', 'image/jpeg')
      .header('content-length', photo.size)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(photo.stream);
  });
}
