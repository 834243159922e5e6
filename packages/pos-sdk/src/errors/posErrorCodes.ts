/**
 * The codes a {@link PosError} carries: what kind of failure it is, so callers can branch on it
 * without parsing messages. Stable strings; the message is for people.
 */
export const POS_ERROR_CODES = {
  /** 403: missing, invalid or expired token. Clients sign out on it. */
  auth: 'auth',
  /** 403 `not_permitted`: a back-office call by a staff member who is not a manager. Never signs anyone out. */
  not_permitted: 'not_permitted',
  /** 401: wrong email or password on a sign-in call. Never signs anyone out. */
  invalid_credentials: 'invalid_credentials',
  /** No answer: connection refused, dropped, DNS failure or timeout. */
  network: 'network',
  /** 400 (and 413): the request was malformed or a field is invalid. */
  validation: 'validation',
  /** 409: the current state forbids it (not refundable, not redeemable, key reused, price changed). */
  conflict: 'conflict',
  /** 422 or a client-side refusal: a business rule, with the spec's message. */
  rule: 'rule',
  /** 429: too many tries (PIN, sign-in). */
  locked: 'locked',
  /** 404: no such thing. */
  not_found: 'not_found',
  /** 5xx, or an answer the client cannot read. */
  server: 'server',
  /** The caller aborted the call (its `AbortSignal`). */
  aborted: 'aborted',
  /** The drawer, printer or desktop shell failed (see `HardwareError.reason`). */
  hardware: 'hardware',
  /** Anything else that reached a boundary un-typed (a bug, most likely). */
  unknown: 'unknown',
} as const;

/** One of {@link POS_ERROR_CODES}. */
export type PosErrorCode = (typeof POS_ERROR_CODES)[keyof typeof POS_ERROR_CODES];
