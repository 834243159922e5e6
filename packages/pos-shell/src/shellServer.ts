import { timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { HARDWARE_ERROR_REASONS, isHardwareError, isShellMessage } from 'pos-sdk';
import { allowBridgeInPolicy, bridgeScript, injectBridge, MESSAGE_PATH, TOKEN_HEADER } from './bridge';
import type { ShellLog } from './log';
import type { MessageHandler } from './messages';

/** Options of {@link startShellServer}. */
export interface ShellServerOptions {
  /** The POS server's origin, e.g. `http://pos.local:8080`. */
  readonly server: string;
  /** The loopback port to listen on (0: any free one). */
  readonly port: number;
  /** The shell's key: only a page served by the shell holds it. */
  readonly token: string;
  /** What to do with a message of the page. */
  readonly onMessage: MessageHandler;
  readonly log: ShellLog;
}

/** The running local server. */
export interface ShellServer {
  /** `http://127.0.0.1:PORT`, the origin of the cashier UI in the window. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** The largest message a page may send (a Z report of a long day is some tens of KB). */
const MAX_MESSAGE_BYTES = 1024 * 1024;

/** Headers of one connection, never passed through a proxy (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The status a fault of each kind is answered with. */
const FAULT_STATUS: Record<string, number> = {
  [HARDWARE_ERROR_REASONS.unreachable]: 503,
  [HARDWARE_ERROR_REASONS.timeout]: 504,
  [HARDWARE_ERROR_REASONS.failed]: 502,
};

/**
 * The shell's local server, on the loopback interface only (no other host on the network reaches it):
 *
 * - `POST /__pos-shell/message` takes the page's shell messages. It answers only a request that names this server as
 *   its host (no DNS rebinding), comes from this origin (`Origin`, and `Sec-Fetch-Site: same-origin` when sent) and
 *   carries the shell's key, which only the pages served here hold. A page of another origin cannot read the key,
 *   and its request needs a preflight that is refused: it never reaches the printer or the drawer.
 * - Everything else is passed to the POS server as it is (the UI, its service worker, the API), the page's
 *   `Origin` told as the server's own. HTML pages get the bridge script. When the server cannot be reached, an API
 *   call's connection is dropped (the UI's offline mode takes over, as with the server down) and a page load gets a
 *   short page that retries.
 */
export function startShellServer(options: ShellServerOptions): Promise<ShellServer> {
  const script = bridgeScript(options.token);
  const token = Buffer.from(options.token);
  const upstream = new URL(options.server);
  let port = options.port;
  const ownHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`];
  const ownOrigins = () => ownHosts().map((host) => `http://${host}`);

  const server = createServer((request, response) => {
    if (!ownHosts().includes(request.headers.host ?? '')) {
      return answerText(response, 421, `This is the POS desktop shell: open it as http://127.0.0.1:${port}`);
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === MESSAGE_PATH || path.startsWith('/__pos-shell/')) {
      void takeMessage(request, response);
      return;
    }
    proxy(request, response);
  });

  const refuse = (response: ServerResponse, status: number, message: string) =>
    answerJson(response, status, { reason: HARDWARE_ERROR_REASONS.failed, message });

  const takeMessage = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.url?.split('?')[0] !== MESSAGE_PATH || request.method !== 'POST') {
      request.resume();
      return refuse(response, request.method === 'OPTIONS' ? 403 : 404, 'Not a desktop shell call');
    }
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (
      origin === undefined ||
      !ownOrigins().includes(origin) ||
      (site !== undefined && site !== 'same-origin')
    ) {
      request.resume();
      options.log(`Refused a message from another page (${origin ?? 'no origin'})`);
      return refuse(response, 403, 'Only the cashier UI served by this shell may use its printer and drawer');
    }
    const given = Buffer.from(String(request.headers[TOKEN_HEADER] ?? ''));
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      request.resume();
      options.log('Refused a message without the shell key');
      return refuse(response, 403, 'Only the cashier UI served by this shell may use its printer and drawer');
    }
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      request.resume();
      return refuse(response, 415, 'A shell message is JSON');
    }
    let body: string;
    try {
      body = await readBody(request, MAX_MESSAGE_BYTES);
    } catch {
      return refuse(response, 413, 'The message is too large');
    }
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return refuse(response, 400, 'The message is not JSON');
    }
    if (!isShellMessage(message)) return refuse(response, 400, 'Not a shell message');
    try {
      await options.onMessage(message);
      response.writeHead(204, { 'cache-control': 'no-store' }).end();
    } catch (error) {
      if (isHardwareError(error)) {
        return answerJson(response, FAULT_STATUS[error.reason] ?? 502, {
          reason: error.reason,
          message: error.message,
        });
      }
      options.log(`The ${message.type} message failed: ${String(error)}`);
      return refuse(response, 500, `The desktop shell could not carry out the ${message.type} message`);
    }
  };

  const proxy = (request: IncomingMessage, response: ServerResponse) => {
    const headers = forwardHeaders(request.headers, upstream, ownOrigins());
    const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers,
      },
      (answer) => relayAnswer(request, answer, response, script, `http://127.0.0.1:${port}`, upstream),
    );
    outgoing.on('error', () => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      if (request.headers['sec-fetch-mode'] === 'navigate') {
        answerHtml(response, 502, unreachablePage(upstream.origin));
      } else {
        // As if the server were down: the SDK sees no answer and sells offline.
        request.socket.destroy();
      }
    });
    request.pipe(outgoing);
  };

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${options.port} is in use on 127.0.0.1: is another pos-shell running? Set another with --port`,
            )
          : error,
      );
    });
    server.listen(options.port, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () => closeServer(server),
      });
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The request's headers for the POS server: its own host, the page's origin told as the server's. */
function forwardHeaders(
  headers: IncomingHttpHeaders,
  upstream: URL,
  ownOrigins: string[],
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === TOKEN_HEADER) continue;
    out[name] = value;
  }
  out.host = upstream.host;
  if (typeof headers.origin === 'string' && ownOrigins.includes(headers.origin)) out.origin = upstream.origin;
  if (typeof headers.referer === 'string') {
    for (const origin of ownOrigins) {
      if (headers.referer.startsWith(`${origin}/`))
        out.referer = upstream.origin + headers.referer.slice(origin.length);
    }
  }
  return out;
}

/** Passes the server's answer on; an HTML page gets the bridge script (and a CSP that allows it). */
function relayAnswer(
  request: IncomingMessage,
  answer: IncomingMessage,
  response: ServerResponse,
  script: string,
  ownOrigin: string,
  upstream: URL,
): void {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers[name] = value;
  }
  const location = answer.headers.location;
  if (typeof location === 'string' && location.startsWith(upstream.origin)) {
    headers.location = ownOrigin + location.slice(upstream.origin.length);
  }
  const isHtml = /^text\/html\b/i.test(answer.headers['content-type'] ?? '') && request.method === 'GET';
  if (!isHtml) {
    response.writeHead(answer.statusCode ?? 502, headers);
    answer.pipe(response);
    return;
  }
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.on('error', () => response.destroy());
  answer.on('end', () => {
    let html: string;
    try {
      html = decode(Buffer.concat(chunks), answer.headers['content-encoding']).toString('utf8');
    } catch {
      response.destroy();
      return;
    }
    const body = Buffer.from(injectBridge(html, script));
    delete headers['content-encoding'];
    headers['content-length'] = String(body.length);
    const policy = answer.headers['content-security-policy'];
    if (typeof policy === 'string') headers['content-security-policy'] = allowBridgeInPolicy(policy, script);
    response.writeHead(answer.statusCode ?? 200, headers);
    response.end(body);
  });
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case '':
    case 'identity':
      return body;
    case 'gzip':
      return gunzipSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      throw new Error(`unknown content encoding ${encoding}`);
  }
}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(request.headers['content-length'] ?? 0) > limit;
    if (tooLarge) reject(new Error('too large'));
    // Read to the end either way (what is over the limit is dropped), so the answer reaches the caller.
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (tooLarge) return;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        reject(new Error('too large'));
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function answerJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

function answerText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function answerHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  response.end(html);
}

/** The page shown when the POS server cannot be reached and the UI is not kept by the browser yet. */
export function unreachablePage(server: string): string {
  const safe = server.replace(/[<>&"]/g, '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>POS server not reachable</title></head><body style="font-family:system-ui,sans-serif;padding:2rem"><h1>POS server not reachable</h1><p>The till cannot reach the POS server at ${safe}. This page tries again every 5 seconds.</p></body></html>`;
}
