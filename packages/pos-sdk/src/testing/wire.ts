import { buildPath, ENDPOINTS, type EndpointName } from '../contract/endpoints';
import { WIRE_ERROR_STATUS, type WireErrorCode } from '../contract/errors';
import { fixture, type WireAnswer } from './fixtures';

/** The API address the kit's terminal and mock use: any absolute URL works; this one never reaches a network. */
export const TEST_BASE_URL = 'http://pos.test';

/** The host id the kit's terminal sends as `X-Host-Name` (the SDK's default, TICKET01). */
export const TEST_HOST_ID = 'TICKET01';

/** The status a wire error code is sent with (`WIRE_ERROR_STATUS`); 500 for a code the wire does not have. */
function statusOf(code: string): number {
  return Object.hasOwn(WIRE_ERROR_STATUS, code) ? WIRE_ERROR_STATUS[code as WireErrorCode] : 500;
}

/** An error answer to script: the wire's `{ message, code, details? }` body and its status. */
export interface WireErrorSpec {
  /** The wire's error code (`conflict`, `rule`, `not_found` ...); sets the status when `status` is omitted. */
  readonly code: string;
  /** The message the server gives (shown to the cashier). */
  readonly message: string;
  /** The HTTP status. Default: the code's (`conflict` 409, `rule` 422 ...; 500 for an unknown code). */
  readonly status?: number;
  /** `details` of the body, e.g. `[{ path: 'items.0.sku', message: '...' }]` for a 400. */
  readonly details?: unknown;
}

/** What nock's `.reply(...)` takes, in order: the status, the body (JSON or text) and the headers. */
export type NockReply = [
  status: number,
  body: string | Record<string, unknown>,
  headers: Record<string, string>,
];

/** The headers a JSON answer carries. */
const JSON_HEADERS = { 'content-type': 'application/json' } as const;

/** The status and body of a scripted wire error. */
export function wireErrorBody(error: WireErrorSpec): { status: number; body: Record<string, unknown> } {
  const status = error.status ?? statusOf(error.code);
  const body: Record<string, unknown> = { message: error.message, code: error.code };
  if (error.details !== undefined) body.details = error.details;
  return { status, body };
}

/**
 * The path of a call with its `:param` placeholders filled, for nock's `.get(path)` / `.post(path)`. Without
 * `params`, the fixture's (`passes`: `/v1/passes/STORE`).
 *
 * @example nock(TEST_BASE_URL).post(callPath('checkout')).reply(...replyWith('checkout'));
 */
export function callPath(name: EndpointName, params?: Readonly<Record<string, string>>): string {
  return buildPath(ENDPOINTS[name].path, params ?? fixture(name).params ?? {});
}

/**
 * The headers the SDK sends on a call, as nock matches them (`reqheaders`, or one `.matchHeader` each): the host
 * id always; `authorization: Bearer …` on calls that need a token; `idempotency-key` on money calls (a new UUID
 * per sale unless the app passes its own key); `accept: application/json` on JSON calls. Values that change per
 * call are regular expressions.
 *
 * @example nock(TEST_BASE_URL, { reqheaders: sdkHeaders('checkout') }).post(callPath('checkout')).reply(...);
 */
export function sdkHeaders(
  name: EndpointName,
  options: { hostId?: string; token?: string } = {},
): Record<string, string | RegExp> {
  const def = ENDPOINTS[name];
  const headers: Record<string, string | RegExp> = { 'x-host-name': options.hostId ?? TEST_HOST_ID };
  if (def.auth)
    headers.authorization = options.token === undefined ? /^Bearer \S+$/ : `Bearer ${options.token}`;
  if (def.idempotent) headers['idempotency-key'] = /^\S+$/;
  if (def.responseKind === 'json') headers.accept = /application\/json/;
  return headers;
}

/**
 * A nock reply with a call's fixture (or `answer` instead), its status and content type: spread it into `.reply`.
 *
 * @example nock(TEST_BASE_URL).get(callPath('passes')).reply(...replyWith('passes'));
 */
export function replyWith<N extends EndpointName>(name: N, answer?: WireAnswer<N>): NockReply {
  const found = fixture(name);
  const body = answer === undefined ? found.answer : answer;
  if (ENDPOINTS[name].responseKind === 'json')
    return [200, body as Record<string, unknown>, { ...JSON_HEADERS }];
  return [200, String(body ?? ''), { 'content-type': found.contentType ?? 'application/octet-stream' }];
}

/**
 * A nock reply with a wire error: the status (from the code unless given) and `{ message, code, details? }`.
 *
 * @example nock(TEST_BASE_URL).post(callPath('checkout')).reply(...replyWithError({ code: 'rule', message: 'Card amount exceeds the amount due' }));
 */
export function replyWithError(error: WireErrorSpec): NockReply {
  const { status, body } = wireErrorBody(error);
  return [status, body, { ...JSON_HEADERS }];
}
