import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_SAMPLES } from '../../scripts/apiSamples';
import { type ApiClient, type ApiConfig, createApiClient, type RequestOptions } from '../api';
import { retryDelay } from '../api/retryDelay';
import { NetworkError, PosError } from '../errors';

const API = 'http://api.test';
const KEY = '7d444840-9dc0-41e1-8f4b-2b7d0a3c1e55';
const S = API_SAMPLES;

function client(overrides: Partial<ApiConfig> = {}): ApiClient {
  return createApiClient({ baseUrl: API, getToken: () => 'user-token-1', retryDelayMs: 1, ...overrides });
}

/** The `Idempotency-Key` of each request to `path` the server sees, in order. */
function keysSentTo(scope: nock.Scope): (string | undefined)[] {
  const keys: (string | undefined)[] = [];
  scope.on('request', (request: { headers: Record<string, string | undefined> }) => {
    keys.push(request.headers['idempotency-key']);
  });
  return keys;
}

/**
 * The clock of the timing tests: `setTimeout` (the backoff, ky's timeout) and `Date` (the in-progress budget) are
 * fake, so a test moves time itself instead of sleeping; `setImmediate` stays real for nock's answers.
 */
function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

/** Lets real I/O (nock's answers) run until `done()`, without moving the fake clock. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; !done(); turn++) {
    if (turn > 10_000) throw new Error('waited too long for the call to get there');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A request a {@link scriptedFetch} was sent: when (on the fake clock) and with which Idempotency-Key. */
interface SentRequest {
  readonly at: number;
  readonly key: string | null;
}

/**
 * A `fetch` that answers each request at once with the next of `answers` (the last one again when they run out),
 * or, for `'hang'`, never, until the request is aborted. With no network in between, the fake clock alone decides
 * when each try goes out.
 */
function scriptedFetch(answers: readonly (Response | 'hang')[]): {
  fetch: typeof fetch;
  sent: SentRequest[];
} {
  const sent: SentRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const request = input as Request;
    sent.push({ at: Date.now(), key: request.headers.get('idempotency-key') });
    const answer = answers[Math.min(sent.length, answers.length) - 1];
    if (answer !== 'hang') return answer?.clone() ?? new Response(null, { status: 500 });
    return new Promise((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
    });
  };
  return { fetch, sent };
}

/** A JSON answer for {@link scriptedFetch}. */
function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  vi.useRealTimers();
  nock.abortPendingRequests();
  nock.cleanAll();
  nock.enableNetConnect();
});

/** The keyed (money-moving) calls: name, path, and how to send one with options. */
const KEYED: readonly {
  name: string;
  path: string;
  send: (api: ApiClient, options?: RequestOptions) => Promise<unknown>;
  answer: object;
}[] = [
  {
    name: 'checkout',
    path: '/v1/checkout',
    send: (api, o) => api.checkout(S.checkout.request, o),
    answer: S.checkout.response,
  },
  {
    name: 'renewMembership',
    path: '/v1/renew_membership',
    send: (api, o) => api.renewMembership(S.renewMembership.request, o),
    answer: S.renewMembership.response,
  },
  {
    name: 'refundOrder',
    path: '/v1/admin/refund_order',
    send: (api, o) => api.refundOrder(S.refundOrder.request, o),
    answer: S.refundOrder.response,
  },
  {
    name: 'cancelOrder',
    path: '/v1/admin/cancel_order',
    send: (api, o) => api.cancelOrder(S.cancelOrder.request, o),
    answer: S.cancelOrder.response,
  },
];

describe('api retries', () => {
  describe.each(KEYED)('$name (keyed)', ({ path, send, answer }) => {
    it('is retried after a dropped connection with the same Idempotency-Key, and succeeds', async () => {
      const scope = nock(API).post(path).replyWithError('socket hang up').post(path).reply(200, answer);
      const keys = keysSentTo(scope);
      await expect(send(client(), { idempotencyKey: KEY })).resolves.toEqual(answer);
      expect(scope.isDone()).toBe(true);
      expect(keys).toEqual([KEY, KEY]);
    });

    it('is retried after a 503 with the same generated Idempotency-Key, and succeeds', async () => {
      const scope = nock(API)
        .post(path)
        .reply(503, { message: 'Try again', code: 'server_error' })
        .post(path)
        .reply(200, answer);
      const keys = keysSentTo(scope);
      await expect(send(client())).resolves.toEqual(answer);
      expect(scope.isDone()).toBe(true);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(keys[1]).toBe(keys[0]);
    });
  });

  describe.each(KEYED)(
    "$name (keyed) while the server answers 409 'Request in progress'",
    ({ path, send, answer }) => {
      it('asks again with the same Idempotency-Key and backoff until the answer comes', async () => {
        const scope = nock(API)
          .post(path)
          .times(3)
          .reply(409, { message: 'Request in progress', code: 'conflict' })
          .post(path)
          .reply(200, answer);
        const keys = keysSentTo(scope);
        // retries: 0 — waiting for a request in progress does not use up the retries of failures.
        await expect(send(client({ retries: 0 }), { idempotencyKey: KEY })).resolves.toEqual(answer);
        expect(scope.isDone()).toBe(true);
        expect(keys).toEqual([KEY, KEY, KEY, KEY]);
      });
    },
  );

  it("gives up on 409 'Request in progress' after inProgressWaitMs and throws that conflict", async () => {
    useFakeClock();
    const { fetch, sent } = scriptedFetch([json(409, { message: 'Request in progress', code: 'conflict' })]);
    const call = client({ fetch, retryDelayMs: 5, inProgressWaitMs: 60 })
      .checkout(S.checkout.request, { idempotencyKey: KEY })
      .catch((e) => e);
    await vi.runAllTimersAsync();
    const error = await call;
    expect(error.constructor).toBe(PosError);
    expect(error.message).toBe('Request in progress');
    // Asked again after 5, 10 and 20 ms; the next wait (40 ms, at 35 ms) would end past the 60 ms allowed.
    expect(sent.map((request) => request.at - (sent[0]?.at ?? 0))).toEqual([0, 5, 15, 35]);
    expect(new Set(sent.map((request) => request.key))).toEqual(new Set([KEY]));
  });

  it("waits at most 2 seconds between two asks while the server answers 'Request in progress'", async () => {
    useFakeClock();
    const { fetch, sent } = scriptedFetch([json(409, { message: 'Request in progress', code: 'conflict' })]);
    const call = client({ fetch, retryDelayMs: 1_000, inProgressWaitMs: 7_000 })
      .checkout(S.checkout.request, { idempotencyKey: KEY })
      .catch((e) => e);
    await vi.runAllTimersAsync();
    expect(await call).toMatchObject({ code: 'conflict' });
    expect(sent.map((request) => request.at - (sent[0]?.at ?? 0))).toEqual([0, 1_000, 3_000, 5_000, 7_000]);
  });

  it("never retries 409 'Request in progress' of a call without a key", async () => {
    const scope = nock(API)
      .post('/v1/admin/get_orders')
      .reply(409, { message: 'Request in progress', code: 'conflict' })
      .post('/v1/admin/get_orders')
      .reply(200, []);
    await expect(client().getOrders(S.getOrders.request)).rejects.toMatchObject({ code: 'conflict' });
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('retries a checkout that timed out with the same key ("a timed-out checkout can be retried without creating a second order")', async () => {
    useFakeClock();
    const { fetch, sent } = scriptedFetch(['hang', json(200, S.checkout.response)]);
    const call = client({ fetch, timeoutMs: 100 }).checkout(S.checkout.request, { idempotencyKey: KEY });
    await vi.runAllTimersAsync();
    await expect(call).resolves.toEqual(S.checkout.response);
    // Given up on after timeoutMs, asked again after the 1 ms backoff.
    expect(sent).toEqual([
      { at: sent[0]?.at, key: KEY },
      { at: (sent[0]?.at ?? 0) + 100 + 1, key: KEY },
    ]);
  });

  it('tells onRetry at once, before each retry of a keyed call, with the reason', async () => {
    nock(API).post('/v1/checkout').replyWithError({ code: 'ECONNRESET' });
    nock(API).post('/v1/checkout').reply(503, { message: 'Busy', code: 'server_error' });
    nock(API).post('/v1/checkout').reply(200, S.checkout.response);
    const retries: { name: string; attempt: number; error: string }[] = [];
    await client({
      onRetry: (retry) => retries.push({ name: retry.name, attempt: retry.attempt, error: retry.error.name }),
    }).checkout(S.checkout.request, { idempotencyKey: KEY });
    expect(retries).toEqual([
      { name: 'checkout', attempt: 1, error: 'NetworkError' },
      { name: 'checkout', attempt: 2, error: 'PosError' },
    ]);
  });

  it("waits 8 seconds for an answer by default, so a hung server is reported within a cashier's patience", () => {
    expect(client().config.timeoutMs).toBe(8_000);
  });

  it('gives up after `retries` retries and throws the last error', async () => {
    const scope = nock(API)
      .post('/v1/checkout')
      .times(3)
      .reply(503, { message: 'Down for maintenance', code: 'server_error' });
    const keys = keysSentTo(scope);
    const error = await client({ retries: 2 })
      .checkout(S.checkout.request, { idempotencyKey: KEY })
      .catch((e) => e);
    expect(error.constructor).toBe(PosError);
    expect(error.message).toBe('Down for maintenance');
    expect(keys).toEqual([KEY, KEY, KEY]);
    expect(scope.isDone()).toBe(true);
  });

  it('with retries 0 a keyed call is sent once', async () => {
    const scope = nock(API)
      .post('/v1/checkout')
      .replyWithError('socket hang up')
      .post('/v1/checkout')
      .reply(200, {});
    await expect(client({ retries: 0 }).checkout(S.checkout.request)).rejects.toBeInstanceOf(NetworkError);
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('does not retry a keyed call the server refused (409)', async () => {
    const scope = nock(API)
      .post('/v1/admin/refund_order')
      .reply(409, { message: 'Only PAID orders can be refunded', code: 'conflict' })
      .post('/v1/admin/refund_order')
      .reply(200, S.refundOrder.response);
    await expect(client().refundOrder(S.refundOrder.request)).rejects.toMatchObject({ code: 'conflict' });
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('does not retry a keyed call whose answer was unreadable (the work was done)', async () => {
    const scope = nock(API)
      .post('/v1/checkout')
      .reply(200, 'not json')
      .post('/v1/checkout')
      .reply(200, S.checkout.response);
    await expect(client().checkout(S.checkout.request)).rejects.toMatchObject({ code: 'contract_mismatch' });
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('never retries a call without a key: a dropped connection', async () => {
    const scope = nock(API)
      .post('/v1/admin/get_orders')
      .replyWithError('socket hang up')
      .post('/v1/admin/get_orders')
      .reply(200, []);
    await expect(client().getOrders(S.getOrders.request)).rejects.toBeInstanceOf(NetworkError);
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('never retries a call without a key: a 503, and sends no Idempotency-Key', async () => {
    const scope = nock(API)
      .post('/v1/admin/end_shift')
      .reply(503, { message: 'Try again', code: 'server_error' })
      .post('/v1/admin/end_shift')
      .reply(200, S.endShift.response);
    const keys = keysSentTo(scope);
    await expect(client().endShift(S.endShift.request)).rejects.toMatchObject({ code: 'server_error' });
    expect(keys).toEqual([undefined]);
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('waits 200 ms * 2^n before retry n by default', () => {
    expect([0, 1, 2].map((retry) => retryDelay(retry, 200))).toEqual([200, 400, 800]);
  });

  it('backs off 200 ms * 2^n between attempts: nothing is sent before the backoff is over', async () => {
    useFakeClock();
    const scope = nock(API).post('/v1/checkout').times(3).replyWithError('socket hang up');
    const sentAt: number[] = [];
    scope.on('request', () => sentAt.push(Date.now()));
    const retried: number[] = [];
    const call = client({ retryDelayMs: 40, onRetry: (retry) => retried.push(retry.attempt) })
      .checkout(S.checkout.request)
      .catch((e) => e);
    await until(() => retried.length === 1);
    await vi.advanceTimersByTimeAsync(39);
    expect(sentAt).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => retried.length === 2);
    await vi.advanceTimersByTimeAsync(79);
    expect(sentAt).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toBeInstanceOf(NetworkError);
    expect(sentAt.map((at) => at - (sentAt[0] ?? 0))).toEqual([0, 40, 120]);
    expect(scope.isDone()).toBe(true);
  });

  it('stops retrying when the caller aborts during the backoff', async () => {
    useFakeClock();
    const scope = nock(API)
      .post('/v1/checkout')
      .replyWithError('socket hang up')
      .post('/v1/checkout')
      .reply(200, {});
    const controller = new AbortController();
    let retried = 0;
    const call = client({ retryDelayMs: 5_000, onRetry: () => retried++ })
      .checkout(S.checkout.request, { signal: controller.signal })
      .catch((e) => e);
    await until(() => retried === 1);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    expect(await call).toMatchObject({ code: 'aborted' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scope.pendingMocks()).toHaveLength(1);
  });
});
