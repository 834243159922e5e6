import { ENDPOINTS, type EndpointDef, type EndpointName } from '../contract/endpoints';
import { fixture, type WireAnswer } from './fixtures';
import { TEST_BASE_URL, type WireErrorSpec, wireErrorBody } from './wire';

/** Options of {@link createFetchMock}. */
export interface FetchMockOptions {
  /** The API address the SDK is configured with. Default {@link TEST_BASE_URL}. */
  readonly baseUrl?: string;
  /** The engine address (the `/v2` ticket calls). Default: `baseUrl`. */
  readonly engineUrl?: string;
  /** The `X-Host-Name` every request must carry. Default: any non-empty value. */
  readonly hostId?: string;
}

/** One request the mock matched to a call of `ENDPOINTS`, and what it answered. */
export interface MockCall {
  /** The call, named as in `ENDPOINTS` (`checkout`, `getOrders` ...). */
  readonly name: EndpointName;
  readonly method: string;
  readonly url: string;
  /** The path's `:param` values (`{ store: 'STORE' }`). */
  readonly params: Readonly<Record<string, string>>;
  /** The request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body parsed, the `FormData` of a multipart call, `undefined` without a body. */
  readonly body: unknown;
  /** The status answered; 0 when the mock failed the request as a network failure. */
  readonly status: number;
}

/** A request the mock refused: no call of `ENDPOINTS` has its method and path, or it breaks the call's contract. */
export interface UnexpectedRequest {
  readonly method: string;
  readonly url: string;
  /** The call its method and path matched, if any. */
  readonly name?: EndpointName;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** What is wrong, e.g. `checkout: the body does not match the request schema: items.0.quantity: ...`. */
  readonly reason: string;
}

/** How long a scripted answer or failure holds. */
export interface ScriptOptions {
  /** Answer only the next request to the call this way, then go back to what was scripted before. Default false. */
  readonly once?: boolean;
}

/**
 * A `fetch` that answers the SDK like the reference server, from `ENDPOINTS` and the fixtures: pass `mock.fetch` as
 * `api.fetch` (or use `createTestPos`, which does). Each request is matched by method and path template to a call;
 * its headers (`X-Host-Name`, a bearer token, an `Idempotency-Key` on money calls, a JSON content type) and its
 * JSON body (against the call's request schema) are checked. A request that matches no call, or breaks the
 * contract, is answered 404 or 400 with a message saying why, and kept in {@link FetchMock.unexpected}.
 */
export interface FetchMock {
  /** The `fetch` to give the SDK. */
  readonly fetch: typeof fetch;
  /** Every request matched to a call, in order (the refused ones too, with their 400). */
  readonly calls: readonly MockCall[];
  /** The requests refused as not the contract: a passing test expects this to be empty. */
  readonly unexpected: readonly UnexpectedRequest[];
  /** The requests made to one call. */
  callsTo<N extends EndpointName>(name: N): MockCall[];
  /**
   * Answers a call with `body` (or what `body(call)` returns) instead of its fixture, with status 200.
   *
   * @example mock.answer('passes', []); // an empty catalogue
   */
  answer<N extends EndpointName>(
    name: N,
    body: WireAnswer<N> | ((call: MockCall) => WireAnswer<N>),
    options?: ScriptOptions,
  ): FetchMock;
  /**
   * Answers a call with a wire error `{ message, code, details? }` (status from the code unless given).
   *
   * @example mock.fail('checkout', { code: 'rule', message: 'Card amount exceeds the amount due' }, { once: true });
   */
  fail(name: EndpointName, error: WireErrorSpec, options?: ScriptOptions): FetchMock;
  /** Fails a call as the network does (the `fetch` rejects with a `TypeError`): the SDK sees no answer. */
  failNetwork(name: EndpointName, options?: ScriptOptions): FetchMock;
  /** Forgets every scripted answer and failure, and the recorded calls. */
  reset(): void;
}

type Script =
  | { readonly kind: 'answer'; readonly body: unknown; readonly once: boolean }
  | { readonly kind: 'fail'; readonly error: WireErrorSpec; readonly once: boolean }
  | { readonly kind: 'network'; readonly once: boolean };

interface Route {
  readonly name: EndpointName;
  readonly def: EndpointDef;
  readonly pattern: RegExp;
  readonly params: readonly string[];
}

const ROUTES: readonly Route[] = (Object.keys(ENDPOINTS) as EndpointName[]).map((name) => {
  const def: EndpointDef = ENDPOINTS[name];
  const params: string[] = [];
  const source = def.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { name, def, pattern: new RegExp(`^${source}$`), params };
});

/** A small valid JPEG: the face photo answer. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 0xff, 0xd9]);

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fixtureResponse(name: EndpointName, body: unknown): Response {
  const def: EndpointDef = ENDPOINTS[name];
  if (def.responseKind === 'json') return jsonResponse(200, body);
  const { contentType } = fixture(name);
  if (def.responseKind === 'binary') {
    const bytes = body instanceof Uint8Array ? body : JPEG;
    return new Response(new Blob([new Uint8Array(bytes)]), {
      status: 200,
      headers: { 'content-type': contentType ?? 'image/jpeg' },
    });
  }
  return new Response(String(body ?? ''), {
    status: 200,
    headers: { 'content-type': contentType ?? 'text/csv; charset=utf-8' },
  });
}

/** Where a request went: the address without the base's own path prefix. */
function pathUnder(url: URL, base: string): string | undefined {
  const root = new URL(base);
  if (url.origin !== root.origin) return undefined;
  const prefix = root.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(prefix)) return undefined;
  return url.pathname.slice(prefix.length) || '/';
}

async function readBody(def: EndpointDef, request: Request): Promise<unknown> {
  if (def.body === 'none' || request.body === null) return undefined;
  if (def.body === 'multipart') return request.formData();
  const text = await request.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** What is wrong with a request to a call, or `undefined` when it keeps the contract. */
function contractBreach(
  def: EndpointDef,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  options: FetchMockOptions,
): { reason: string; details?: { path: string; message: string }[] } | undefined {
  const host = headers['x-host-name'];
  if (!host) return { reason: 'no X-Host-Name header (the SDK sends the terminal id on every call)' };
  if (options.hostId !== undefined && host !== options.hostId)
    return { reason: `X-Host-Name is ${host}, expected ${options.hostId}` };
  if (def.auth && !/^Bearer \S+$/.test(headers.authorization ?? ''))
    return { reason: 'no Authorization: Bearer <token> header (is the terminal signed in?)' };
  if (def.idempotent && !headers['idempotency-key'])
    return { reason: 'no Idempotency-Key header (every money call carries one)' };
  if (def.body === 'json') {
    if (!(headers['content-type'] ?? '').includes('application/json'))
      return { reason: 'the body is not sent as application/json' };
    if (def.request !== null) {
      const parsed = def.request.safeParse(body);
      if (!parsed.success) {
        const details = parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        }));
        const list = details.map((detail) => `${detail.path || '(body)'}: ${detail.message}`).join('; ');
        return { reason: `the body does not match the request schema: ${list}`, details };
      }
    }
  }
  if (def.body === 'multipart' && body instanceof FormData && !(body.get('file') instanceof Blob))
    return { reason: 'the multipart body has no file field' };
  return undefined;
}

/**
 * Creates a {@link FetchMock}: a `fetch` built from `ENDPOINTS` that answers every call with its fixture unless a
 * test scripted otherwise, checks each request against the contract, and records it.
 *
 * @example
 * const mock = createFetchMock();
 * const api = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch, getToken: () => 'token' });
 * mock.fail('checkout', { code: 'conflict', message: 'No shift is open on this terminal' }, { once: true });
 * await expect(api.checkout(fixture('checkout').request)).rejects.toMatchObject({ status: 409 });
 * expect(mock.unexpected).toEqual([]);
 */
export function createFetchMock(options: FetchMockOptions = {}): FetchMock {
  const baseUrl = options.baseUrl ?? TEST_BASE_URL;
  const engineUrl = options.engineUrl ?? baseUrl;
  const calls: MockCall[] = [];
  const unexpected: UnexpectedRequest[] = [];
  let scripts: { name: EndpointName; script: Script }[] = [];

  const take = (name: EndpointName): Script | undefined => {
    const onceIndex = scripts.findIndex((entry) => entry.name === name && entry.script.once);
    if (onceIndex >= 0) {
      const [entry] = scripts.splice(onceIndex, 1);
      return entry?.script;
    }
    return scripts.findLast((entry) => entry.name === name)?.script;
  };

  const mockFetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw request.signal.reason ?? new DOMException('Aborted', 'AbortError');
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const candidate of ROUTES) {
      if (candidate.def.method !== request.method) continue;
      const path = pathUnder(url, candidate.def.base === 'engine' ? engineUrl : baseUrl);
      match = path === undefined ? null : candidate.pattern.exec(path);
      if (match !== null) {
        route = candidate;
        break;
      }
    }
    if (route === undefined || match === null) {
      const body = request.body === null ? undefined : await request.text();
      const reason = `no call of ENDPOINTS is ${request.method} ${url.pathname} (at ${baseUrl})`;
      unexpected.push({ method: request.method, url: request.url, headers, body, reason });
      return jsonResponse(404, { message: `pos-sdk/testing: ${reason}`, code: 'not_found' });
    }
    const { name, def } = route;
    const params = Object.fromEntries(
      route.params.map((param, index) => [param, decodeURIComponent(match?.[index + 1] ?? '')]),
    );
    const body = await readBody(def, request);
    const seen = { name, method: request.method, url: request.url, params, headers, body };
    const breach = contractBreach(def, headers, body, options);
    if (breach !== undefined) {
      const reason = `${name}: ${breach.reason}`;
      unexpected.push({ ...seen, reason });
      calls.push({ ...seen, status: 400 });
      return jsonResponse(400, {
        message: `pos-sdk/testing: ${reason}`,
        code: 'invalid_request',
        ...(breach.details === undefined ? {} : { details: breach.details }),
      });
    }
    const script = take(name);
    if (script?.kind === 'network') {
      calls.push({ ...seen, status: 0 });
      throw new TypeError('fetch failed (pos-sdk/testing: a scripted network failure)');
    }
    if (script?.kind === 'fail') {
      const { status, body: errorBody } = wireErrorBody(script.error);
      calls.push({ ...seen, status });
      return jsonResponse(status, errorBody);
    }
    const call: MockCall = { ...seen, status: 200 };
    calls.push(call);
    if (script?.kind === 'answer') {
      const answer =
        typeof script.body === 'function' ? (script.body as (c: MockCall) => unknown)(call) : script.body;
      return fixtureResponse(name, answer);
    }
    return fixtureResponse(name, fixture(name).answer);
  };

  const mock: FetchMock = {
    fetch: mockFetch as typeof fetch,
    calls,
    unexpected,
    callsTo: (name) => calls.filter((call) => call.name === name),
    answer(name, body, scriptOptions = {}) {
      scripts.push({ name, script: { kind: 'answer', body, once: scriptOptions.once === true } });
      return mock;
    },
    fail(name, error, scriptOptions = {}) {
      scripts.push({ name, script: { kind: 'fail', error, once: scriptOptions.once === true } });
      return mock;
    },
    failNetwork(name, scriptOptions = {}) {
      scripts.push({ name, script: { kind: 'network', once: scriptOptions.once === true } });
      return mock;
    },
    reset() {
      scripts = [];
      calls.length = 0;
      unexpected.length = 0;
    },
  };
  return mock;
}
