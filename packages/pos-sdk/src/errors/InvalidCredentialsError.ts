import { SERVER_MESSAGES } from '../rules/serverMessages';
import { PosError, type PosErrorOptions } from './PosError';

/** 401: wrong email or password on a sign-in call. Unlike {@link AuthError} it signs nobody out. */
export class InvalidCredentialsError extends PosError {
  override readonly name: string = 'InvalidCredentialsError';

  constructor(message: string = SERVER_MESSAGES.invalidCredentials, options: PosErrorOptions = {}) {
    super('invalid_credentials', message, { status: 401, ...options });
  }
}
