import { MESSAGES } from '../rules/messages';
import { PosError } from './PosError';

/**
 * No answer at all: connection refused or dropped, DNS failure (code `network`), or no answer within the timeout
 * (code `timeout`). Its message is the spec's 'Server not responding' (section 8). A keyed call that got no answer may
 * have been booked: retry it with the same key.
 */
export class NetworkError extends PosError<'network' | 'timeout'> {
  override readonly name: string = 'NetworkError';

  /**
   * @param options.cause the underlying failure (a fetch `TypeError`, a ky `TimeoutError`).
   * @param options.timedOut no answer within the timeout (code `timeout`) rather than none at all (`network`).
   */
  constructor(options: { readonly cause?: unknown; readonly timedOut?: boolean } = {}) {
    super(
      options.timedOut === true ? 'timeout' : 'network',
      MESSAGES.serverNotResponding,
      options.cause === undefined ? {} : { cause: options.cause },
    );
  }
}
