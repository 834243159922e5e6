import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FormError } from '../errors/FormError';
import { PosError } from '../errors/PosError';
import {
  checkDeviceTerminal,
  forgetDevicePairing,
  pairDevice,
  readDevicePairing,
  saveDevicePairing,
} from '../services/devicePairing';
import { memoryStorage } from '../storage/memoryStorage';
import { CASHIER } from './support/fixtures';
import { createTestPos, server, TOKEN } from './support/testPos';

const BASE = 'http://pos.test';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('pairing a device with a terminal', () => {
  it('sends the code as stored (upper case, no dash) and answers the terminal and its store', async () => {
    const scope = nock(BASE)
      .post('/v1/pair', { code: 'K7QF3MXR' })
      .reply(200, { terminal: 'TICKET02', store: 'KL01' });
    expect(await pairDevice({ baseUrl: BASE }, 'k7qf-3mxr')).toEqual({ terminal: 'TICKET02', store: 'KL01' });
    scope.done();
  });

  it('asks a server that pairs by itself with no code', async () => {
    const scope = nock(BASE).post('/v1/pair', {}).reply(200, { terminal: 'TICKET01', store: 'STORE' });
    expect(await pairDevice({ baseUrl: BASE })).toEqual({ terminal: 'TICKET01', store: 'STORE' });
    scope.done();
  });

  it('refuses a mistyped code before sending anything, on the field `code`', async () => {
    const error = await pairDevice({ baseUrl: BASE }, 'K7QF').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FormError);
    expect((error as FormError).details).toEqual([
      {
        path: 'code',
        message:
          'A pairing code is 8 letters and digits, e.g. K7QF-3MXR: check it, or ask a manager for a new one',
      },
    ]);
  });

  it("passes the server's refusal of a used code on in words", async () => {
    nock(BASE).post('/v1/pair').reply(409, {
      code: 'conflict',
      message: 'This pairing code has been used already: ask a manager for a new one',
    });
    const error = await pairDevice({ baseUrl: BASE }, 'K7QF3MXR').catch((caught: unknown) => caught);
    expect((error as Error).constructor).toBe(PosError);
    expect(error).toMatchObject({ code: 'conflict' });
    expect((error as Error).message).toBe(
      'This pairing code has been used already: ask a manager for a new one',
    );
  });

  it("asks whether the device's terminal is still registered, as that terminal", async () => {
    const scope = nock(BASE, { reqheaders: { 'x-host-name': 'TICKET02' } })
      .post('/v1/terminal_status', {})
      .reply(200, { terminal: 'TICKET02', store: null, registered: false });
    const status = await checkDeviceTerminal({ baseUrl: BASE }, { terminal: 'TICKET02', store: 'KL01' });
    expect(status.registered).toBe(false);
    scope.done();
  });

  it('keeps the pairing in the storage, and forgets it', () => {
    const storage = memoryStorage();
    expect(readDevicePairing(storage)).toBeNull();
    saveDevicePairing(storage, { terminal: 'TICKET02', store: 'KL01' });
    expect(readDevicePairing(storage)).toEqual({ terminal: 'TICKET02', store: 'KL01' });
    storage.set('pos.devicePairing', '{"terminal":2}');
    expect(readDevicePairing(storage)).toBeNull();
    forgetDevicePairing(storage);
    expect(storage.get('pos.devicePairing')).toBeNull();
  });

  it('keeps the terminal and store admin_login names in the session, and across a reload', async () => {
    const storage = memoryStorage();
    const { pos } = createTestPos({ storage });
    server()
      .post('/v1/identity/sign_in')
      .reply(200, { idToken: 'id-token-1', email: 'cashier@demo.pos' })
      .post('/v1/admin_login')
      .reply(200, { userToken: TOKEN, profile: CASHIER, terminal: { _id: 'TICKET01', store: 'KL01' } });
    await pos.session.signIn('cashier@demo.pos', 'demo1234');
    expect(pos.session.terminal.value).toEqual({ _id: 'TICKET01', store: 'KL01' });
    const { pos: reloaded } = createTestPos({ storage });
    expect(reloaded.session.terminal.value).toEqual({ _id: 'TICKET01', store: 'KL01' });
    await reloaded.session.signOut('forbidden');
    expect(reloaded.session.terminal.value).toBeNull();
  });
});
