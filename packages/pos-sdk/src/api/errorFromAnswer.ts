import { ErrorBodySchema, FieldIssuesSchema } from '../contract/errors';
import { AuthError } from '../errors/AuthError';
import { ConflictError } from '../errors/ConflictError';
import { InvalidCredentialsError } from '../errors/InvalidCredentialsError';
import { LockedError } from '../errors/LockedError';
import { NotFoundError } from '../errors/NotFoundError';
import { PermissionError } from '../errors/PermissionError';
import type { PosError, PosErrorOptions } from '../errors/PosError';
import { RuleError } from '../errors/RuleError';
import { ServerError } from '../errors/ServerError';
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

/**
 * The {@link PosError} for an error answer, keeping the server's `message` for display (a
 * fallback naming the status when the body is unreadable): 400/413 {@link ValidationError}
 * with the field issues, 401 {@link InvalidCredentialsError}, 403 {@link AuthError} (403 `not_permitted`:
 * {@link PermissionError}, which signs nobody out), 404
 * {@link NotFoundError}, 409 {@link ConflictError}, 422 {@link RuleError}, 429 {@link LockedError},
 * 5xx {@link ServerError}. Other 4xx count as validation errors, anything else as a server error.
 */
export function errorFromAnswer(answer: ErrorAnswer): PosError {
  const { status } = answer;
  const body = readErrorBody(answer.body);
  const httpStatus = `HTTP ${status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  const message = (fallback: string) => body.message ?? `${fallback} (${httpStatus})`;
  const options: PosErrorOptions =
    body.details === undefined ? { status } : { status, details: body.details };

  switch (status) {
    case 401:
      return new InvalidCredentialsError(message(SERVER_MESSAGES.invalidCredentials), options);
    case 403:
      // A back-office call refused to a staff member who is not a manager: signed in all the same.
      if (body.code === 'not_permitted')
        return new PermissionError(message(BACK_OFFICE_MESSAGES.managerOnly), options);
      return new AuthError(message('Your session has ended, please sign in again'), options);
    case 404:
      return new NotFoundError(message('Not found'), options);
    case 409:
      return new ConflictError(message('This cannot be done in the current state'), options);
    case 422:
      return new RuleError(message('Refused by a business rule'), options);
    case 429:
      return new LockedError(message('Too many tries, please wait and try again'), options);
  }
  if (status >= 400 && status < 500) {
    const issues = FieldIssuesSchema.safeParse(body.details);
    return new ValidationError(message('The request is not valid'), {
      status,
      details: issues.success ? issues.data : [],
    });
  }
  return new ServerError(message('The server failed to handle the request'), options);
}
