import { PosError, type PosErrorOptions } from './PosError';

/**
 * 403 `not_permitted`: a back-office call with the token of a staff member who is not a manager. The cashier stays
 * signed in (unlike {@link AuthError}); the message says who may do it.
 */
export class PermissionError extends PosError {
  override readonly name: string = 'PermissionError';

  constructor(message: string, options: PosErrorOptions = {}) {
    super('not_permitted', message, { status: 403, ...options });
  }
}
