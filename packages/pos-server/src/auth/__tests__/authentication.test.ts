import { buildPath, ENDPOINTS, type EndpointName } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
} from '../../__tests__/support/testApp';
import { unregisterTerminal } from '../../terminals/terminals';
import { DEFAULT_HOST_ID } from '../authentication';
import { revokeStaffTokens } from '../staffTokens';

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

  it('uses TICKET01 for a call without X-Host-Name, and binds the token to the terminal it signed in on', async () => {
    const session = await t.signIn();
    const plain = await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { authorization: `Bearer ${session.token}` },
      payload: {},
    });
    expect(plain.statusCode).toBe(200);
    await t.registerTerminal('GATE-7');
    const elsewhere = await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { ...session.headers, 'x-host-name': 'GATE-7' },
      payload: {},
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({
      message: 'This sign-in belongs to terminal TICKET01: sign in again on this terminal',
      code: 'forbidden',
    });
  });

  it('signs in only on a registered terminal, and never creates one on first use', async () => {
    const signIn = await t.inject({
      method: 'POST',
      url: '/v1/identity/sign_in',
      payload: { email: CASHIER, password: 'demo1234' },
    });
    const login = await t.inject({
      method: 'POST',
      url: '/v1/admin_login',
      headers: { 'x-host-name': 'ROGUE-1' },
      payload: { idToken: signIn.json().idToken },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      message:
        'Terminal ROGUE-1 is not registered. A manager pairs this device with it: pos terminal pair ROGUE-1',
      code: 'forbidden',
    });
    const session = await t.signIn();
    await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: { ...session.headers, 'x-host-name': 'ROGUE-2' },
      payload: {},
    });
    const terminals = await t.db.selectFrom('terminals').select('id').execute();
    expect(terminals.map((row) => row.id)).not.toContain('ROGUE-1');
    expect(terminals.map((row) => row.id)).not.toContain('ROGUE-2');
  });

  it("does not let a cashier signed in on another terminal end or sell into that terminal's shift", async () => {
    const till = await t.signIn(MANAGER, { host: 'TILL-9' });
    expect((await t.post(till, '/v1/admin/start_shift')).statusCode).toBe(200);
    const cashier = await t.signIn(CASHIER, { host: 'TILL-10' });
    const intoTill = { ...cashier, headers: t.headers(cashier.token, 'TILL-9') };
    const end = await t.post(intoTill, '/v1/admin/end_shift', { cash: 0, card: 0, ewallet: 0 });
    expect(end.statusCode).toBe(403);
    const float = await t.post(intoTill, '/v1/admin/set_float', { float: 5 });
    expect(float.statusCode).toBe(403);
    const sale = await t.post(intoTill, '/v1/checkout', checkoutBody([cartItem('BOTTLE-750')]));
    expect(sale.statusCode).toBe(403);
    expect((await t.post(till, '/v1/admin/shift_report')).json().orders.count).toBe(0);
    const own = await t.post(cashier, '/v1/admin/end_shift', { cash: 0, card: 0, ewallet: 0 });
    expect(own.statusCode).toBe(409);
    expect((await t.post(till, '/v1/admin/shift_report')).json().closed_at).toBeNull();
  });

  it('ends a token on sign-out: every call with it is 403 from then on', async () => {
    const session = await t.signIn();
    expect((await t.post(session, '/v1/admin/users')).statusCode).toBe(200);
    const out = await t.post(session, '/v1/admin_logout');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signed_out: true });
    for (const [name, endpoint] of guarded) {
      const response = await t.inject({
        method: endpoint.method,
        url: buildPath(endpoint.path, PARAMS),
        headers: session.headers,
        ...(endpoint.method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, name).toBe(403);
    }
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('staff_id', '=', session.profile._id)
      .where('action', '=', 'staff.signed_out')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('ends every token of a terminal that is unregistered', async () => {
    const session = await t.signIn(CASHIER, { host: 'TILL-11' });
    expect((await t.post(session, '/v1/admin/users')).statusCode).toBe(200);
    expect(await unregisterTerminal(t.db, 'TILL-11', new Date())).toBe(true);
    expect((await t.post(session, '/v1/admin/users')).statusCode).toBe(403);
  });

  it('ends every token of a staff member at once (revokeStaffTokens, as pos-server user revoke-tokens)', async () => {
    const first = await t.signIn(MANAGER);
    const second = await t.signIn(MANAGER, { host: 'TILL-12' });
    const revoked = await revokeStaffTokens(t.db, first.profile._id, new Date());
    expect(revoked).toBeGreaterThanOrEqual(2);
    expect((await t.post(first, '/v1/admin/users')).statusCode).toBe(403);
    expect((await t.post(second, '/v1/admin/users')).statusCode).toBe(403);
    expect((await t.post(await t.signIn(MANAGER), '/v1/admin/users')).statusCode).toBe(200);
  });

  it('also ends an identity token not yet exchanged, so no new session starts from it', async () => {
    const signIn = await t.inject({
      method: 'POST',
      url: '/v1/identity/sign_in',
      payload: { email: MANAGER, password: 'demo1234' },
    });
    expect(signIn.statusCode).toBe(200);
    const { idToken } = signIn.json<{ idToken: string }>();
    const staff = await t.db
      .selectFrom('staff')
      .select('id')
      .where('email', '=', MANAGER)
      .executeTakeFirstOrThrow();
    await revokeStaffTokens(t.db, staff.id, new Date());
    const login = await t.inject({
      method: 'POST',
      url: '/v1/admin_login',
      headers: { 'x-host-name': DEFAULT_HOST_ID },
      payload: { idToken },
    });
    expect(login.statusCode).toBe(401); // as an unknown identity token: it gives no session
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
