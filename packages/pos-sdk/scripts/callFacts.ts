/** Facts about each call that the reference and the OpenAPI document both state. */
import { errorFromAnswer } from '../src/api/errorFromAnswer';
import {
  EmptyBodySchema,
  ENDPOINTS,
  type EndpointName,
  FACE_PHOTO_MAX_BYTES,
  WIRE_ERROR_STATUS,
  type WireErrorCode,
} from '../src/contract';
import { pathParams } from './contractSchemas';

/** What each wire error code means (docs/api.md, Errors). */
export const WIRE_ERROR_MEANING: Readonly<Record<WireErrorCode, string>> = {
  invalid_request: 'Malformed or invalid input; `details` lists the fields and why.',
  invalid_credentials: 'Wrong email or password (sign-in calls only).',
  forbidden:
    'Missing, invalid, expired or revoked token, or a token used from another terminal: clients sign out. Never used for a business rule.',
  not_permitted:
    'A back-office call with a token whose staff member is not a manager. Clients say so and stay signed in.',
  not_found: 'No such thing.',
  conflict:
    'The state forbids it: not refundable, not redeemable, idempotency key reused with another body, price changed.',
  payload_too_large: `The photo is larger than ${FACE_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  rule: "A business rule refused, with the spec's message (a cart rule, a short payment, a wrong PIN).",
  locked: 'Too many tries (PIN); wait and try again.',
  server_error: 'A real server fault, never bad input. The body is generic.',
};

/** The wire error codes in status order. */
export const WIRE_ERROR_CODES = (Object.keys(WIRE_ERROR_STATUS) as WireErrorCode[]).sort(
  (a, b) => WIRE_ERROR_STATUS[a] - WIRE_ERROR_STATUS[b],
);

/** The SDK error class a status becomes (from the client's own mapping, so the two cannot differ). */
export function sdkErrorOf(code: WireErrorCode): { name: string; code: string } {
  const error = errorFromAnswer({
    status: WIRE_ERROR_STATUS[code],
    body: JSON.stringify({ message: '', code }),
  });
  return { name: error.name, code: error.code };
}

/** Every error code a call may answer with: its own, plus 400 and 500 (and 403 when it needs a token). */
export function errorCodesOf(name: EndpointName): WireErrorCode[] {
  const def = ENDPOINTS[name];
  const own: readonly WireErrorCode[] = 'role' in def ? [...def.errors, 'not_permitted'] : def.errors;
  const common: readonly WireErrorCode[] = def.auth
    ? ['invalid_request', 'forbidden', 'server_error']
    : ['invalid_request', 'server_error'];
  return WIRE_ERROR_CODES.filter((code) => common.includes(code) || own.includes(code));
}

/** What a path parameter holds. */
export const PATH_PARAM_NOTES: Readonly<Record<string, string>> = {
  store: 'The store code (`STORE` unless configured; the SDK sends `config.store`).',
  id: 'The ticket id.',
  ticketId: 'The ticket id.',
};

/** How the SDK's client is called for this call: `api.checkout(body, options?)`. */
export function sdkCall(name: EndpointName): string {
  const def = ENDPOINTS[name];
  const args = pathParams(def.path).map((param) => (param === 'store' ? 'store?' : param));
  if (def.body === 'json' && def.request !== EmptyBodySchema) args.push('body');
  if (def.body === 'multipart') args.push('photo?');
  if (def.idempotent) args.push('options?');
  return `api.${name}(${args.join(', ')})`;
}
