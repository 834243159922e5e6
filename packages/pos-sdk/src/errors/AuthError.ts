import { PosError, type PosErrorOptions } from './PosError';

/**
 * 403 `forbidden`: the token is missing, invalid or expired, so the session is over: the API client reports it to
 * `onUnauthorized` and `createPos` signs out. (A 403 `not_permitted`, a back-office call by a staff member who is not
 * a manager, is a plain `PosError` with that code: it signs nobody out.)
 */
export class AuthError extends PosError<'forbidden'> {
  override readonly name: string = 'AuthError';

  constructor(
    message = 'Your session has ended, please sign in again',
    options: PosErrorOptions<'forbidden'> = {},
  ) {
    super('forbidden', message, { status: 403, ...options });
  }
}
