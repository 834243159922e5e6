import { MESSAGES } from '../rules/messages';
import { PosError } from './PosError';

/**
 * No answer at all: connection refused or dropped, DNS failure, or no answer within the timeout.
 * Its message is the spec's 'Server not responding' (section 8).
 */
export class NetworkError extends PosError {
  override readonly name: string = 'NetworkError';

  /** @param options.cause the underlying failure (a fetch `TypeError`, a ky `TimeoutError`). */
  constructor(options: { readonly cause?: unknown } = {}) {
    super('network', MESSAGES.serverNotResponding, options);
  }
}
