import type { AuthError } from '../errors/AuthError';
import type { PosError } from '../errors/PosError';

/** Default host id sent as `X-Host-Name` (spec section 9). */
export const DEFAULT_HOST_ID = 'TICKET01';
/** Default store code of the catalogue paths and of `origin` (spec section 7). */
export const DEFAULT_STORE = 'STORE';
/**
 * Default time to wait for an answer, per attempt, in milliseconds: a read gives up after 8 s ('Server not
 * responding'); a keyed money call tries 3 times (and says so at the first retry, see `onRetry`).
 */
export const DEFAULT_TIMEOUT_MS = 8_000;
/** Default number of retries of a keyed (idempotent) call. */
export const DEFAULT_RETRIES = 2;
/** Default first backoff delay before a retry, in milliseconds; doubled on each further retry. */
export const DEFAULT_RETRY_DELAY_MS = 200;
/** Default time a keyed call keeps retrying a 409 'Request in progress', in milliseconds. */
export const DEFAULT_IN_PROGRESS_WAIT_MS = 20_000;

/**
 * How to reach the server.
 *
 * @example
 * const api = createApiClient({ baseUrl: 'https://pos.example.com', getToken: () => session.token });
 */
export interface ApiConfig {
  /** The public API address, e.g. `https://pos.example.com` (a path prefix is kept). */
  readonly baseUrl: string;
  /** The engine address the `/v2` ticket calls go to. Default: `baseUrl`. */
  readonly engineUrl?: string;
  /** This terminal's host id, sent as `X-Host-Name` on every call. Default `TICKET01`. */
  readonly hostId?: string;
  /** Store code of the catalogue paths. Default `STORE`. */
  readonly store?: string;
  /** Time to wait for an answer, per attempt, in milliseconds. Default 8000. */
  readonly timeoutMs?: number;
  /** Retries of a keyed call (checkout, renewal, refund, cancel) on no answer or a 5xx. Default 2. */
  readonly retries?: number;
  /** First backoff delay before a retry, in milliseconds, doubled each time (`200 * 2^n`). Default 200. */
  readonly retryDelayMs?: number;
  /**
   * How long a keyed call keeps retrying, with the same key and backoff (at most 2 s apart), while the server
   * answers 409 'Request in progress' (an earlier request with that key is still running there), before
   * throwing that conflict. Default 20000.
   */
  readonly inProgressWaitMs?: number;
  /** The `fetch` to use. Default: the global one (browsers, Node 20+). */
  readonly fetch?: typeof fetch;
  /** The current user token, sent as `Authorization: Bearer <token>` on calls that need one. */
  readonly getToken?: () => string | undefined;
  /**
   * Called once with the error when a call gets a 403 `forbidden`: the token is missing, invalid or expired, so the
   * session is over (spec section 6). Not called for a 403 `not_permitted` (a manager-only call by a staff member,
   * who stays signed in), nor for a 401 (wrong credentials on sign-in). Should not throw.
   */
  readonly onUnauthorized?: (error: AuthError) => void;
  /**
   * Called at once when a keyed call got no answer (or a 5xx) and is about to be sent again with the same key, so
   * the terminal can tell the cashier it is still trying. Should not throw.
   */
  readonly onRetry?: (retry: RetryInfo) => void;
  /**
   * Called after every request with whether the server answered (any status) or not (refused or dropped
   * connection, DNS failure, timeout): the terminal's connection state comes from real outcomes (docs/offline.md).
   * Not called for a request the caller aborted. Should not throw.
   */
  readonly onReachability?: (reachable: boolean) => void;
}

/** What {@link ApiConfig.onRetry} is told. */
export interface RetryInfo {
  /** The call (`checkout`, `renewMembership` ...). */
  readonly name: string;
  /** Which retry this is: 1 for the first. */
  readonly attempt: number;
  /** Why: no answer (a `NetworkError`: `network` or `timeout`) or a 5xx (code `server_error`). */
  readonly error: PosError;
}

/** {@link ApiConfig} with every default filled in. */
export interface ResolvedApiConfig {
  /** The public API address, without a trailing slash. */
  readonly baseUrl: string;
  /** The engine address, without a trailing slash. */
  readonly engineUrl: string;
  readonly hostId: string;
  readonly store: string;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly retryDelayMs: number;
  readonly inProgressWaitMs: number;
  readonly fetch: typeof fetch | undefined;
  readonly getToken: () => string | undefined;
  readonly onUnauthorized: ((error: AuthError) => void) | undefined;
  readonly onRetry: ((retry: RetryInfo) => void) | undefined;
  readonly onReachability: ((reachable: boolean) => void) | undefined;
}

/**
 * Options every service action and read takes as its last argument (`pos.orders.open(id, { signal })`; a call that
 * already ends with an options object, such as `orders.load` or `cart.add`, takes `signal` in it), and
 * every API client call too.
 *
 * @example
 * const controller = new AbortController();
 * const opening = pos.orders.open(orderId, { signal: controller.signal });
 * controller.abort(); // opening rejects with a PosError whose code is 'aborted'
 */
export interface CallOptions {
  /**
   * Gives up on the call (and its retries): it rejects with a `PosError` whose `code` is `'aborted'`. An aborted money
   * call (checkout, refund, cancel, renewal, resend) keeps its idempotency key, cart and tenders, so calling it again
   * sends the same `Idempotency-Key` and the server books it at most once.
   */
  readonly signal?: AbortSignal;
}

/** Options of one API client call: {@link CallOptions} and what only the SDK's services set. */
export interface RequestOptions extends CallOptions {
  /**
   * The `Idempotency-Key` of a keyed call. Pass the same key to retry a checkout that may have
   * gone through (the server then answers the first result). Default: a new UUID per call, reused
   * by the client's own retries of that call.
   */
  readonly idempotencyKey?: string;
  /** The bearer token to send instead of `getToken()`'s (sign-out revokes the token the session just forgot). */
  readonly token?: string;
  /** Keyed calls: do not call `onRetry` (a background replay retries without telling the cashier). */
  readonly quiet?: boolean;
  /**
   * The call replays something the terminal did while offline (docs/offline.md): sent as `X-Offline-Replay: 1`, so
   * the server books it at its own `sold_at` / `used_at` and keeps a refusal for the manager.
   */
  readonly replay?: boolean;
}

function absoluteUrl(name: string, value: string): string {
  try {
    new URL(value); // URL.canParse is missing on older tablet browsers
  } catch (error) {
    throw new TypeError(`ApiConfig.${name} must be an absolute URL, got "${value}"`, { cause: error });
  }
  return value.replace(/\/+$/, '');
}

/** The longest timer `setTimeout` can run (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

function atLeast(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min || value > MAX_TIMER_MS) {
    throw new RangeError(`ApiConfig.${name} must be a number from ${min} to ${MAX_TIMER_MS}, got ${value}`);
  }
  return value;
}

/** Fills the defaults of an {@link ApiConfig} and checks it; throws on an unusable address or number. */
export function resolveApiConfig(config: ApiConfig): ResolvedApiConfig {
  const baseUrl = absoluteUrl('baseUrl', config.baseUrl);
  return {
    baseUrl,
    engineUrl: config.engineUrl === undefined ? baseUrl : absoluteUrl('engineUrl', config.engineUrl),
    hostId: config.hostId ?? DEFAULT_HOST_ID,
    store: config.store ?? DEFAULT_STORE,
    timeoutMs: atLeast('timeoutMs', config.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1),
    retries: Math.floor(atLeast('retries', config.retries ?? DEFAULT_RETRIES, 0)),
    retryDelayMs: atLeast('retryDelayMs', config.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS, 0),
    inProgressWaitMs: atLeast('inProgressWaitMs', config.inProgressWaitMs ?? DEFAULT_IN_PROGRESS_WAIT_MS, 0),
    fetch: config.fetch,
    getToken: config.getToken ?? (() => undefined),
    onUnauthorized: config.onUnauthorized,
    onRetry: config.onRetry,
    onReachability: config.onReachability,
  };
}
