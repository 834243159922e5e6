import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { PAIRING_CODE_MINUTES, TERMINAL_ID_RULE_TEXT } from 'pos-sdk/rules';
import { afterEach, expect, it } from 'vitest';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  DEMO_PASSWORD,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestClock,
} from '../../__tests__/support/testApp';

/** Signs in on `host` without registering it first (the test app's signIn registers any host it is given). */
async function signInOn(t: TestApp, email: string, host: string) {
  const signIn = await t.inject({
    method: 'POST',
    url: '/v1/identity/sign_in',
    payload: { email, password: DEMO_PASSWORD },
  });
  return t.inject({
    method: 'POST',
    url: '/v1/admin_login',
    headers: { 'x-host-name': host },
    payload: { idToken: signIn.json().idToken },
  });
}

describeOnEngines('pairing a device with a terminal', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  afterEach(async () => {
    await t?.close();
  });

  const start = async (config = {}) => {
    clock = createTestClock();
    t = await createTestApp({ engine, clock, config: { store: 'KL01', ...config } });
    return t.signIn(MANAGER);
  };
  const pair = (code?: string) =>
    t.inject({ method: 'POST', url: '/v1/pair', payload: code === undefined ? {} : { code } });

  it('makes a one-time code that registers the terminal, and pairs a device with it and its store once', async () => {
    const manager = await start();
    const made = await t.post(manager, '/v1/admin/terminals/pair', { terminal: 'TICKET02' });
    expect(made.statusCode).toBe(200);
    const code = made.json();
    expect(code).toMatchObject({ terminal: 'TICKET02', store: 'KL01', registered: true });
    expect(code.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(new Date(code.expires_at).getTime() - clock().getTime()).toBe(PAIRING_CODE_MINUTES * 60_000);

    // Typed as a person would: lower case, a space instead of the dash.
    const paired = await pair(code.code.toLowerCase().replace('-', ' '));
    expect(paired.statusCode).toBe(200);
    expect(paired.json()).toEqual({ terminal: 'TICKET02', store: 'KL01' });

    const again = await pair(code.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: SERVER_MESSAGES.pairingCodeUsed });

    // The device signs in as that terminal, and learns its store from the sign-in too.
    const login = await signInOn(t, CASHIER, 'TICKET02');
    expect(login.statusCode).toBe(200);
    expect(login.json().terminal).toEqual({ _id: 'TICKET02', store: 'KL01' });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'terminal.%')
      .execute();
    expect(audit.map((row) => row.action).sort()).toEqual(['terminal.paired', 'terminal.pairing_code']);
  });

  it('refuses an expired code, a replaced code and an unknown code in words', async () => {
    const manager = await start();
    const first = (await t.post(manager, '/v1/admin/terminals/pair', { terminal: 'TICKET02' })).json();
    clock.advance(PAIRING_CODE_MINUTES * 60_000 + 1000);
    const late = await pair(first.code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SERVER_MESSAGES.pairingCodeExpired);

    const second = (await t.post(manager, '/v1/admin/terminals/pair', { terminal: 'TICKET02' })).json();
    expect(second.registered).toBe(false);
    const third = (await t.post(manager, '/v1/admin/terminals/pair', { terminal: 'TICKET02' })).json();
    const replaced = await pair(second.code);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toBe(SERVER_MESSAGES.pairingCodeExpired);
    expect((await pair(third.code)).statusCode).toBe(200);

    const unknown = await pair('ABCD-EFGH');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SERVER_MESSAGES.pairingCodeUnknown);
    const malformed = await pair('12');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/A pairing code is 8 letters and digits/);
  });

  it('locks an address out of pairing after 10 wrong codes', async () => {
    await start();
    for (let i = 0; i < 10; i += 1) expect((await pair('ABCD-EFGH')).statusCode).toBe(404);
    const locked = await pair('ABCD-EFGH');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(SERVER_MESSAGES.pairingLocked(15));
  });

  it('pairs two devices that send the same code at the same moment once', async () => {
    const manager = await start();
    const { code } = (await t.post(manager, '/v1/admin/terminals/pair', { terminal: 'TICKET02' })).json();
    const answers = await Promise.all(Array.from({ length: 8 }, () => pair(code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
  });

  it('keeps a terminal in its store: a code for another store is refused, an unknown store too', async () => {
    const manager = await start();
    await t.post(manager, '/v1/admin/terminals/pair', { terminal: 'TICKET02' });
    const other = await t.post(manager, '/v1/admin/terminals/pair', { terminal: 'TICKET02', store: 'STORE' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(SERVER_MESSAGES.terminalOfOtherStore('TICKET02', 'KL01'));
    const unknown = await t.post(manager, '/v1/admin/terminals/pair', {
      terminal: 'TICKET03',
      store: 'NOPE',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(SERVER_MESSAGES.unknownStore('NOPE'));
  });

  it('is a manager call; a terminal id that breaks the rule is refused with the rule', async () => {
    await start();
    const cashier = await t.signIn(CASHIER);
    const refused = await t.post(cashier, '/v1/admin/terminals/pair', { terminal: 'TICKET02' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_permitted');
    const manager = await t.signIn(MANAGER);
    const bad = await t.post(manager, '/v1/admin/terminals/pair', { terminal: '-cmd' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'terminal', message: TERMINAL_ID_RULE_TEXT }]);
    // The same rule at the door: a host id starting with '-' is no terminal, never "not registered".
    const header = await signInOn(t, CASHIER, '-cmd');
    expect(header.statusCode).toBe(400);
    expect(header.json().message).toBe(SERVER_MESSAGES.invalidHostId);
  });

  it('says whether a device’s terminal is registered, and signs the device out when it is unregistered', async () => {
    const manager = await start();
    const { code } = (await t.post(manager, '/v1/admin/terminals/pair', { terminal: 'TICKET02' })).json();
    await pair(code);
    const status = (host: string) =>
      t.inject({ method: 'POST', url: '/v1/terminal_status', headers: { 'x-host-name': host }, payload: {} });
    expect((await status('TICKET02')).json()).toEqual({
      terminal: 'TICKET02',
      store: 'KL01',
      registered: true,
    });
    const login = await signInOn(t, CASHIER, 'TICKET02');
    const token = login.json().userToken;

    const list = await t.post(manager, '/v1/admin/terminals/list', {});
    expect(list.json().map((entry: { _id: string }) => entry._id)).toEqual(['TICKET01', 'TICKET02']);
    const removed = await t.post(manager, '/v1/admin/terminals/remove', { terminal: 'TICKET02' });
    expect(removed.json()).toEqual({ terminal: 'TICKET02', removed: true });
    expect((await status('TICKET02')).json()).toEqual({
      terminal: 'TICKET02',
      store: null,
      registered: false,
    });
    const after = await t.inject({
      method: 'POST',
      url: '/v1/admin/users',
      headers: t.headers(token, 'TICKET02'),
      payload: {},
    });
    expect(after.statusCode).toBe(403);
    const missing = await t.post(manager, '/v1/admin/terminals/remove', { terminal: 'TICKET02' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SERVER_MESSAGES.noRegisteredTerminal('TICKET02'));
  });

  it('pairs a device without a code only on a server that pairs by itself (the demo)', async () => {
    await start();
    const refused = await pair();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(SERVER_MESSAGES.pairingNeedsCode);
    await t.close();
    await start({ autoPair: 'TICKET01' });
    const auto = await pair();
    expect(auto.statusCode).toBe(200);
    expect(auto.json()).toEqual({ terminal: 'TICKET01', store: 'KL01' });
  });
});
