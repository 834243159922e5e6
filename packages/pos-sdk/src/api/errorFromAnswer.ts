import {
  ErrorBodySchema,
  FieldIssuesSchema,
  WIRE_ERROR_STATUS,
  type WireErrorCode,
} from '../contract/errors';
import { AuthError } from '../errors/AuthError';
import { type AnyPosError, PosError } from '../errors/PosError';
import { RuleError } from '../errors/RuleError';
import { ValidationError } from '../errors/ValidationError';
import { BACK_OFFICE_MESSAGES } from '../rules/backOfficeMessages';
import { SERVER_MESSAGES } from '../rules/serverMessages';

/** The parts of an error answer that decide the error. */
export interface ErrorAnswer {
  /** HTTP status (4xx or 5xx). */
  readonly status: number;
  /** HTTP status text, for the fallback message of an unreadable body. */
  readonly statusText?: string;
  /** The raw body: normally the contract's `{ message, code, details? }`. */
  readonly body: string;
}

function readErrorBody(body: string): { message?: string; code?: string; details?: unknown } {
  try {
    const parsed = ErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : {};
  } catch {
    return {}; // not JSON: a proxy's HTML page, an empty body
  }
}

function isWireCode(code: string | undefined): code is WireErrorCode {
  return code !== undefined && Object.hasOwn(WIRE_ERROR_STATUS, code);
}

/** The wire code of an answer: the body's own when it is one of the contract's, else the status's. */
function codeOf(status: number, bodyCode: string | undefined): WireErrorCode {
  if (isWireCode(bodyCode)) return bodyCode;
  switch (status) {
    case 401:
      return 'invalid_credentials';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 422:
      return 'rule';
    case 429:
      return 'locked';
  }
  return status >= 400 && status < 500 ? 'invalid_request' : 'server_error';
}

/** Default messages when the body says nothing readable (a proxy's page). */
const FALLBACK_MESSAGES: Record<WireErrorCode, string> = {
  invalid_request: 'The request is not valid',
  invalid_credentials: SERVER_MESSAGES.invalidCredentials,
  forbidden: 'Your session has ended, please sign in again',
  not_permitted: BACK_OFFICE_MESSAGES.managerOnly,
  not_found: 'Not found',
  conflict: 'This cannot be done in the current state',
  payload_too_large: 'The request is too large',
  rule: 'Refused by a business rule',
  locked: 'Too many tries, please wait and try again',
  server_error: 'The server failed to handle the request',
};

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/**
 * The {@link PosError} for an error answer, with the wire's code (the body's `code`, or the status's when the body is
 * unreadable) and the server's `message` for display (a fallback naming the status otherwise):
 * `invalid_request` / `payload_too_large` {@link ValidationError} with the field issues, `forbidden`
 * {@link AuthError} (the session is over), `rule` {@link RuleError} with the rule and title, and a `PosError` with the
 * code for the rest (`invalid_credentials`, `not_permitted`, `not_found`, `conflict`, `locked`, `server_error`).
 */
export function errorFromAnswer(answer: ErrorAnswer): AnyPosError {
  const { status } = answer;
  const body = readErrorBody(answer.body);
  const code = codeOf(status, body.code);
  const httpStatus = `HTTP ${status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  const message = body.message ?? `${FALLBACK_MESSAGES[code]} (${httpStatus})`;
  switch (code) {
    case 'invalid_request':
    case 'payload_too_large': {
      const issues = FieldIssuesSchema.safeParse(body.details);
      const error = new ValidationError(message, {
        code,
        status,
        details: issues.success ? issues.data : [],
      });
      return error as AnyPosError;
    }
    case 'forbidden':
      return new AuthError(message, {
        status,
        ...(body.details === undefined ? {} : { details: body.details }),
      });
    case 'rule': {
      const rule = stringField(body.details, 'rule');
      const title = stringField(body.details, 'title');
      return new RuleError(message, {
        status,
        ...(rule === undefined ? {} : { rule }),
        ...(title === undefined ? {} : { title }),
      });
    }
    default:
      return new PosError(code, message, {
        status,
        ...(body.details === undefined ? {} : { details: body.details }),
      }) as AnyPosError;
  }
}
