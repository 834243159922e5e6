import { PosError } from '../errors';
import type { HardwareDetails } from '../errors/posErrorCodes';

/** Why a hardware call failed. */
export const HARDWARE_ERROR_REASONS = {
  /** The printer or shell could not be reached (connection refused, unknown host, pop-up blocked). */
  unreachable: 'hardware_unreachable',
  /** The device did not answer in time. */
  timeout: 'hardware_timeout',
  /** The device was reached but the job failed (socket error mid-job, the shell refused the message). */
  failed: 'hardware_failed',
} as const satisfies Record<string, HardwareDetails['reason']>;

/** One of {@link HARDWARE_ERROR_REASONS}. */
export type HardwareErrorReason = HardwareDetails['reason'];

/**
 * A drawer, printer or desktop-shell call that failed. A {@link PosError}, so the toast layer
 * shows its message as is; `reason` and `driver` say what failed. Services catch it after a
 * sale: a printer fault never undoes the sale, the cashier reprints. Its `details` carry the same two, so checking
 * `error.code === 'hardware'` on any `PosError` is enough to read them.
 *
 * @example
 * try { await driver.print(doc) } catch (error) {
 *   if (isHardwareError(error) && error.reason === 'hardware_unreachable') showPrinterSetup()
 * }
 */
export class HardwareError extends PosError<'hardware'> {
  override readonly name: string = 'HardwareError';
  /** Why it failed. */
  readonly reason: HardwareErrorReason;
  /** The driver that failed (`HardwareDriver.name`). */
  readonly driver: string;

  /**
   * @param driver the failing driver's name
   * @param reason why it failed
   * @param message a sentence for people, e.g. 'Printer not reachable at 10.0.0.5:9100 (ECONNREFUSED)'
   * @param options `cause`: the underlying error
   */
  constructor(
    driver: string,
    reason: HardwareErrorReason,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super('hardware', message, { ...options, details: { reason, driver } });
    this.driver = driver;
    this.reason = reason;
  }
}

/** Is `error` a {@link HardwareError}? */
export function isHardwareError(error: unknown): error is HardwareError {
  return error instanceof HardwareError;
}
