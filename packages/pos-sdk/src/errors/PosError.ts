import type { PosErrorCode } from './posErrorCodes';

/** What a {@link PosError} carries besides its code and message. */
export interface PosErrorOptions {
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number;
  /** Machine-readable detail: the server's `details` (field issues of a 400), a zod issue list... */
  readonly details?: unknown;
  /** The underlying error (a fetch `TypeError`, a ky `TimeoutError`, a `ZodError`...). */
  readonly cause?: unknown;
  /** Whether the person at the terminal has been shown this failure already (see {@link PosError.notified}). */
  readonly notified?: boolean;
}

/**
 * The one error type the SDK throws for anything a caller must handle. `message` is what a
 * person is shown (the server's message, or the spec's); `code` is what code branches on;
 * `notified` says whether a service has shown it already.
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
  #notified: boolean;

  constructor(code: PosErrorCode, message: string, options: PosErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.status !== undefined) this.status = options.status;
    if (options.details !== undefined) this.details = options.details;
    this.#notified = options.notified === true;
  }

  /**
   * True once the failure has been shown to the person at the terminal: a service of `createPos`
   * that toasts a failure (a notice: 'Server not responding', the server's message, a rule's
   * warning) marks the error it throws. A UI's own error boundary shows only failures not
   * notified yet, so each is shown exactly once. False for what a service only throws: a
   * `FormError`'s field messages, a question for the cashier, a call made on the API client.
   *
   * @example
   * catch (error) { const failure = toPosError(error); if (!failure.notified) toast(failure.message); }
   */
  get notified(): boolean {
    return this.#notified;
  }

  /** Records that the failure has been shown (see {@link PosError.notified}); returns the error, to throw it. */
  markNotified(): this {
    this.#notified = true;
    return this;
  }
}

/** Whether `value` is a {@link PosError} (or one of its subclasses). */
export function isPosError(value: unknown): value is PosError {
  return value instanceof PosError;
}
