import { PosError, type PosErrorOptions } from './PosError';

/**
 * 409: the current state forbids it: the order is not refundable, the ticket not redeemable,
 * an idempotency key was reused with another body, a price changed.
 */
export class ConflictError extends PosError {
  override readonly name: string = 'ConflictError';

  constructor(message = 'This cannot be done in the current state', options: PosErrorOptions = {}) {
    super('conflict', message, { status: 409, ...options });
  }
}
