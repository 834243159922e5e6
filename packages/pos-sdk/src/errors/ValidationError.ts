import type { FieldIssue } from '../contract/errors';
import { PosError, type PosErrorOptions } from './PosError';

/** What a {@link ValidationError} carries: its `details` are field issues. */
export interface ValidationErrorOptions extends Omit<PosErrorOptions, 'details'> {
  /** Which fields are wrong and why (the server's `details` of a 400). */
  readonly details?: readonly FieldIssue[];
}

/** 400 (or 413): the request was malformed or a field is invalid; `details` says which and why. */
export class ValidationError extends PosError {
  override readonly name: string = 'ValidationError';
  /** Which fields are wrong and why; empty when the server did not say. */
  declare readonly details: readonly FieldIssue[];

  constructor(message = 'The request is not valid', options: ValidationErrorOptions = {}) {
    super('validation', message, { status: 400, ...options, details: options.details ?? [] });
  }
}
