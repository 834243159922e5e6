import nock from 'nock';
import { callPath, replyWith, replyWithError, sdkHeaders, TEST_BASE_URL } from 'pos-sdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { admit, createGateClient } from './gate';

// The gate app with nock 14 (nock 15 needs Node 22) and pos-sdk/testing's helpers: the base URL, the path of a
// call, the headers the SDK sends, and replies built from the recorded fixtures or a wire error.
const api = createGateClient({ server: TEST_BASE_URL, hostId: 'GATE01', token: 'gate-token' });
const headers = sdkHeaders('checkTicketRedeem', { hostId: 'GATE01', token: 'gate-token' });

describe('gate check', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  afterAll(() => nock.enableNetConnect());

  it('admits a valid ticket, sending the gate id and token', async () => {
    const scope = nock(TEST_BASE_URL, { reqheaders: headers })
      .post(callPath('checkTicketRedeem', { id: 'TK7Q2M9X4D1' }), {})
      .reply(...replyWith('checkTicketRedeem'));

    expect(await admit(api, 'TK7Q2M9X4D1')).toEqual({
      admitted: true,
      message: 'Ticket redemption successful',
      pass: 'Day Pass',
    });
    expect(scope.isDone()).toBe(true);
  });

  it("turns away a used ticket with the server's message", async () => {
    nock(TEST_BASE_URL, { reqheaders: headers })
      .post(callPath('checkTicketRedeem', { id: 'TK7Q2M9X4D1' }))
      .reply(...replyWithError({ code: 'conflict', message: 'Ticket is Fully Used' }));

    expect(await admit(api, 'TK7Q2M9X4D1')).toEqual({ admitted: false, message: 'Ticket is Fully Used' });
  });

  it('throws when the server does not answer, for the gate to say it is offline', async () => {
    nock(TEST_BASE_URL)
      .post(callPath('checkTicketRedeem', { id: 'TK7Q2M9X4D1' }))
      .replyWithError('ECONNREFUSED');

    await expect(admit(api, 'TK7Q2M9X4D1')).rejects.toThrow('Server not responding');
  });
});
