import type { PosErrorCode, PosErrorDetails } from './posErrorCodes';

/** What a {@link PosError} carries besides its code and message. */
export interface PosErrorOptions<C extends PosErrorCode = PosErrorCode> {
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number | undefined;
  /** Machine-readable detail, typed per code (see {@link PosErrorDetails}): the field issues of a 400... */
  readonly details?: PosErrorDetails<C>;
  /** The underlying error (a fetch `TypeError`, a ky `TimeoutError`, a `ZodError`...). */
  readonly cause?: unknown;
  /** Whether the person at the terminal has been shown this failure already (see {@link PosError.notified}). */
  readonly notified?: boolean;
}

/**
 * The one error type the SDK throws for anything a caller must handle. `message` is what a person is shown (the
 * server's message, or the spec's); `code` is what code branches on, from one vocabulary (the wire's codes plus the
 * client-only ones, {@link POS_ERROR_CODES}); `details` is typed by the code; `notified` says whether a service has
 * shown it already. Subclasses exist only where a caller acts differently: {@link AuthError} (signed out),
 * {@link NetworkError} (no answer: retry with the same key), {@link ValidationError} (field issues),
 * {@link RuleError} (a rule's refusal).
 *
 * @example
 * try { await pos.orders.refund(invoice, reason) } catch (error) {
 *   if (!isPosError(error)) throw error;
 *   if (error.code === 'conflict') showAlreadyRefunded(error.message);
 *   else if (error.code === 'invalid_request') showFields(error.details); // readonly FieldIssue[] | undefined
 * }
 */
export class PosError<C extends PosErrorCode = PosErrorCode> extends Error {
  override readonly name: string = 'PosError';
  /** What kind of failure this is. */
  readonly code: C;
  /** The HTTP status of the answer, when there was one. */
  readonly status?: number;
  /** Machine-readable detail, typed per code (see {@link PosErrorDetails}). */
  readonly details?: PosErrorDetails<C>;
  #notified: boolean;

  constructor(code: C, message: string, options: PosErrorOptions<C> = {}) {
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
   * `FormError`'s field messages, a question for the cashier, a call made on the API client, an aborted call.
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

/**
 * A {@link PosError} of any one code: a union, so checking `code` narrows it (and its `details`).
 * What {@link isPosError} and `toPosError` give.
 */
export type AnyPosError = { [C in PosErrorCode]: PosError<C> }[PosErrorCode];

/** Whether `value` is a {@link PosError} (or one of its subclasses); `value.code` then narrows it. */
export function isPosError(value: unknown): value is AnyPosError {
  return value instanceof PosError;
}
