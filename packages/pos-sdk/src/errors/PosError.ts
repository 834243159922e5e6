import type { PosErrorCode } from './posErrorCodes';

/** What a {@link PosError} carries besides its code and message. */
export interface PosErrorOptions {
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number;
  /** Machine-readable detail: the server's `details` (field issues of a 400), a zod issue list... */
  readonly details?: unknown;
  /** The underlying error (a fetch `TypeError`, a ky `TimeoutError`, a `ZodError`...). */
  readonly cause?: unknown;
}

/**
 * The one error type the SDK throws for anything a caller must handle. `message` is what a
 * person is shown (the server's message, or the spec's); `code` is what code branches on.
 *
 * @example
 * try { await api.checkout(body) } catch (error) {
 *   if (isPosError(error) && error.code === POS_ERROR_CODES.network) keepCartAndOfferRetry();
 * }
 */
export class PosError extends Error {
  override readonly name: string = 'PosError';
  /** What kind of failure this is. */
  readonly code: PosErrorCode;
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number;
  /** Machine-readable detail (see {@link PosErrorOptions.details}). */
  readonly details?: unknown;

  constructor(code: PosErrorCode, message: string, options: PosErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.status !== undefined) this.status = options.status;
    if (options.details !== undefined) this.details = options.details;
  }
}

/** Whether `value` is a {@link PosError} (or one of its subclasses). */
export function isPosError(value: unknown): value is PosError {
  return value instanceof PosError;
}
