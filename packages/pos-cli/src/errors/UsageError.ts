/**
 * A wrong command line or invalid input the CLI itself detects (a missing argument with no
 * terminal to ask on, an amount that is not a number, an unknown payment method): exit code 2.
 *
 * @example throw new UsageError('missing --cash (or run on a terminal to be asked)');
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
