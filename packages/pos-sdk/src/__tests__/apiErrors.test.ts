import { createServer } from 'node:net';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_SAMPLES } from '../../scripts/apiSamples';
import { type ApiConfig, createApiClient } from '../api';
import { errorFromAnswer } from '../api/errorFromAnswer';
import { WIRE_ERROR_STATUS } from '../contract/errors';
import {
  type AnyPosError,
  AuthError,
  isPosError,
  NetworkError,
  POS_ERROR_CODES,
  PosError,
  RuleError,
  ValidationError,
} from '../errors';
import { MESSAGES } from '../rules/messages';

const API = 'http://api.test';
const S = API_SAMPLES;

function client(overrides: Partial<ApiConfig> = {}) {
  return createApiClient({ baseUrl: API, getToken: () => 'user-token-1', retryDelayMs: 1, ...overrides });
}

/** The error a call rejects with (fails the test when it resolves). */
async function failureOf(call: Promise<unknown>): Promise<AnyPosError> {
  const error = await call.then(
    () => expect.fail('the call should have failed'),
    (reason: unknown) => reason,
  );
  expect(isPosError(error), `${String(error)} is a PosError`).toBe(true);
  return error as AnyPosError;
}

/** A port on this machine nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

beforeEach(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  const pending = nock.pendingMocks();
  nock.abortPendingRequests();
  nock.cleanAll();
  nock.enableNetConnect();
  expect(pending, 'every expected request was made').toEqual([]);
});

describe('api errors', () => {
  it('403 forbidden: AuthError with the server message, and onUnauthorized called exactly once ("A 403 anywhere signs the user out")', async () => {
    nock(API).post('/v1/admin/get_orders').reply(403, { message: 'Token expired', code: 'forbidden' });
    const onUnauthorized = vi.fn();
    const error = await failureOf(client({ onUnauthorized }).getOrders(S.getOrders.request));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      name: 'AuthError',
      code: 'forbidden',
      status: 403,
      message: 'Token expired',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('403 not_permitted (a back-office call by a staff member): code not_permitted, and nobody is signed out', async () => {
    nock(API)
      .post('/v1/admin/staff/list')
      .reply(403, { message: 'Only a manager can do this: ask a manager to sign in', code: 'not_permitted' });
    const onUnauthorized = vi.fn();
    const error = await failureOf(client({ onUnauthorized }).staffList());
    expect(error.constructor).toBe(PosError);
    expect(error).toMatchObject({
      name: 'PosError',
      code: 'not_permitted',
      status: 403,
      message: 'Only a manager can do this: ask a manager to sign in',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('403 on a keyed call: onUnauthorized once, and no retry', async () => {
    nock(API).post('/v1/checkout').reply(403, { message: 'Token expired', code: 'forbidden' });
    const onUnauthorized = vi.fn();
    const error = await failureOf(client({ onUnauthorized }).checkout(S.checkout.request));
    expect(error).toBeInstanceOf(AuthError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('400: ValidationError with the server message and its field issues as details', async () => {
    const details = [{ path: 'items.0.quantity', message: 'must be a whole number' }];
    nock(API)
      .post('/v1/checkout')
      .reply(400, { message: 'Invalid request', code: 'invalid_request', details });
    const onUnauthorized = vi.fn();
    const error = await failureOf(client({ onUnauthorized }).checkout(S.checkout.request));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: 'invalid_request',
      status: 400,
      message: 'Invalid request',
      details,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('401 on sign-in: code invalid_credentials, and nobody is signed out', async () => {
    nock(API)
      .post('/v1/identity/sign_in')
      .reply(401, { message: 'Invalid email or password', code: 'invalid_credentials' });
    const onUnauthorized = vi.fn();
    const error = await failureOf(
      client({ onUnauthorized }).signIn({ email: 'cashier@demo.pos', password: 'nope' }),
    );
    expect(error.constructor).toBe(PosError);
    expect(error).not.toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'invalid_credentials',
      status: 401,
      message: 'Invalid email or password',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('404: code not_found with the server message', async () => {
    nock(API)
      .post('/v1/lookup_membership')
      .reply(404, { message: 'No member with this email', code: 'not_found' });
    const error = await failureOf(client().lookupMembership({ email: 'nobody@example.com' }));
    expect(error.constructor).toBe(PosError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: 'No member with this email' });
  });

  it('409: code conflict with the reason the ticket is not redeemable', async () => {
    nock('http://engine.test').post('/v2/check_ticket_redeem/TK-0001').reply(409, {
      message: 'Ticket is Fully Used',
      code: 'conflict',
    });
    const error = await failureOf(client({ engineUrl: 'http://engine.test' }).checkTicketRedeem('TK-0001'));
    expect(error.constructor).toBe(PosError);
    expect(error).toMatchObject({ code: 'conflict', status: 409, message: 'Ticket is Fully Used' });
  });

  it("422: RuleError with the spec's message, e.g. 'Only 1 membership item is allowed in the cart!'", async () => {
    nock(API).post('/v1/checkout').reply(422, { message: MESSAGES.oneMembershipOnly, code: 'rule' });
    const error = await failureOf(client().checkout(S.checkout.request));
    expect(error).toBeInstanceOf(RuleError);
    expect(error).toMatchObject({
      code: 'rule',
      status: 422,
      message: 'Only 1 membership item is allowed in the cart!',
    });
  });

  it('422 on a wrong PIN is a RuleError and does not sign the cashier out', async () => {
    nock(API).post('/v1/admin/verify_pin').reply(422, { message: 'Wrong PIN', code: 'rule' });
    const onUnauthorized = vi.fn();
    const error = await failureOf(client({ onUnauthorized }).verifyPin({ approver: 'user-2', pin: '0000' }));
    expect(error).toBeInstanceOf(RuleError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('429: code locked after too many PIN tries', async () => {
    nock(API)
      .post('/v1/admin/verify_pin')
      .reply(429, { message: 'Too many tries, wait 5 minutes', code: 'locked' });
    const error = await failureOf(client().verifyPin({ approver: 'user-2', pin: '0000' }));
    expect(error.constructor).toBe(PosError);
    expect(error).toMatchObject({ code: 'locked', status: 429, message: 'Too many tries, wait 5 minutes' });
  });

  it('413: a photo over 2 MB is a ValidationError', async () => {
    nock(API)
      .post('/v2/register_face/TK-0001')
      .reply(413, { message: 'Photo is larger than 2 MB', code: 'payload_too_large' });
    const error = await failureOf(client().registerFace('TK-0001', new Uint8Array([1])));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ status: 413, message: 'Photo is larger than 2 MB', details: [] });
  });

  it('500: code server_error with the server message', async () => {
    nock(API)
      .post('/v1/admin/users')
      .reply(500, { message: 'Something went wrong on our side', code: 'server_error' });
    const error = await failureOf(client().users());
    expect(error.constructor).toBe(PosError);
    expect(error).toMatchObject({
      code: 'server_error',
      status: 500,
      message: 'Something went wrong on our side',
    });
  });

  it('502 with a proxy page: code server_error naming the status, never the page', async () => {
    nock(API)
      .post('/v1/admin/users')
      .reply(502, '<html><body>Bad Gateway</body></html>', { 'Content-Type': 'text/html' });
    const error = await failureOf(client().users());
    expect(error.constructor).toBe(PosError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/HTTP 502/);
    expect(error.message).not.toMatch(/html/);
  });

  it('a malformed JSON answer: code contract_mismatch with a clear message, not a crash', async () => {
    nock(API)
      .post('/v1/admin/users')
      .reply(200, '[{"_id": "user-1", ', { 'Content-Type': 'application/json' });
    const error = await failureOf(client().users());
    expect(error.constructor).toBe(PosError);
    expect(error.code).toBe('contract_mismatch');
    expect(error.message).toBe("The server's answer to POST /v1/admin/users is not JSON");
  });

  it('an answer of the wrong shape: code contract_mismatch naming the call and the field', async () => {
    const order = { ...S.getOrder.response, total_amount: 12.345 };
    nock(API).post('/v1/admin/get_order').reply(200, order);
    const error = await failureOf(client().getOrder({ order_id: 'order-1' }));
    expect(error.constructor).toBe(PosError);
    expect(error.code).toBe('contract_mismatch');
    expect(error.message).toMatch(
      /^The server's answer to POST \/v1\/admin\/get_order does not match the contract: total_amount/,
    );
    expect(error.details).toEqual([
      { path: 'total_amount', message: 'must be an amount with at most 2 decimals' },
    ]);
  });

  it("no answer within timeoutMs: NetworkError with code timeout, 'Server not responding'", async () => {
    nock(API).post('/v1/admin/users').delay(1_000).reply(200, []);
    const error = await failureOf(client({ timeoutMs: 50 }).users());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'timeout', message: 'Server not responding', status: undefined });
    expect((error.cause as Error).name).toBe('TimeoutError');
  });

  it("connection refused: NetworkError 'Server not responding'", async () => {
    nock.enableNetConnect('127.0.0.1');
    const port = await closedPort();
    const error = await failureOf(createApiClient({ baseUrl: `http://127.0.0.1:${port}` }).users());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('Server not responding');
  });

  it("a dropped connection: NetworkError 'Server not responding'", async () => {
    nock(API).post('/v1/admin/add_order_note').replyWithError('socket hang up');
    const error = await failureOf(client().addOrderNote({ order_id: 'order-1', note: 'x' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('Server not responding');
  });

  it('a call the caller aborts fails with code aborted, not as a network failure', async () => {
    const controller = new AbortController();
    // Aborted once the request is at the server, still unanswered: no timer, no guessed delay.
    nock(API)
      .post('/v1/checkout')
      .reply(() => {
        controller.abort();
        return new Promise<never>(() => {}) as never;
      });
    const call = client().checkout(S.checkout.request, { signal: controller.signal });
    const error = await failureOf(call);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error.code).toBe('aborted');
  });
});

describe('errorFromAnswer', () => {
  it.each([
    [400, ValidationError, 'invalid_request'],
    [401, PosError, 'invalid_credentials'],
    [403, AuthError, 'forbidden'],
    [404, PosError, 'not_found'],
    [409, PosError, 'conflict'],
    [413, ValidationError, 'payload_too_large'],
    [418, ValidationError, 'invalid_request'],
    [422, RuleError, 'rule'],
    [429, PosError, 'locked'],
    [500, PosError, 'server_error'],
    [503, PosError, 'server_error'],
  ] as const)(
    'maps %i with no wire code to %o (code %s), keeping the server message',
    (status, type, code) => {
      const error = errorFromAnswer({
        status,
        body: JSON.stringify({ message: 'From the server', code: 'x' }),
      });
      expect(error.constructor).toBe(type);
      expect(error).toMatchObject({ code, status, message: 'From the server' });
    },
  );

  it.each(Object.entries(WIRE_ERROR_STATUS).map(([code, status]) => [code, status] as const))(
    'keeps the wire code %s (HTTP %i) as the error code',
    (code, status) => {
      const error = errorFromAnswer({ status, body: JSON.stringify({ message: 'From the server', code }) });
      expect(error.code).toBe(code);
      expect(Object.values(POS_ERROR_CODES)).toContain(code);
    },
  );

  it('a 422 carries its rule and title from the details, as RuleError.rule and .title', () => {
    const error = errorFromAnswer({
      status: 422,
      body: JSON.stringify({
        message: 'Payment is short by RM 5.00',
        code: 'rule',
        details: { rule: 'payment_short', title: 'Insufficient Amount' },
      }),
    });
    expect(error).toBeInstanceOf(RuleError);
    expect(error).toMatchObject({ rule: 'payment_short', title: 'Insufficient Amount' });
    if (error.code !== 'rule') throw new Error('narrowed by code');
    expect(error.details).toEqual({ rule: 'payment_short', title: 'Insufficient Amount' });
  });

  it('falls back to a message naming the status when the body is unreadable', () => {
    expect(errorFromAnswer({ status: 404, statusText: 'Not Found', body: '' }).message).toBe(
      'Not found (HTTP 404 Not Found)',
    );
    expect(errorFromAnswer({ status: 409, body: 'conflict!' }).message).toMatch(/\(HTTP 409\)$/);
  });

  it('keeps only well-formed field issues as the details of a ValidationError', () => {
    const odd = errorFromAnswer({
      status: 400,
      body: JSON.stringify({ message: 'Bad', code: 'invalid_request', details: 'x' }),
    });
    expect(odd.details).toEqual([]);
  });
});
