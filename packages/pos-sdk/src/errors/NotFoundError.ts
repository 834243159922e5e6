import { PosError, type PosErrorOptions } from './PosError';

/** 404: no such order, ticket, member or user. */
export class NotFoundError extends PosError {
  override readonly name: string = 'NotFoundError';

  constructor(message = 'Not found', options: PosErrorOptions = {}) {
    super('not_found', message, { status: 404, ...options });
  }
}
