/** The SDK's error types: one base class, a subclass per thing a caller handles differently. */

export { AuthError } from './AuthError';
export { ConflictError } from './ConflictError';
export { FormError } from './FormError';
export { InvalidCredentialsError } from './InvalidCredentialsError';
export { LockedError } from './LockedError';
export { NetworkError } from './NetworkError';
export { NotFoundError } from './NotFoundError';
export { PermissionError } from './PermissionError';
export type { PosErrorOptions } from './PosError';
export { isPosError, PosError } from './PosError';
export type { PosErrorCode } from './posErrorCodes';
export { POS_ERROR_CODES } from './posErrorCodes';
export type { RuleErrorOptions } from './RuleError';
export { RuleError } from './RuleError';
export { ServerError } from './ServerError';
export { toFieldIssues, toPosError } from './toPosError';
export type { ValidationErrorOptions } from './ValidationError';
export { ValidationError } from './ValidationError';
