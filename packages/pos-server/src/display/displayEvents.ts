import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISPLAY_UNPAIRED_EVENT, type DisplayMessage } from 'pos-sdk/contract';
import { DISPLAY_MESSAGES } from 'pos-sdk/messages';
import { HttpProblem } from '../http/HttpProblem';
import type { DisplayHub, DisplayStream } from './displayHub';

/** A comment line this often keeps proxies and the idle-socket timeout from closing a quiet stream. */
export const DISPLAY_HEARTBEAT_MS = 15_000;
/** A display that reads nothing while this much waits unsent is cut (it reconnects, or is gone). */
const MAX_UNSENT_BYTES = 256 * 1024;
/** A display token: 43 characters of base64url (`createOpaqueToken`). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** One server-sent event carrying a message (the default `message` event, one JSON line). */
function messageEvent(message: DisplayMessage): string {
  return `data: ${JSON.stringify(message)}\n\n`;
}

/** The `unpaired` event: the display stops following and says 'Not paired'. */
const UNPAIRED = `event: ${DISPLAY_UNPAIRED_EVENT}\ndata: {}\n\n`;

/**
 * GET /v1/display/events?token=… (`text/event-stream`; EventSource cannot send headers, so the token is in the
 * query): the display's stream. It gets the terminal's latest message at once, then each one the till publishes,
 * a comment line every {@link DISPLAY_HEARTBEAT_MS}, and the `unpaired` event when the till unpairs it (the stream
 * ends then). A token the server does not hold (unpaired, replaced, or the server restarted) gets `unpaired` at once,
 * so the display says 'Not paired' instead of retrying forever. The token reads this stream and nothing else: no
 * other route knows it.
 *
 * @throws {HttpProblem} 400 when the query has no token of the right shape.
 */
export function streamDisplayEvents(
  hub: DisplayHub,
  request: FastifyRequest<{ Querystring: { token?: unknown } }>,
  reply: FastifyReply,
): void {
  const token = request.query.token;
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) {
    throw HttpProblem.invalidRequest(DISPLAY_MESSAGES.tokenMissing, [
      { path: 'token', message: DISPLAY_MESSAGES.tokenMissing },
    ]);
  }
  const terminal = hub.terminalOf(token);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store, no-transform',
    Connection: 'keep-alive',
    // nginx and the like would hold the events back in a buffer.
    'X-Accel-Buffering': 'no',
  });
  if (terminal === undefined) {
    raw.end(UNPAIRED);
    return;
  }
  let ended = false;
  const write = (text: string) => {
    if (ended) return;
    if (raw.writableLength > MAX_UNSENT_BYTES) {
      finish();
      raw.destroy();
      return;
    }
    raw.write(text);
  };
  const stream: DisplayStream = {
    send: (message) => write(messageEvent(message)),
    unpair: () => {
      if (ended) return;
      raw.end(UNPAIRED);
      finish();
    },
    close: () => {
      if (ended) return;
      raw.end();
      finish();
    },
  };
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), DISPLAY_HEARTBEAT_MS);
  heartbeat.unref();
  const remove = hub.open(terminal, stream);
  function finish() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    remove();
  }
  raw.on('close', finish);
  // Reconnect after 3 s when the connection drops; then the latest message at once.
  write(`retry: 3000\n${messageEvent(hub.latest(terminal))}`);
}
