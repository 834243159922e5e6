import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api';
import { WIRE_ERROR_STATUS } from '../contract/errors';
import { PosError } from '../errors';
import {
  callPath,
  createFetchMock,
  createTestPos,
  fixture,
  replyWith,
  replyWithError,
  sdkHeaders,
  TEST_BASE_URL,
  type TestPos,
} from '../testing';

const clientOver = (mock = createFetchMock()) => ({
  mock,
  api: createApiClient({
    baseUrl: TEST_BASE_URL,
    fetch: mock.fetch,
    getToken: () => 'token-1',
    retryDelayMs: 0,
  }),
});

describe('createFetchMock', () => {
  it('answers each call with its fixture and records the request', async () => {
    const { mock, api } = clientOver();
    expect(await api.passes()).toHaveLength(fixture('passes').answer.length);
    const receipt = await api.checkout(fixture('checkout').request);
    expect(receipt.order.invoice?._id).toBe('STORE-000001');
    expect(mock.calls.map((call) => [call.name, call.status])).toEqual([
      ['passes', 200],
      ['checkout', 200],
    ]);
    expect(mock.callsTo('passes')[0]?.params).toEqual({ store: 'STORE' });
    expect(mock.callsTo('checkout')[0]?.headers).toMatchObject({
      'x-host-name': 'TICKET01',
      authorization: 'Bearer token-1',
    });
    expect(mock.callsTo('checkout')[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(mock.unexpected).toEqual([]);
  });

  it('refuses a body that breaks the request schema with a 400 naming the field, and records it', async () => {
    const { mock, api } = clientOver();
    const body = { ...fixture('checkout').request, num_items: -1 };
    const failure = await api.checkout(body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PosError);
    expect(failure).toMatchObject({ status: 400 });
    expect((failure as Error).message).toContain('num_items');
    expect(mock.unexpected).toHaveLength(1);
    expect(mock.unexpected[0]?.reason).toMatch(
      /^checkout: the body does not match the request schema: num_items/,
    );
    expect(mock.calls.map((call) => call.status)).toEqual([400]);
  });

  it('refuses a call without a token, and a path no call has', async () => {
    const mock = createFetchMock();
    const api = createApiClient({ baseUrl: TEST_BASE_URL, fetch: mock.fetch, retries: 0 });
    await expect(api.venue()).rejects.toMatchObject({ status: 400 });
    const response = await mock.fetch(`${TEST_BASE_URL}/v1/nothing`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(mock.unexpected.map((request) => request.reason)).toEqual([
      'venue: no Authorization: Bearer <token> header (is the terminal signed in?)',
      `no call of ENDPOINTS is POST /v1/nothing (at ${TEST_BASE_URL})`,
    ]);
  });

  it('answers an override, once or until reset', async () => {
    const { mock, api } = clientOver();
    mock.answer('passes', [], { once: true });
    expect(await api.passes()).toEqual([]);
    expect(await api.passes()).toHaveLength(fixture('passes').answer.length);
    mock.answer('venue', (call) => ({ ...fixture('venue').answer, name: call.headers['x-host-name'] ?? '' }));
    expect((await api.venue()).name).toBe('TICKET01');
    expect((await api.venue()).name).toBe('TICKET01');
    mock.reset();
    expect((await api.venue()).name).toBe(fixture('venue').answer.name);
    expect(mock.calls).toHaveLength(1);
  });

  it('answers a scripted wire error once, then the fixture (the retry of a money call)', async () => {
    const { mock, api } = clientOver();
    mock.fail('checkout', { code: 'server_error', message: 'Boom' }, { once: true });
    const receipt = await api.checkout(fixture('checkout').request);
    expect(receipt.tickets).toHaveLength(2);
    const [first, second] = mock.callsTo('checkout');
    expect([first?.status, second?.status]).toEqual([500, 200]);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('answers a scripted error always, with its code and message', async () => {
    const { mock, api } = clientOver();
    mock.fail('lookupMembership', { code: 'not_found', message: 'No member with that email' });
    for (let i = 0; i < 2; i++) {
      await expect(api.lookupMembership({ email: 'nobody@example.com' })).rejects.toMatchObject({
        status: 404,
        message: 'No member with that email',
      });
    }
  });

  it('fails the network when told: the SDK gets no answer', async () => {
    const { mock, api } = clientOver();
    mock.failNetwork('venue');
    await expect(api.venue()).rejects.toMatchObject({ code: 'network' });
    expect(mock.callsTo('venue').map((call) => call.status)).toEqual([0]);
  });
});

describe('nock helpers', () => {
  it('give the path, the headers the SDK sends, and replies with a fixture or an error', () => {
    expect(callPath('passes')).toBe('/v1/passes/STORE');
    expect(callPath('checkTicketRedeem', { id: 'T1' })).toBe('/v2/check_ticket_redeem/T1');
    const headers = sdkHeaders('checkout');
    expect(headers['x-host-name']).toBe('TICKET01');
    expect(headers.authorization).toBeInstanceOf(RegExp);
    expect((headers['idempotency-key'] as RegExp).test('0b7e6f52-5c1d-4f7a-9a43-2d8e1c6b9f10')).toBe(true);
    expect(sdkHeaders('signIn').authorization).toBeUndefined();
    expect(replyWith('venue')).toEqual([
      200,
      fixture('venue').answer,
      { 'content-type': 'application/json' },
    ]);
    expect(replyWithError({ code: 'rule', message: 'No' })).toEqual([
      422,
      { message: 'No', code: 'rule' },
      { 'content-type': 'application/json' },
    ]);
    // Every wire code is sent with the contract's status; a code the wire does not have, and `toString`, with 500.
    for (const [code, status] of Object.entries(WIRE_ERROR_STATUS)) {
      expect(replyWithError({ code, message: 'x' })[0], code).toBe(status);
    }
    expect(replyWithError({ code: 'teapot', message: 'x' })[0]).toBe(500);
    expect(replyWithError({ code: 'toString', message: 'x' })[0]).toBe(500);
  });
});

describe('createTestPos', () => {
  let terminal: TestPos | undefined;
  afterEach(() => terminal?.dispose());

  it('signs in, opens a shift and sells over the mock, printing and opening the drawer', async () => {
    terminal = createTestPos();
    const { pos, server, hardware } = terminal;
    await pos.session.signIn('cashier@demo.pos', 'demo1234');
    expect(pos.session.isSignedIn.value).toBe(true);
    await pos.shift.start();
    await pos.catalog.load();
    await pos.cart.add('GRIP-M', 1);
    pos.checkout.setTender('CASH', '20');
    const receipt = await pos.checkout.submit({ email: '', confirmedNoEmail: true });
    expect(receipt.order.invoice?._id).toBe('STORE-000001');
    expect(server.callsTo('checkout')).toHaveLength(1);
    expect(server.unexpected).toEqual([]);
    expect(hardware.calls.map((call) => call.kind)).toContain('openDrawer');
    expect(pos.config.clock().toISOString()).toBe('2026-11-22T02:00:00.000Z');
  });

  it('starts signed in when asked, with the fixtures cashier', () => {
    terminal = createTestPos({ signedIn: true });
    expect(terminal.pos.session.isSignedIn.value).toBe(true);
    expect(terminal.pos.session.userProfile.value?.name).toEqual({ first: 'Ana', last: 'Cashier' });
  });
});
