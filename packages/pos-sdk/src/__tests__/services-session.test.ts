import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../rules/messages';
import { memoryStorage } from '../storage/memoryStorage';
import { CASHIER, shiftWith } from './support/fixtures';
import { createTestPos, loadCatalog, server, signedInStorage, TOKEN } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** Answers the two sign-in calls for the demo cashier. */
function answerSignIn(): nock.Scope {
  return server()
    .post('/v1/identity/sign_in', { email: 'cashier@demo.pos', password: 'demo1234' })
    .reply(200, { idToken: 'id-token-1', email: 'cashier@demo.pos' })
    .post('/v1/admin_login', { idToken: 'id-token-1' })
    .reply(200, { userToken: TOKEN, profile: CASHIER });
}

describe('services session', () => {
  it('signs in through the identity provider, then admin_login, and stores token, user id, email and profile', async () => {
    const storage = memoryStorage();
    const { pos } = createTestPos({ storage });
    const scope = answerSignIn();
    const loaderStates: boolean[] = [];
    pos.session.loader.subscribe((value) => loaderStates.push(value));

    const profile = await pos.session.signIn('cashier@demo.pos', 'demo1234');

    scope.done();
    expect(profile).toEqual(CASHIER);
    expect(pos.session.authUser.value).toBe('u-cashier');
    expect(pos.session.userProfile.value).toEqual(CASHIER);
    expect(pos.session.email.value).toBe('cashier@demo.pos');
    expect(pos.session.isSignedIn.value).toBe(true);
    expect(loaderStates).toEqual([false, true, false]);
    expect(JSON.parse(storage.get('pos.session') ?? '{}')).toMatchObject({
      token: TOKEN,
      userId: 'u-cashier',
      email: 'cashier@demo.pos',
    });
  });

  it('sends the user token as a bearer header on later calls', async () => {
    const { pos } = createTestPos({ storage: memoryStorage() });
    answerSignIn();
    await pos.session.signIn('cashier@demo.pos', 'demo1234');
    const scope = server()
      .matchHeader('authorization', `Bearer ${TOKEN}`)
      .matchHeader('x-host-name', 'TICKET01')
      .post('/v1/admin/start_shift')
      .reply(200, shiftWith([100]));
    await pos.shift.start();
    scope.done();
  });

  it("validates the form first: 'The input is not valid E-mail!' and 'Please input your Password!'", async () => {
    const { pos } = createTestPos({ storage: memoryStorage() });
    const error = await pos.session.signIn('not-an-email', '').catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'FormError',
      details: [
        { path: 'email', message: 'The input is not valid E-mail!' },
        { path: 'password', message: 'Please input your Password!' },
      ],
    });
    expect(pos.session.loader.value).toBe(false);
  });

  it('shows the server message as the authentication alert on a failed sign-in', async () => {
    const { pos } = createTestPos({ storage: memoryStorage() });
    server()
      .post('/v1/identity/sign_in')
      .reply(401, { message: 'Invalid email or password', code: 'invalid_credentials' });

    await expect(pos.session.signIn('cashier@demo.pos', 'wrong')).rejects.toMatchObject({
      name: 'PosError',
      code: 'invalid_credentials',
    });
    expect(pos.session.alertMessage.value).toBe('Invalid email or password');
    expect(pos.session.showMessage.value).toBe(true);
    expect(pos.session.isSignedIn.value).toBe(false);
    pos.session.hideMessage();
    expect(pos.session.showMessage.value).toBe(false);
  });

  it("shows 'Server not responding' when the server does not answer", async () => {
    const { pos } = createTestPos({ storage: memoryStorage() });
    server().post('/v1/identity/sign_in').replyWithError('socket hang up');
    await expect(pos.session.signIn('cashier@demo.pos', 'demo1234')).rejects.toMatchObject({
      name: 'NetworkError',
    });
    expect(pos.session.alertMessage.value).toBe('Server not responding');
    expect(pos.session.alertMessage.value).toBe(MESSAGES.serverNotResponding);
  });

  it('uses an injected identity provider instead of the reference server', async () => {
    const { pos } = createTestPos({
      storage: memoryStorage(),
      identity: { signIn: async (email) => ({ idToken: 'external-token', email }) },
    });
    const scope = server()
      .post('/v1/admin_login', { idToken: 'external-token' })
      .reply(200, { userToken: TOKEN, profile: CASHIER });
    await pos.session.signIn('cashier@demo.pos', 'anything');
    scope.done();
    expect(pos.session.isSignedIn.value).toBe(true);
  });

  it('restores a stored session at start-up', () => {
    const { pos } = createTestPos({ storage: signedInStorage() });
    expect(pos.session.isSignedIn.value).toBe(true);
    expect(pos.session.authUser.value).toBe('u-cashier');
    expect(pos.session.getToken()).toBe(TOKEN);
    expect(pos.session.restore()).toBe(true);
  });

  it('signs out: clears token, profile, shift, cart and tenders, locally and in storage', async () => {
    const { pos, storage } = createTestPos();
    server()
      .post('/v1/admin/start_shift')
      .reply(200, shiftWith([100]));
    await pos.shift.start();
    await loadCatalog(pos);
    await pos.cart.add('DAY-ADULT');
    pos.checkout.setTender('CASH', '50');
    const revoke = server()
      .matchHeader('authorization', `Bearer ${TOKEN}`)
      .post('/v1/admin_logout', {})
      .reply(200, { signed_out: true });

    const ended = pos.session.signOut();

    expect(pos.session.isSignedIn.value).toBe(false);
    expect(pos.session.userProfile.value).toBeNull();
    expect(pos.session.getToken()).toBeUndefined();
    expect(pos.shift.current.value).toBeNull();
    expect(pos.cart.items.value).toEqual([]);
    expect(pos.checkout.paid.value).toBe(0);
    expect(storage.get('pos.session')).toBeNull();
    expect(storage.get('pos.cart')).toBeNull();
    expect(storage.get('pos.checkout')).toBeNull();
    expect(await ended).toBe(true);
    revoke.done();
  });

  it('signs out locally even when the server cannot be reached, and says the token did not end there', async () => {
    const { pos } = createTestPos();
    server().post('/v1/admin_logout').replyWithError({ code: 'ECONNREFUSED' });
    const ended = pos.session.signOut();
    expect(pos.session.isSignedIn.value).toBe(false);
    expect(await ended).toBe(false);
  });

  it('takes a 403 on sign-out as a token that has ended already', async () => {
    const { pos } = createTestPos();
    server().post('/v1/admin_logout').reply(403, { message: 'Not signed in', code: 'forbidden' });
    expect(await pos.session.signOut()).toBe(true);
  });

  it('a 403 forbidden on any call signs the user out', async () => {
    const { pos } = createTestPos();
    expect(pos.session.isSignedIn.value).toBe(true);
    server().post('/v1/admin/users').reply(403, { message: 'Token expired', code: 'forbidden' });

    const revoke = server().post('/v1/admin_logout').reply(200, { signed_out: true });

    await expect(pos.approval.loadUsers()).rejects.toMatchObject({ name: 'AuthError' });
    expect(pos.session.isSignedIn.value).toBe(false);
    expect(pos.session.userProfile.value).toBeNull();
    // The server ended the token itself: no sign-out call is sent for it.
    expect(revoke.isDone()).toBe(false);
  });

  it('a 403 not_permitted (a manager-only call by a cashier) signs nobody out', async () => {
    const { pos } = createTestPos();
    server()
      .post('/v1/admin/staff/list')
      .reply(403, { message: 'Only a manager can do this: ask a manager to sign in', code: 'not_permitted' });
    await expect(pos.api.staffList()).rejects.toMatchObject({ code: 'not_permitted' });
    expect(pos.session.isSignedIn.value).toBe(true);
  });

  it('a 403 at checkout signs out but keeps the cart, the tenders and the attempt key (nothing is lost)', async () => {
    const { pos, storage } = createTestPos();
    await loadCatalog(pos);
    await pos.cart.add('DAY-ADULT');
    pos.checkout.setTender('CASH', '50');
    const keys: string[] = [];
    server()
      .post('/v1/checkout')
      .reply(function () {
        keys.push(String(this.req.headers['idempotency-key']));
        return [403, { message: 'Token expired', code: 'forbidden' }];
      });

    await expect(pos.checkout.submit({ email: '', confirmedNoEmail: true })).rejects.toMatchObject({
      name: 'AuthError',
    });

    expect(pos.session.isSignedIn.value).toBe(false);
    expect(pos.cart.items.value.map((item) => item.sku)).toEqual(['DAY-ADULT']);
    expect(pos.checkout.paid.value).toBe(5000);
    expect(pos.checkout.pendingKey.value).toBe(keys[0]);
    expect(storage.get('pos.cart')).not.toBeNull();
    expect(storage.get('pos.session')).toBeNull();
  });

  it('a 403 on a catalogue call signs out too', async () => {
    const { pos } = createTestPos();
    server()
      .get('/v1/passes/STORE')
      .reply(403, { message: 'Token expired', code: 'forbidden' })
      .get('/v1/merchandises/STORE')
      .reply(200, []);
    await expect(pos.catalog.load()).rejects.toMatchObject({ status: 403 });
    expect(pos.session.isSignedIn.value).toBe(false);
  });

  it('a missing profile signs out (ensureProfile)', () => {
    const storage = memoryStorage({
      'pos.session': JSON.stringify({
        token: TOKEN,
        userId: 'u-cashier',
        email: 'cashier@demo.pos',
        profile: null,
      }),
    });
    const { pos } = createTestPos({ storage });
    expect(pos.session.isSignedIn.value).toBe(true);
    expect(pos.session.ensureProfile()).toBe(false);
    expect(pos.session.isSignedIn.value).toBe(false);
    expect(storage.get('pos.session')).toBeNull();
  });

  it('keeps a signed-in user with a profile (ensureProfile)', () => {
    const { pos } = createTestPos();
    expect(pos.session.ensureProfile()).toBe(true);
    expect(pos.session.isSignedIn.value).toBe(true);
  });
});
