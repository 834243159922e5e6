import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS, type EndpointName } from 'pos-sdk/contract';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The read answers that grow with the venue's data: the catalogue (sales screen and back office), the ticket ids and
 * passes a terminal keeps for an outage (up to 2,000 tickets), a page of orders, the audit log, the staff list. Not the
 * money calls and the gate's checks (small answers on the hot paths).
 */
export const COMPRESSED_ANSWERS: readonly EndpointName[] = [
  'passes',
  'merchandises',
  'offlinePrepare',
  'getOrders',
  'catalogList',
  'auditList',
  'users',
];

/** The encoding a client takes, brotli before gzip, from its Accept-Encoding (`q=0` refuses one). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const taken = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    taken.add(name.trim());
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return undefined;
}

/** Adds `Accept-Encoding` to the answer's Vary header (caches keep the encodings apart). */
function varyOnEncoding(existing: unknown): string {
  const values = String(existing ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (!values.some((value) => value.toLowerCase() === 'accept-encoding')) values.push('Accept-Encoding');
  return values.join(', ');
}

/**
 * Compresses the JSON answers of {@link COMPRESSED_ANSWERS} of 1 KiB or more for a client that takes brotli
 * (quality 5: cheap enough for a call's answer, and most of the catalogue's bytes saved) or gzip, with
 * `Vary: Accept-Encoding`. Browsers and Node's fetch (the SDK) decompress them on their own. The cashier UI's static
 * files are compressed at build time instead (see `uiAndNotFound.ts`).
 */
export function compressLargeAnswers(
  app: FastifyInstance,
  endpoints: readonly EndpointName[] = COMPRESSED_ANSWERS,
): void {
  const compressed = new Set<string>(endpoints.map((name) => ENDPOINTS[name].path));
  const isCompressed = (request: FastifyRequest) => compressed.has(request.routeOptions.url ?? '');
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isCompressed(request)) return payload;
    reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
    if (reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return payload;
    const answer =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipped(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return answer;
  });
}
