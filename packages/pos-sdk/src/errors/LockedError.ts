import { PosError, type PosErrorOptions } from './PosError';

/** 429: too many tries (a PIN, a sign-in); try again later. */
export class LockedError extends PosError {
  override readonly name: string = 'LockedError';

  constructor(message = 'Too many tries, please wait and try again', options: PosErrorOptions = {}) {
    super('locked', message, { status: 429, ...options });
  }
}
