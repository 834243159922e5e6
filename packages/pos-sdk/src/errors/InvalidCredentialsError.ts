import { PosError, type PosErrorOptions } from './PosError';

/** 401: wrong email or password on a sign-in call. Unlike {@link AuthError} it signs nobody out. */
export class InvalidCredentialsError extends PosError {
  override readonly name: string = 'InvalidCredentialsError';

  constructor(message = 'Wrong email or password', options: PosErrorOptions = {}) {
    super('invalid_credentials', message, { status: 401, ...options });
  }
}
