import type { FastifyInstance } from 'fastify';

/**
 * The largest unread rest of a refused request that is read and thrown away to keep its connection: a face photo
 * upload (2 MB) and its multipart framing. Anything longer, or of unknown length, closes the connection.
 */
export const DRAIN_LIMIT_BYTES = 3 * 1024 * 1024;

/**
 * Keeps a connection usable after an answer sent before the request's body was read to its end (a refused upload:
 * 413 for too many parts, 400 for a malformed one, 403 before the body was looked at). Node reads the next request
 * of a kept-alive connection only after the whole body of this one, so an unread body would leave the next request
 * unanswered. A known length of at most {@link DRAIN_LIMIT_BYTES} is read and discarded, keeping the connection
 * (the request timeout still bounds a slow sender); a longer or chunked one gets `Connection: close`, and the
 * client opens a new connection.
 *
 * Fastify closes the connection after every body it could not parse (malformed JSON, 413, 415); when the body was
 * in fact read to its end, nothing of it is left on the connection, so it is kept: keep-alive survives every 4xx.
 */
export function settleUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    // `complete` is false on a real socket until the whole message arrived (app.inject has none).
    let bodyWillBeRead = raw.complete === true;
    if (raw.complete === false && !raw.destroyed) {
      const length = Number(raw.headers['content-length']);
      if (!(Number.isSafeInteger(length) && length <= DRAIN_LIMIT_BYTES)) {
        reply.header('connection', 'close');
        return payload;
      }
      raw.unpipe(); // a parser (e.g. the multipart one) may still be attached
      raw.resume();
      bodyWillBeRead = true;
    }
    if (bodyWillBeRead && reply.getHeader('connection') === 'close') reply.removeHeader('connection');
    return payload;
  });
}
