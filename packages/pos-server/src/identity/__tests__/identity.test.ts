import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  DEMO_PASSWORD,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
} from '../../__tests__/support/testApp';

describeOnEngines('identity', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('signs in with email and password, then exchanges the idToken for a userToken and the profile', async () => {
    const signIn = await t.post(undefined, '/v1/identity/sign_in', {
      email: CASHIER,
      password: DEMO_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    const { idToken, email } = signIn.json();
    expect(email).toBe(CASHIER);
    const login = await t.post(undefined, '/v1/admin_login', { idToken });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      profile: { email: CASHIER, name: { first: 'Ana', last: 'Cashier' } },
    });
    const users = await t.post(
      { token: '', profile: login.json().profile, headers: t.headers(login.json().userToken) },
      '/v1/admin/users',
    );
    expect(users.statusCode).toBe(200);
  });

  it('accepts the email in any letter case', async () => {
    const signIn = await t.post(undefined, '/v1/identity/sign_in', {
      email: 'Cashier@Demo.POS',
      password: DEMO_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers 401 invalid_credentials for a wrong password or an unknown email', async () => {
    for (const body of [
      { email: CASHIER, password: 'wrong-password' },
      { email: 'nobody@demo.pos', password: DEMO_PASSWORD },
    ]) {
      const response = await t.post(undefined, '/v1/identity/sign_in', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    }
  });

  it('answers 400 naming the field for a malformed sign-in', async () => {
    const response = await t.post(undefined, '/v1/identity/sign_in', { email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('invalid_request');
    expect(body.details.map((issue: { path: string }) => issue.path).sort()).toEqual(['email', 'password']);
  });

  it('uses an idToken only once', async () => {
    const { idToken } = (
      await t.post(undefined, '/v1/identity/sign_in', { email: CASHIER, password: DEMO_PASSWORD })
    ).json();
    expect((await t.post(undefined, '/v1/admin_login', { idToken })).statusCode).toBe(200);
    const again = await t.post(undefined, '/v1/admin_login', { idToken });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_credentials');
  });

  it('answers 400 naming idToken when admin_login has none', async () => {
    const response = await t.post(undefined, '/v1/admin_login', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'idToken', message: expect.any(String) }]);
  });

  it('answers 401 for a forged idToken', async () => {
    const response = await t.post(undefined, '/v1/admin_login', { idToken: 'forged-token' });
    expect(response.statusCode).toBe(401);
  });
});

describeOnEngines('identity with a moving clock', (engine) => {
  it('refuses an idToken older than 5 minutes', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      const { idToken } = (
        await t.post(undefined, '/v1/identity/sign_in', { email: CASHIER, password: DEMO_PASSWORD })
      ).json();
      clock.advance(5 * 60_000 + 1);
      expect((await t.post(undefined, '/v1/admin_login', { idToken })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('locks sign-in for an email after 10 wrong passwords in 15 minutes (429), then lets it in again', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      for (let i = 0; i < 10; i++) {
        const wrong = await t.post(undefined, '/v1/identity/sign_in', {
          email: CASHIER,
          password: `wrong${i}`,
        });
        expect(wrong.statusCode).toBe(401);
      }
      const locked = await t.post(undefined, '/v1/identity/sign_in', {
        email: CASHIER,
        password: DEMO_PASSWORD,
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('locked');
      clock.advance(15 * 60_000);
      const after = await t.post(undefined, '/v1/identity/sign_in', {
        email: CASHIER,
        password: DEMO_PASSWORD,
      });
      expect(after.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  const signInFrom = (t: TestApp, address: string, email: string, password: string) =>
    t.inject({
      method: 'POST',
      url: '/v1/identity/sign_in',
      remoteAddress: address,
      payload: { email, password },
    });

  it('locks a member out only from the address that guessed: the member signs in from another', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      for (let i = 0; i < 10; i++) {
        expect((await signInFrom(t, '203.0.113.7', CASHIER, `wrong${i}`)).statusCode).toBe(401);
      }
      const attacker = await signInFrom(t, '203.0.113.7', CASHIER, DEMO_PASSWORD);
      expect(attacker.statusCode).toBe(429);
      expect(attacker.json()).toEqual({
        message: 'Too many failed sign-ins. Try again in 15 minute(s).',
        code: 'locked',
      });
      expect((await signInFrom(t, '192.0.2.10', CASHIER, DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('locks an address that guesses many emails, whatever the emails', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      for (let i = 0; i < 50; i++) {
        const wrong = await signInFrom(t, '203.0.113.8', `nobody${i}@example.com`, 'guess1234');
        expect(wrong.statusCode).toBe(401);
      }
      expect((await signInFrom(t, '203.0.113.8', CASHIER, DEMO_PASSWORD)).statusCode).toBe(429);
      expect((await signInFrom(t, '192.0.2.11', CASHIER, DEMO_PASSWORD)).statusCode).toBe(200);
      clock.advance(15 * 60_000);
      expect((await signInFrom(t, '203.0.113.8', CASHIER, DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('holds an email guessed from many addresses back for one minute only', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock });
    try {
      for (let i = 0; i < 30; i++) {
        const wrong = await signInFrom(t, `198.51.100.${Math.floor(i / 5)}`, MANAGER, `wrong${i}`);
        expect(wrong.statusCode).toBe(401);
      }
      const held = await signInFrom(t, '192.0.2.12', MANAGER, DEMO_PASSWORD);
      expect(held.statusCode).toBe(429);
      expect(held.json().message).toBe('Too many failed sign-ins. Try again in 1 minute(s).');
      clock.advance(60_000);
      expect((await signInFrom(t, '192.0.2.12', MANAGER, DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('needs a signed-in caller to try a PIN, so strangers cannot lock an approver out', async () => {
    const t = await createTestApp({ engine });
    try {
      const approver = (await t.signIn()).profile._id;
      for (let i = 0; i < 8; i++) {
        const stranger = await t.inject({
          method: 'POST',
          url: '/v1/admin/verify_pin',
          payload: { approver, pin: '0000' },
        });
        expect(stranger.statusCode).toBe(403);
      }
      const attempts = await t.db.selectFrom('auth_attempts').select('subject').execute();
      expect(attempts.filter((row) => row.subject.startsWith('pin:'))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('expires the userToken after POS_TOKEN_TTL_HOURS (403 forbidden)', async () => {
    const clock = createTestClock();
    const t = await createTestApp({ engine, clock, config: { tokenTtlHours: 1 } });
    try {
      const session = await t.signIn();
      expect((await t.post(session, '/v1/admin/users')).statusCode).toBe(200);
      clock.advance(60 * 60_000);
      const expired = await t.post(session, '/v1/admin/users');
      expect(expired.statusCode).toBe(403);
      expect(expired.json().code).toBe('forbidden');
    } finally {
      await t.close();
    }
  });
});
