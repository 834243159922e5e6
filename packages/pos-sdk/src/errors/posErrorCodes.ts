import type { FieldIssue, WireErrorCode } from '../contract/errors';

/**
 * The codes a {@link PosError} carries: the wire's own error codes (what the server sends in `code`, each with its
 * HTTP status) and the few only a client can have. One vocabulary: a code a server answer carried is the code the
 * SDK throws, so callers branch on it without reading statuses or messages.
 */
export const POS_ERROR_CODES = {
  /** 400: the request was malformed or a field is invalid (`details`: the field issues). Also a form refused here. */
  invalid_request: 'invalid_request',
  /** 401: wrong email or password on a sign-in call. Never signs anyone out. */
  invalid_credentials: 'invalid_credentials',
  /** 403: missing, invalid or expired token. The session is over: `createPos` signs out. */
  forbidden: 'forbidden',
  /** 403 `not_permitted`: a back-office call by a staff member who is not a manager. Never signs anyone out. */
  not_permitted: 'not_permitted',
  /** 404: no such order, ticket, member, user or pairing code. */
  not_found: 'not_found',
  /** 409: the current state forbids it (not refundable, not redeemable, key reused, price changed). */
  conflict: 'conflict',
  /** 413: the body is too large (a catalogue file, a photo). */
  payload_too_large: 'payload_too_large',
  /** 422, or a refusal by `rules/` on the terminal: a business rule, with the spec's message (`RuleError.rule`). */
  rule: 'rule',
  /** 429: too many tries (a PIN, a sign-in, a pairing code); try again later. */
  locked: 'locked',
  /** 5xx: the server failed. */
  server_error: 'server_error',
  /** Client only: no answer (connection refused or dropped, DNS failure). 'Server not responding'. */
  network: 'network',
  /** Client only: no answer within `timeoutMs`. 'Server not responding'. */
  timeout: 'timeout',
  /** Client only: the caller aborted the call (its `AbortSignal`). */
  aborted: 'aborted',
  /** Client only: an answer that is not JSON or not the contract's shape (`details`: what did not match). */
  contract_mismatch: 'contract_mismatch',
  /** Client only: the drawer, printer or desktop shell failed (see `HardwareError.reason`). */
  hardware: 'hardware',
  /** Client only: anything else that reached a boundary un-typed (a bug, most likely). */
  unknown: 'unknown',
} as const satisfies Record<WireErrorCode | ClientErrorCode, string>;

/** The codes only a client has: no answer, an abort, an unreadable answer, hardware, and the un-typed. */
export type ClientErrorCode =
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'contract_mismatch'
  | 'hardware'
  | 'unknown';

/** One of {@link POS_ERROR_CODES}: a wire code or a client-only one. */
export type PosErrorCode = WireErrorCode | ClientErrorCode;

/** What a 422 (or a refusal on the terminal) says besides its message. */
export interface RuleDetails {
  /** The rule that refused (`RULE_CODES`), when known. */
  readonly rule?: string;
  /** Title of a two-line warning ('Insufficient Amount'). */
  readonly title?: string;
}

/** What a `hardware` failure says besides its message: which driver failed and why (as `HardwareError` has them). */
export interface HardwareDetails {
  /** Why it failed: `hardware_unreachable`, `hardware_timeout` or `hardware_failed` (`HARDWARE_ERROR_REASONS`). */
  readonly reason: 'hardware_unreachable' | 'hardware_timeout' | 'hardware_failed';
  /** The driver that failed (`HardwareDriver.name`). */
  readonly driver: string;
}

/**
 * The type of `details` per code: field issues for `invalid_request`, `payload_too_large` and `contract_mismatch`,
 * the rule and title for `rule`, the driver and reason for `hardware`, and whatever the server sent (unknown) for the
 * others.
 */
export type PosErrorDetails<C extends PosErrorCode> = C extends
  | 'invalid_request'
  | 'payload_too_large'
  | 'contract_mismatch'
  ? readonly FieldIssue[]
  : C extends 'rule'
    ? RuleDetails
    : C extends 'hardware'
      ? HardwareDetails
      : unknown;
