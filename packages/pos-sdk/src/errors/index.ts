/**
 * The SDK's errors: one base class with one code vocabulary (the wire's codes plus the client-only ones), and a
 * subclass only where a caller acts differently: signed out, no answer, field issues, a rule's refusal.
 */

export { AuthError } from './AuthError';
export { FormError } from './FormError';
export { NetworkError } from './NetworkError';
export type { AnyPosError, PosErrorOptions } from './PosError';
export { isPosError, PosError } from './PosError';
export type {
  ClientErrorCode,
  HardwareDetails,
  PosErrorCode,
  PosErrorDetails,
  RuleDetails,
} from './posErrorCodes';
export { POS_ERROR_CODES } from './posErrorCodes';
export type { RuleErrorOptions } from './RuleError';
export { RuleError } from './RuleError';
export { toFieldIssues, toPosError } from './toPosError';
export type { ValidationErrorOptions } from './ValidationError';
export { ValidationError } from './ValidationError';
