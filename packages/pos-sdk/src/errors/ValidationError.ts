import type { FieldIssue } from '../contract/errors';
import { PosError, type PosErrorOptions } from './PosError';

/** What a {@link ValidationError} carries: its `details` are field issues. */
export interface ValidationErrorOptions
  extends Omit<PosErrorOptions<'invalid_request' | 'payload_too_large'>, 'details'> {
  /** Which fields are wrong and why (the server's `details` of a 400). */
  readonly details?: readonly FieldIssue[];
  /** `payload_too_large` for a 413; default `invalid_request`. */
  readonly code?: 'invalid_request' | 'payload_too_large';
}

/**
 * 400 `invalid_request` (or 413 `payload_too_large`): the request was malformed or a field is invalid; `details`
 * says which and why, to show beside each field.
 */
export class ValidationError extends PosError<'invalid_request' | 'payload_too_large'> {
  override readonly name: string = 'ValidationError';
  /** Which fields are wrong and why; empty when the server did not say. */
  declare readonly details: readonly FieldIssue[];

  constructor(message = 'The request is not valid', options: ValidationErrorOptions = {}) {
    const { code = 'invalid_request', ...rest } = options;
    super(code, message, {
      status: code === 'payload_too_large' ? 413 : 400,
      ...rest,
      details: rest.details ?? [],
    });
  }
}
