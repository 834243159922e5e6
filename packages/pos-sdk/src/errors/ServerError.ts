import { PosError, type PosErrorOptions } from './PosError';

/**
 * A real server fault (5xx), or an answer the client cannot read (not JSON, or not the
 * contract's shape; `details` then lists what did not match).
 */
export class ServerError extends PosError {
  override readonly name: string = 'ServerError';

  constructor(message = 'The server failed to handle the request', options: PosErrorOptions = {}) {
    super('server', message, options);
  }
}
