import { buildPath, ENDPOINTS, type EndpointName } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HOST_ID } from '../auth/authentication';
import { CASHIER, createTestApp, describeOnEngines, SETUP_TIMEOUT_MS, type TestApp } from './support/testApp';

const PARAMS = { store: 'STORE', id: 'T-1', ticketId: 'T-1' };
const entries = Object.entries(ENDPOINTS) as [EndpointName, (typeof ENDPOINTS)[EndpointName]][];
const guarded = entries.filter(([, endpoint]) => endpoint.auth);
const open = entries.filter(([, endpoint]) => !endpoint.auth);

const TOKEN_CASES = ['no token', 'forged token', 'expired token', 'not a Bearer header'] as const;

describeOnEngines('authentication', (engine) => {
  let t: TestApp;
  let expired: string;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    expired = await t.createToken(CASHIER, { ttlMs: -1000 });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  const authorization = (tokenCase: (typeof TOKEN_CASES)[number]): Record<string, string> => {
    switch (tokenCase) {
      case 'no token':
        return {};
      case 'forged token':
        return { authorization: 'Bearer dGhpcyB0b2tlbiB3YXMgbmV2ZXIgaXNzdWVkIGJ5IHRoZSBzZXJ2ZXI' };
      case 'expired token':
        return { authorization: `Bearer ${expired}` };
      default:
        return { authorization: `Basic ${Buffer.from('cashier@demo.pos:demo1234').toString('base64')}` };
    }
  };

  describe('every call of the contract except sign-in and health answers 403 forbidden', () => {
    const table = guarded.flatMap(([name, endpoint]) =>
      TOKEN_CASES.map((tokenCase) => ({ name, endpoint, tokenCase })),
    );
    it.each(table)(
      '$name ($endpoint.method $endpoint.path) with $tokenCase',
      async ({ endpoint, tokenCase }) => {
        const response = await t.inject({
          method: endpoint.method,
          url: buildPath(endpoint.path, PARAMS),
          headers: { ...authorization(tokenCase), 'x-host-name': DEFAULT_HOST_ID },
          ...(endpoint.method === 'POST' ? { payload: {} } : {}),
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: expect.any(String), code: 'forbidden' });
      },
    );
  });

  it('checks the token before the body: a bad body without a token is 403, not 400', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/set_float',
      payload: { float: 'lots' },
    });
    expect(response.statusCode).toBe(403);
  });

  it.each(open)('%s needs no token', async (_name, endpoint) => {
    const response = await t.inject({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.method === 'POST' ? { payload: {} } : {}),
    });
    expect(response.statusCode).not.toBe(403);
  });

  it('answers health with {ok: true}', async () => {
    const response = await t.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('serves every call of the contract', () => {
    for (const [name, endpoint] of entries) {
      expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), name).toBe(true);
    }
  });

  it('answers 403 for an unknown API path without a token, 404 not_found with one', async () => {
    expect((await t.inject({ method: 'POST', url: '/v1/admin/no_such_call', payload: {} })).statusCode).toBe(
      403,
    );
    const session = await t.signIn();
    const response = await t.post(session, '/v1/admin/no_such_call', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('creates the terminal of a new X-Host-Name on first use, and uses TICKET01 without one', async () => {
    const session = await t.signIn();
    await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { ...session.headers, 'x-host-name': 'GATE-7' },
    });
    await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { authorization: `Bearer ${session.token}` },
    });
    const terminals = await t.db.selectFrom('terminals').select('id').orderBy('id').execute();
    expect(terminals.map((row) => row.id)).toEqual(expect.arrayContaining(['GATE-7', 'TICKET01']));
  });

  it('answers 400 naming X-Host-Name when it is malformed', async () => {
    const session = await t.signIn();
    const response = await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { ...session.headers, 'x-host-name': 'bad host/name' },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'X-Host-Name', message: expect.any(String) }]);
  });

  it('refuses the token of a staff member who was deactivated', async () => {
    const session = await t.signIn('manager@demo.pos');
    await t.db.updateTable('staff').set({ active: 0 }).where('email', '=', 'manager@demo.pos').execute();
    expect((await t.post(session, '/v1/admin/users')).statusCode).toBe(403);
    await t.db.updateTable('staff').set({ active: 1 }).where('email', '=', 'manager@demo.pos').execute();
  });
});
