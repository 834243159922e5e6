import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, FieldIssue } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { fieldIssueText } from 'pos-sdk/rules';
import { $ZodError } from 'zod/v4/core';
import { isHttpProblem } from './HttpProblem';

/**
 * Field issues of a ZodError as the contract's 400 details, zod's own defaults in the contract's words:
 * `[{path: 'items.0.quantity', message: 'must be at most 999'}]`.
 */
export function fieldIssuesOf(error: $ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: fieldIssueText(issue),
  }));
}

/** The one-line message of a 400: the first wrong field, and how many more there are. */
export function invalidRequestMessage(issues: FieldIssue[]): string {
  const [first] = issues;
  if (first === undefined) return SERVER_MESSAGES.invalidRequest;
  const field = first.path === '' ? 'request body' : first.path;
  const more = issues.length > 1 ? SERVER_MESSAGES.moreInvalidFields(issues.length - 1) : '';
  // A message that already says what is invalid ('Invalid email format') is not prefixed again.
  const text = first.message.startsWith('Invalid ')
    ? first.message
    : SERVER_MESSAGES.invalidField(field, first.message);
  return `${text}${more}`;
}

const formatLimit = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${bytes / (1024 * 1024)} MB`
    : bytes >= 1024
      ? `${bytes / 1024} KB`
      : `${bytes} bytes`;

/** Fastify's own client errors and the wire answer for each (never echoing parser internals). */
function fastifyClientError(
  error: FastifyError,
  bodyLimit: number,
): { status: number; body: ErrorBody } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return {
        status: 413,
        body: {
          message:
            error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? SERVER_MESSAGES.bodyTooLarge(formatLimit(bodyLimit))
              : error.message,
          code: 'payload_too_large',
        },
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { message: SERVER_MESSAGES.unsupportedMediaType, code: 'invalid_request' },
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { message: SERVER_MESSAGES.malformedJson, code: 'invalid_request' } };
    default:
      break;
  }
  // JSON.parse failures and other 4xx errors raised by Fastify before the route: a client mistake.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, body: { message: SERVER_MESSAGES.malformedJson, code: 'invalid_request' } };
  }
  // Any parser or library error that carries a 4xx status (`statusCode`, or `status` as http-errors sets it) is
  // the client's: Fastify's and its plugins' (`FST_…`, e.g. a multipart body without a boundary) keep their own
  // short message; another library's message could name its internals, so it gets the status's generic one.
  const status = clientStatusOf(error);
  if (status === undefined) return undefined;
  const isFastify = typeof error.code === 'string' && error.code.startsWith('FST_');
  return {
    status,
    body: {
      message: isFastify ? error.message : SERVER_MESSAGES.clientError(status),
      code: status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : 'invalid_request',
    },
  };
}

/** The 4xx status an error carries (`statusCode` or `status`), if any. */
function clientStatusOf(error: { statusCode?: unknown; status?: unknown }): number | undefined {
  for (const candidate of [error.statusCode, error.status]) {
    if (typeof candidate === 'number' && Number.isInteger(candidate) && candidate >= 400 && candidate < 500) {
      return candidate;
    }
  }
  return undefined;
}

/**
 * Database errors that mean another call changed the same thing at the same moment, not a fault: a unique key taken
 * by a call that committed first (PostgreSQL `23505`, SQLite's unique and primary key constraints), a deadlock
 * (`40P01`) or a serialization failure (`40001`), which PostgreSQL resolves by ending one of the transactions. The
 * transaction was rolled back whole; the same call sent again runs on what the other left.
 */
const CONCURRENT_CHANGE_CODES = new Set([
  '23505',
  '40P01',
  '40001',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);

/** Is this a database error of a change made at the same moment by another call (see above)? */
export function isConcurrentChange(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && CONCURRENT_CHANGE_CODES.has(code);
}

/** The router's longest path parameter (a ticket id in the address): Fastify's default, named. */
export const MAX_PARAM_LENGTH = 100;

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook runs (a path parameter over
 * {@link MAX_PARAM_LENGTH}, a malformed %-escape) answers 400 `invalid_request` in the contract's shape instead of
 * Fastify's own `{error, code: 'FST_ERR_…', statusCode}` (a 414 for the long parameter).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? SERVER_MESSAGES.addressPartTooLong(MAX_PARAM_LENGTH)
      : error.code === 'FST_ERR_BAD_URL'
        ? SERVER_MESSAGES.malformedAddress
        : undefined;
  if (message === undefined) {
    reply.status(500).send({ message: SERVER_MESSAGES.serverError, code: 'server_error' });
    return;
  }
  reply.status(400).send({ message, code: 'invalid_request' });
}

/**
 * Installs the app's one error handler and its 404 handler. Every error answer is `{message, code, details?}`:
 *
 * - a ZodError (a body or parameter against the contract) -> 400 `invalid_request`, details = the wrong fields;
 * - an {@link HttpProblem} -> its status, code, message and details;
 * - a body over the limit -> 413 `payload_too_large`; malformed JSON -> 400; a wrong content type -> 415;
 * - any other error of a parser or library that carries a 4xx status -> that status (a client mistake);
 * - a unique key taken, a deadlock or a serialization failure in the database ({@link isConcurrentChange}) -> 409
 *   `conflict` 'Someone else changed this at the same moment. Please try again.' (logged as a warning);
 * - anything else -> 500 `server_error` with a generic message. The error is logged; its stack, SQL or
 *   message never reach the client.
 */
export function installErrorHandler(app: FastifyInstance, options: { bodyLimit: number }): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof $ZodError) {
      const details = fieldIssuesOf(error);
      return reply
        .status(400)
        .send({ message: invalidRequestMessage(details), code: 'invalid_request', details });
    }
    if (isHttpProblem(error)) {
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.status).send(body);
    }
    // Something thrown that is not even an object (`throw null`) is a fault of ours, never the client's.
    const client =
      error !== null && typeof error === 'object' ? fastifyClientError(error, options.bodyLimit) : undefined;
    if (client !== undefined) {
      request.log.info({ code: error.code }, client.body.message);
      return reply.status(client.status).send(client.body);
    }
    if (isConcurrentChange(error)) {
      request.log.warn({ err: error }, 'concurrent change');
      return reply.status(409).send({ message: SERVER_MESSAGES.changedMeanwhile, code: 'conflict' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: SERVER_MESSAGES.serverError, code: 'server_error' });
  });
}
