import type { FieldIssue, WireErrorCode } from 'pos-sdk/contract';
import { WIRE_ERROR_STATUS } from 'pos-sdk/contract';

/**
 * An error a route throws to answer with a wire error `{ message, code, details? }` (docs/api.md, Errors).
 * The app's error handler turns it into the response; anything else becomes a generic 500.
 *
 * @example throw HttpProblem.conflict('No open shift');
 */
export class HttpProblem extends Error {
  override name = 'HttpProblem';
  /** HTTP status, from the code. */
  readonly status: number;

  constructor(
    /** The wire error code. */
    readonly code: WireErrorCode,
    message: string,
    /** Extra machine-readable detail (field issues for 400). */
    readonly details?: unknown,
  ) {
    super(message);
    this.status = WIRE_ERROR_STATUS[code];
  }

  /** 400 `invalid_request` with the fields that are wrong. */
  static invalidRequest(message: string, details?: FieldIssue[]): HttpProblem {
    return new HttpProblem('invalid_request', message, details);
  }

  /** 401 `invalid_credentials` (the sign-in calls only). */
  static invalidCredentials(message: string): HttpProblem {
    return new HttpProblem('invalid_credentials', message);
  }

  /** 403 `forbidden`: missing, invalid or expired token. Clients sign out on it, so never for a business rule. */
  static forbidden(message: string): HttpProblem {
    return new HttpProblem('forbidden', message);
  }

  /** 403 `not_permitted`: a back-office call by a staff member who is not a manager. Signs nobody out. */
  static notPermitted(message: string): HttpProblem {
    return new HttpProblem('not_permitted', message);
  }

  /** 404 `not_found`. */
  static notFound(message: string): HttpProblem {
    return new HttpProblem('not_found', message);
  }

  /** 409 `conflict`: the current state forbids the action. */
  static conflict(message: string, details?: unknown): HttpProblem {
    return new HttpProblem('conflict', message, details);
  }

  /** 422 `rule`: a business rule refused it, with the spec's message. */
  static rule(message: string, details?: unknown): HttpProblem {
    return new HttpProblem('rule', message, details);
  }

  /** 429 `locked`: too many wrong tries. */
  static locked(message: string, details?: unknown): HttpProblem {
    return new HttpProblem('locked', message, details);
  }
}

/** Is this an {@link HttpProblem}? */
export function isHttpProblem(error: unknown): error is HttpProblem {
  return error instanceof HttpProblem;
}
