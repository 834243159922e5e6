import ky from 'ky';
import { buildPath, ENDPOINTS, type EndpointDef, type EndpointName } from '../contract/endpoints';
import { AuthError } from '../errors/AuthError';
import { NetworkError } from '../errors/NetworkError';
import { PosError } from '../errors/PosError';
import { toPosError } from '../errors/toPosError';
import { MESSAGES } from '../rules/messages';
import type { RequestOptions, ResolvedApiConfig } from './ApiConfig';
import { abortedError } from './aborted';
import { errorFromAnswer } from './errorFromAnswer';
import { newIdempotencyKey } from './newIdempotencyKey';
import { retryDelay } from './retryDelay';

/** What one call sends, besides what its `ENDPOINTS` entry fixes. */
export interface EndpointRequest {
  /** Values of the path's `:param` placeholders. */
  readonly params?: Readonly<Record<string, string>>;
  /** The JSON body of a `json` call (`{}` when omitted). */
  readonly json?: unknown;
  /** The body of a `multipart` call; no body at all when omitted. */
  readonly form?: FormData;
  readonly options?: RequestOptions | undefined;
}

/**
 * Sends one call of the contract and reads its answer with `read`; throws a `PosError`.
 * A keyed call (`idempotent` in `ENDPOINTS`) is retried on no answer or a 5xx, with backoff and
 * the same `Idempotency-Key`, and while the server answers 409 'Request in progress' (for
 * `inProgressWaitMs`); every other call is sent exactly once.
 */
export type CallEndpoint = <T>(
  name: EndpointName,
  request: EndpointRequest,
  read: (response: Response) => Promise<T>,
) => Promise<T>;

/** `METHOD /path` of a call, for messages. */
export function describeCall(name: EndpointName): string {
  const { method, path } = ENDPOINTS[name];
  return `${method} ${path}`;
}

/** No answer: the caller's abort, or a refused/dropped connection, DNS failure or timeout. */
function noAnswerError(error: unknown, signal: AbortSignal | undefined): PosError {
  if (signal?.aborted) return abortedError(signal);
  return new NetworkError({
    cause: error,
    timedOut: error instanceof Error && error.name === 'TimeoutError',
  });
}

function isWorthRetrying(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof PosError && error.code === 'server_error');
}

/** The longest backoff between two tries of a call whose first request is still running on the server. */
const MAX_IN_PROGRESS_DELAY_MS = 2_000;

/** 409 'Request in progress': an earlier request with this Idempotency-Key is still running on the server. */
function isRequestInProgress(error: unknown): boolean {
  return (
    error instanceof PosError && error.code === 'conflict' && error.message === MESSAGES.requestInProgress
  );
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      if (signal) reject(abortedError(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readErrorBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return ''; // dropped while reading the error: the status still says what happened
  }
}

/** The body options of a call: JSON (`{}` when none given), a multipart form, or nothing. */
function bodyOf(def: EndpointDef, request: EndpointRequest): { json?: unknown; body?: FormData } {
  if (def.body === 'json') return { json: request.json ?? {} };
  if (def.body === 'multipart' && request.form !== undefined) return { body: request.form };
  return {};
}

function headersFor(
  def: EndpointDef,
  config: ResolvedApiConfig,
  idempotencyKey: string | undefined,
  options: RequestOptions | undefined,
) {
  const headers: Record<string, string> = { 'X-Host-Name': config.hostId };
  if (def.auth) {
    const token = options?.token ?? config.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  if (options?.replay === true) headers['X-Offline-Replay'] = '1';
  if (def.responseKind === 'json') headers.Accept = 'application/json';
  return headers;
}

/**
 * The one generic call every typed function of the client goes through: base address, path,
 * headers, body, timeout, error mapping (and `onUnauthorized` on a 403), retries of keyed calls.
 */
export function createCallEndpoint(config: ResolvedApiConfig): CallEndpoint {
  const http = ky.create({
    credentials: 'include',
    retry: 0, // retries are ours: only keyed calls, with their key
    throwHttpErrors: false, // statuses are mapped once, in errorFromAnswer
    timeout: config.timeoutMs,
    ...(config.fetch === undefined ? {} : { fetch: config.fetch }),
  });

  async function attempt<T>(
    def: EndpointDef,
    url: string,
    headers: Record<string, string>,
    request: EndpointRequest,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const signal = request.options?.signal;
    let pending: Promise<Response>;
    try {
      pending = http(url, { method: def.method, headers, signal, ...bodyOf(def, request) });
    } catch (error) {
      throw toPosError(error); // the request could not even be built: a caller's bug, not the network
    }
    let response: Response;
    try {
      response = await pending;
    } catch (error) {
      const failure = noAnswerError(error, signal);
      if (failure instanceof NetworkError) config.onReachability?.(false);
      throw failure;
    }
    config.onReachability?.(true);
    if (!response.ok) {
      const error = errorFromAnswer({
        status: response.status,
        statusText: response.statusText,
        body: await readErrorBody(response),
      });
      if (error instanceof AuthError) config.onUnauthorized?.(error);
      throw error;
    }
    try {
      return await read(response);
    } catch (error) {
      if (error instanceof PosError) throw error;
      throw noAnswerError(error, signal); // the answer broke off while being read
    }
  }

  return async function callEndpoint<T>(
    name: EndpointName,
    request: EndpointRequest,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const def: EndpointDef = ENDPOINTS[name];
    const base = def.base === 'engine' ? config.engineUrl : config.baseUrl;
    const url = base + buildPath(def.path, request.params);
    // One key per call, generated once, so every retry of this call is the same operation.
    const idempotencyKey = def.idempotent
      ? (request.options?.idempotencyKey ?? newIdempotencyKey())
      : undefined;
    const headers = headersFor(def, config, idempotencyKey, request.options);
    const attempts = def.idempotent ? config.retries + 1 : 1;
    const startedAt = Date.now();
    let inProgressRetry = 0;
    for (let retry = 0; ; ) {
      try {
        return await attempt(def, url, headers, request, read);
      } catch (error) {
        if (def.idempotent && isRequestInProgress(error)) {
          // The first request with this key still runs (or a crash left it to the server to free): ask again with
          // the same key until it answers, for a bounded time. Does not use up `retries`.
          const delay = Math.min(
            retryDelay(inProgressRetry++, config.retryDelayMs),
            MAX_IN_PROGRESS_DELAY_MS,
          );
          if (Date.now() - startedAt + delay > config.inProgressWaitMs) throw error;
          await wait(delay, request.options?.signal);
          continue;
        }
        if (retry + 1 >= attempts || !isWorthRetrying(error)) throw error;
        // Tell the caller at once that a money call is being asked again (the cashier sees it, not a silent spinner).
        if (request.options?.quiet !== true)
          config.onRetry?.({ name, attempt: retry + 1, error: error as PosError });
        await wait(retryDelay(retry, config.retryDelayMs), request.options?.signal);
        retry++;
      }
    }
  };
}
