import { PosError, type PosErrorOptions } from './PosError';

/**
 * 403: the token is missing, invalid or expired. A 403 on any call signs the user out
 * (spec section 6); the API client reports it to `onUnauthorized`.
 */
export class AuthError extends PosError {
  override readonly name: string = 'AuthError';

  constructor(message = 'Your session has ended, please sign in again', options: PosErrorOptions = {}) {
    super('auth', message, { status: 403, ...options });
  }
}
