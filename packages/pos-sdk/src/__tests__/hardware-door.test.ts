import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpRelayDoorDriver } from '../hardware/createHttpRelayDoorDriver';
import { createMemoryDoorDriver } from '../hardware/createMemoryDoorDriver';
import { HardwareError } from '../hardware/HardwareError';
import { MESSAGES } from '../rules/messages';
import { NOW, ticketWith } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

const RELAY = 'http://relay.test';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('hardware door: HTTP relay (the relay API as the wire contract)', () => {
  it('opens with a GET of the configured URL, {seconds} filled in', async () => {
    const relay = nock(RELAY).get('/relay/0').query({ turn: 'on', timer: '7' }).reply(200, { ison: true });
    const door = createHttpRelayDoorDriver({ url: `${RELAY}/relay/0?turn=on&timer={seconds}` });
    await door.open(7);
    expect(relay.isDone()).toBe(true);
    expect(door.name).toBe('http-relay');
  });

  it('opens with a POST, its body and headers templated too', async () => {
    let seen: unknown;
    const relay = nock(RELAY, {
      reqheaders: { authorization: 'Basic YTpi', 'content-type': 'application/json' },
    })
      .post('/rpc/Switch.Set', (body) => {
        seen = body;
        return true;
      })
      .reply(200, {});
    const door = createHttpRelayDoorDriver({
      url: `${RELAY}/rpc/Switch.Set`,
      method: 'POST',
      body: '{"id":0,"on":true,"toggle_after":{seconds}}',
      headers: { authorization: 'Basic YTpi', 'content-type': 'application/json' },
    });
    await door.open(3);
    expect(relay.isDone()).toBe(true);
    expect(seen).toEqual({ id: 0, on: true, toggle_after: 3 });
  });

  it('a relay that answers with an error status fails with hardware_failed', async () => {
    nock(RELAY).get('/relay/0').query(true).reply(401, 'Unauthorized');
    const door = createHttpRelayDoorDriver({ url: `${RELAY}/relay/0?turn=on&timer={seconds}` });
    const failure = await door.open(5).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HardwareError);
    expect(failure).toMatchObject({ reason: 'hardware_failed', driver: 'http-relay', code: 'hardware' });
    expect((failure as Error).message).toBe('Door relay refused to open (HTTP 401)');
  });

  it('an unreachable relay fails with hardware_unreachable', async () => {
    nock(RELAY).get('/relay/0').query(true).replyWithError({ code: 'ECONNREFUSED' });
    const door = createHttpRelayDoorDriver({ url: `${RELAY}/relay/0?turn=on&timer={seconds}` });
    await expect(door.open(5)).rejects.toMatchObject({ reason: 'hardware_unreachable' });
  });

  it('a relay that does not answer in time fails with hardware_timeout', async () => {
    nock(RELAY).get('/relay/0').query(true).delay(500).reply(200, {});
    const door = createHttpRelayDoorDriver({
      url: `${RELAY}/relay/0?turn=on&timer={seconds}`,
      timeoutMs: 50,
    });
    await expect(door.open(5)).rejects.toMatchObject({ reason: 'hardware_timeout' });
  });

  it("in a browser's no-cors mode an opaque answer counts as sent (the page cannot read it)", async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const opaque = { ok: false, status: 0, type: 'opaque', arrayBuffer: async () => new ArrayBuffer(0) };
    const door = createHttpRelayDoorDriver({
      url: `${RELAY}/relay/0?turn=on&timer={seconds}`,
      mode: 'no-cors',
      fetch: (async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        return opaque;
      }) as unknown as typeof fetch,
    });
    await door.open(5);
    expect(calls.map((call) => [call.url, call.init?.mode])).toEqual([
      [`${RELAY}/relay/0?turn=on&timer=5`, 'no-cors'],
    ]);
  });

  it('refuses a duration that is not a whole number of seconds, without a call', async () => {
    const door = createHttpRelayDoorDriver({ url: `${RELAY}/relay/0?turn=on&timer={seconds}` });
    await expect(door.open(0)).rejects.toMatchObject({ reason: 'hardware_failed' });
    await expect(door.open(2.5)).rejects.toMatchObject({ reason: 'hardware_failed' });
  });
});

describe('hardware door: memory driver', () => {
  it('records each opening and fails when told to', async () => {
    const door = createMemoryDoorDriver();
    await door.open(4);
    door.failWith(new Error('dead'));
    await expect(door.open(6)).rejects.toThrow('dead');
    expect(door.opens).toEqual([4, 6]);
    door.reset();
    expect(door.opens).toEqual([]);
  });
});

describe('tickets redeem opens the door', () => {
  async function redeemWith(door: ReturnType<typeof createMemoryDoorDriver>, doorOpenSeconds?: number) {
    const test = createTestPos({ door, ...(doorOpenSeconds === undefined ? {} : { doorOpenSeconds }) });
    const ticket = ticketWith();
    server().post('/v1/admin/get_ticket').reply(200, ticket);
    await test.pos.tickets.get(ticket._id);
    const used = ticketWith({ used: [{ at: NOW.toISOString() }] });
    server().post('/v2/check_ticket_redeem/T-1').reply(200, { ticket: used, message: 'Redeemed' });
    return { ...test, redeemed: await test.pos.tickets.redeem() };
  }

  it('a successful entry opens the door for the configured seconds (default 5)', async () => {
    const door = createMemoryDoorDriver();
    await redeemWith(door);
    expect(door.opens).toEqual([5]);
    const other = createMemoryDoorDriver();
    await redeemWith(other, 8);
    expect(other.opens).toEqual([8]);
  });

  it('a door fault never undoes the entry: the entry stands and the fault is a notice', async () => {
    const door = createMemoryDoorDriver();
    door.failWith(new HardwareError('memory', 'hardware_unreachable', 'Door relay not reachable'));
    const { pos, redeemed } = await redeemWith(door);
    expect(redeemed.used).toHaveLength(1);
    expect(pos.tickets.current.value?.used).toHaveLength(1);
    expect(noticeMessages(pos)).toEqual([MESSAGES.ticketRedeemed, 'Door relay not reachable']);
  });

  it('a refused entry does not open the door', async () => {
    const door = createMemoryDoorDriver();
    const { pos } = createTestPos({ door });
    server().post('/v1/admin/get_ticket').reply(200, ticketWith());
    await pos.tickets.get('T-1');
    server()
      .post('/v2/check_ticket_redeem/T-1')
      .reply(409, { message: 'Ticket is Fully Used', code: 'conflict' });
    await expect(pos.tickets.redeem()).rejects.toThrow('Ticket is Fully Used');
    expect(door.opens).toEqual([]);
  });
});
