import type { PosError } from '../errors/PosError';
import { RuleError } from '../errors/RuleError';
import type { RuleFailure } from '../rules/result';
import type { NoticesService } from './NoticesService';

/**
 * Shows a refusal as a warning notice (3 s; two-line warnings keep their title, spec section 8)
 * and returns its error, marked `notified`, for the caller to throw: a rule's refusal becomes a
 * `RuleError`; a `PosError` (an unknown product code) is returned as is.
 *
 * @example
 * if (!result.ok) throw warnRefusal(notices, result);
 */
export function warnRefusal(notices: NoticesService, refusal: RuleFailure): RuleError;
export function warnRefusal<E extends PosError>(notices: NoticesService, refusal: E): E;
export function warnRefusal(notices: NoticesService, refusal: RuleFailure | PosError): PosError {
  const error = refusal instanceof Error ? refusal : RuleError.from(refusal);
  const title = error instanceof RuleError ? error.title : undefined;
  notices.push({ kind: 'warning', message: error.message, ...(title === undefined ? {} : { title }) });
  return error.markNotified();
}
