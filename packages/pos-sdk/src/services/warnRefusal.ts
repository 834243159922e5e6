import { RuleError } from '../errors/RuleError';
import type { RuleFailure } from '../rules/result';
import type { NoticesService } from './types';

/**
 * Shows a rule's refusal as a warning notice (3 s; two-line warnings keep their title, spec
 * section 8) and returns the `RuleError` for the caller to throw.
 */
export function warnRefusal(notices: NoticesService, failure: RuleFailure): RuleError {
  notices.push({
    kind: 'warning',
    message: failure.message,
    ...(failure.title === undefined ? {} : { title: failure.title }),
  });
  return RuleError.from(failure);
}
