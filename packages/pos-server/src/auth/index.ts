/**
 * Who is calling and what they may do: the authentication of every route (user tokens bound to a terminal, the
 * manager-only routes), the identity and user tokens, password and PIN hashes, the failed-attempt limits, and the
 * single-use discount approvals.
 */
export { APPROVAL_TTL_MS, consumeApproval, issueApproval, requireDiscountApprover } from './approvals';
export type { AttemptPolicy } from './attemptLimiter';
export {
  admitAttempt,
  clearFailures,
  lockedUntil,
  minutesLeft,
  PIN_POLICY,
  SIGN_IN_ADDRESS_POLICY,
  SIGN_IN_EMAIL_POLICY,
  SIGN_IN_POLICY,
} from './attemptLimiter';
export type { SignedIn } from './authentication';
export {
  actorOf,
  BEARER_TOKEN,
  DEFAULT_HOST_ID,
  installAuthentication,
  readHostId,
  signedIn,
} from './authentication';
export { issueKioskToken, revokeKioskTokens } from './kioskTokens';
export { createOpaqueToken, hashToken } from './opaqueToken';
export { hashSecret, UNKNOWN_ACCOUNT_HASH, verifySecret } from './secretHash';
export {
  consumeIdToken,
  ID_TOKEN_TTL_MS,
  issueIdTokenForPassword,
  issueUserTokenForIdToken,
  purgeExpiredTokens,
  revokeStaffTokens,
  revokeToken,
} from './staffTokens';
