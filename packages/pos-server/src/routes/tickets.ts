import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from 'pos-sdk';
import { signedIn } from '../auth/authentication';
import { HttpProblem } from '../HttpProblem';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { requireTicket } from '../tickets/findTicket';
import { redeemTicket } from '../tickets/redeemTicket';
import { readFacePhoto, registerFace } from '../tickets/registerFace';
import { TICKET_MESSAGES } from '../tickets/ticketMessages';
import { ticketsToWire } from '../tickets/ticketsToWire';

/** The multipart field the photo comes in. */
const PHOTO_FIELD = 'file';

/**
 * The photo of a register_face call: the multipart field `file`, or undefined when the request has no body.
 *
 * @throws {HttpProblem} 400 for a multipart body without the `file` field; 413 beyond 2 MB.
 */
async function readPhoto(request: FastifyRequest): Promise<Uint8Array | undefined> {
  if (!request.isMultipart()) return undefined;
  const file = await request.file();
  if (file === undefined || file.fieldname !== PHOTO_FIELD) {
    throw HttpProblem.invalidRequest(TICKET_MESSAGES.photoFieldName, [
      { path: PHOTO_FIELD, message: TICKET_MESSAGES.photoFieldName },
    ]);
  }
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpProblem('payload_too_large', TICKET_MESSAGES.photoTooLarge);
    }
    throw error;
  }
}

/**
 * Ticket calls: get_ticket, check_ticket_redeem (one use, atomically), register_face (a JPEG of at most 2 MB, or
 * no body for a used non-shareable ticket) and ticket_photo (the registered JPEG, staff only). Every ticket
 * answered carries `display_status`, derived at the server's now.
 */
export function ticketRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  const { timeZone } = config;

  serveEndpoint(app, 'getTicket', async (request) => {
    const row = await requireTicket(db, request.body.ticket_id);
    const [ticket] = await ticketsToWire(db, [row], { now: clock(), timeZone });
    if (ticket === undefined) throw HttpProblem.notFound(TICKET_MESSAGES.ticketNotFound);
    return ticket;
  });

  serveEndpoint(app, 'checkTicketRedeem', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const ticket = await redeemTicket(db, {
      ticketId: request.params.id ?? '',
      staffId: staff.id,
      terminalId,
      now: clock(),
      timeZone,
    });
    return { ticket, message: MESSAGES.ticketRedeemed };
  });

  serveEndpoint(app, 'registerFace', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const photo = await readPhoto(request);
    return registerFace(db, {
      dataDir: config.dataDir,
      ticketId: request.params.ticketId ?? '',
      photo,
      staffId: staff.id,
      terminalId,
      now: clock(),
      timeZone,
    });
  });

  serveEndpoint(app, 'ticketPhoto', async (request, reply) => {
    const photo = await readFacePhoto(db, {
      dataDir: config.dataDir,
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
