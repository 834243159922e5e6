import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_SAMPLES } from '../../scripts/apiSamples';
import { type ApiClient, type ApiConfig, type CallOptions, createApiClient } from '../api';
import { retryDelay } from '../api/retryDelay';
import { ConflictError, NetworkError, ServerError } from '../errors';

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

beforeEach(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  nock.abortPendingRequests();
  nock.cleanAll();
  nock.enableNetConnect();
});

/** The keyed (money-moving) calls: name, path, and how to send one with options. */
const KEYED: readonly {
  name: string;
  path: string;
  send: (api: ApiClient, options?: CallOptions) => Promise<unknown>;
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
    const scope = nock(API)
      .post('/v1/checkout')
      .times(100)
      .reply(409, { message: 'Request in progress', code: 'conflict' });
    const keys = keysSentTo(scope);
    const error = await client({ retryDelayMs: 5, inProgressWaitMs: 60 })
      .checkout(S.checkout.request, { idempotencyKey: KEY })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe('Request in progress');
    expect(keys.length).toBeGreaterThan(1);
    expect(keys.length).toBeLessThan(100);
    expect(new Set(keys)).toEqual(new Set([KEY]));
  });

  it("never retries 409 'Request in progress' of a call without a key", async () => {
    const scope = nock(API)
      .post('/v1/admin/get_orders')
      .reply(409, { message: 'Request in progress', code: 'conflict' })
      .post('/v1/admin/get_orders')
      .reply(200, []);
    await expect(client().getOrders(S.getOrders.request)).rejects.toBeInstanceOf(ConflictError);
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('retries a checkout that timed out with the same key ("a timed-out checkout can be retried without creating a second order")', async () => {
    const scope = nock(API)
      .post('/v1/checkout')
      .delay(1_000)
      .reply(200, S.checkout.response)
      .post('/v1/checkout')
      .reply(200, S.checkout.response);
    const keys = keysSentTo(scope);
    await expect(
      client({ timeoutMs: 100 }).checkout(S.checkout.request, { idempotencyKey: KEY }),
    ).resolves.toEqual(S.checkout.response);
    expect(keys).toEqual([KEY, KEY]);
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
      { name: 'checkout', attempt: 2, error: 'ServerError' },
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
    expect(error).toBeInstanceOf(ServerError);
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
    await expect(client().refundOrder(S.refundOrder.request)).rejects.toBeInstanceOf(ConflictError);
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('does not retry a keyed call whose answer was unreadable (the work was done)', async () => {
    const scope = nock(API)
      .post('/v1/checkout')
      .reply(200, 'not json')
      .post('/v1/checkout')
      .reply(200, S.checkout.response);
    await expect(client().checkout(S.checkout.request)).rejects.toBeInstanceOf(ServerError);
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
    await expect(client().endShift(S.endShift.request)).rejects.toBeInstanceOf(ServerError);
    expect(keys).toEqual([undefined]);
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('waits 200 ms * 2^n before retry n by default', () => {
    expect([0, 1, 2].map((retry) => retryDelay(retry, 200))).toEqual([200, 400, 800]);
  });

  it('backs off between attempts', async () => {
    nock(API).post('/v1/checkout').times(3).replyWithError('socket hang up');
    const started = Date.now();
    await expect(client({ retryDelayMs: 40 }).checkout(S.checkout.request)).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(40 + 80 - 5);
  });

  it('stops retrying when the caller aborts during the backoff', async () => {
    const scope = nock(API)
      .post('/v1/checkout')
      .replyWithError('socket hang up')
      .post('/v1/checkout')
      .reply(200, {});
    const controller = new AbortController();
    const call = client({ retryDelayMs: 5_000 }).checkout(S.checkout.request, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(call).rejects.toMatchObject({ code: 'aborted' });
    expect(scope.pendingMocks()).toHaveLength(1);
  });
});
