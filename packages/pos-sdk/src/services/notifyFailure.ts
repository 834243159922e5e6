import { NetworkError } from '../errors/NetworkError';
import type { PosError } from '../errors/PosError';
import { toPosError } from '../errors/toPosError';
import { MESSAGES } from '../rules/messages';
import type { NoticesService } from './NoticesService';

/** Options of {@link notifyFailure}. */
export interface NotifyFailureOptions {
  /** The text to show instead of the error's own (e.g. 'Failed to retrieve orders'). */
  readonly message?: string;
  /** How long the toast stays (default: the error duration). */
  readonly durationMs?: number;
}

/**
 * Normalises a failure to a `PosError`, shows it as an error notice (spec section 8): the
 * server's message, or 'Server not responding' when there was no answer, and marks it
 * `notified`. A failure an inner service has shown already is not shown twice; an aborted call is not shown.
 *
 * @returns the normalised error, for the caller to rethrow.
 */
export function notifyFailure(
  notices: NoticesService,
  error: unknown,
  options: NotifyFailureOptions = {},
): PosError {
  const failure = toPosError(error);
  // Shown once; and a call the app aborted is no failure to show (the app gave up on it itself).
  if (failure.notified || failure.code === 'aborted') return failure;
  const message =
    options.message ?? (failure instanceof NetworkError ? MESSAGES.serverNotResponding : failure.message);
  notices.push({
    kind: 'error',
    message,
    ...(options.durationMs === undefined ? {} : { durationMs: options.durationMs }),
  });
  return failure.markNotified();
}
