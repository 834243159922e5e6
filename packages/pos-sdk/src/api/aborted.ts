import { PosError } from '../errors/PosError';
import type { CallOptions } from './ApiConfig';

/** The error of a call its caller aborted: code `'aborted'`, the signal's reason as `cause`. */
export function abortedError(signal: AbortSignal): PosError {
  return new PosError('aborted', 'The request was canceled', { cause: signal.reason });
}

/** Only the caller's part of a service's {@link CallOptions}: its signal (nothing else reaches the API client). */
export function signalOnly(options: CallOptions | undefined): CallOptions {
  return options?.signal === undefined ? {} : { signal: options.signal };
}

/** Throws the aborted error when the signal is already aborted: a service checks before it changes any state. */
export function throwIfAborted(options: CallOptions | undefined): void {
  const signal = options?.signal;
  if (signal?.aborted) throw abortedError(signal);
}

/**
 * `promise`, or the aborted error as soon as `signal` aborts: for a caller that joins work it does not own (a
 * sync already running), whose abort ends only its own wait.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortedError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Whether `error` is a call its caller aborted (code `'aborted'`). */
export function isAborted(error: unknown): error is PosError {
  return error instanceof PosError && error.code === 'aborted';
}
