import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../rules/messages';
import { NOW, ticketWith } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const USED_AT = NOW.toISOString();

async function redeemed() {
  const test = createTestPos();
  server().post('/v1/admin/get_ticket').reply(200, ticketWith());
  await test.pos.tickets.get('T-1');
  server()
    .post('/v2/check_ticket_redeem/T-1')
    .reply(200, { ticket: ticketWith({ used: [{ at: USED_AT, terminal: 'TICKET01' }] }), message: 'ok' });
  await test.pos.tickets.redeem();
  return test;
}

describe('services tickets: undo an entry', () => {
  it('remembers the entry a redeem made (the ticket and the use time)', async () => {
    const { pos } = await redeemed();
    expect(pos.tickets.lastEntry.value).toEqual({ ticketId: 'T-1', usedAt: USED_AT });
  });

  it("annul sends the use's time, updates the ticket and says 'Entry undone'", async () => {
    const { pos } = await redeemed();
    let body: unknown;
    server()
      .post('/v2/annul_ticket_redeem/T-1', (sent) => {
        body = sent;
        return true;
      })
      .reply(200, { ticket: ticketWith(), message: 'Entry undone' });
    const ticket = await pos.tickets.annul();
    expect(body).toEqual({ used_at: USED_AT });
    expect(ticket.used).toEqual([]);
    expect(pos.tickets.current.value?.used).toEqual([]);
    expect(pos.tickets.lastEntry.value).toBeNull();
    expect(noticeMessages(pos)).toContain('Entry undone');
  });

  it("a refusal (too late) is shown in the server's words and the entry can no longer be undone", async () => {
    const { pos } = await redeemed();
    const message = 'This entry can no longer be undone: entries can be undone for 60 seconds';
    server().post('/v2/annul_ticket_redeem/T-1').reply(409, { message, code: 'conflict' });
    await expect(pos.tickets.annul()).rejects.toThrow(message);
    expect(noticeMessages(pos)).toContain(message);
    expect(pos.tickets.lastEntry.value).toBeNull();
    expect(pos.tickets.current.value?.used).toHaveLength(1);
  });

  it('without an entry there is nothing to undo (no call)', async () => {
    const { pos } = createTestPos();
    await expect(pos.tickets.annul()).rejects.toThrow(MESSAGES.ticketRedeemNotAllowed);
  });

  it('clearing the ticket forgets the entry', async () => {
    const { pos } = await redeemed();
    pos.tickets.clear();
    expect(pos.tickets.lastEntry.value).toBeNull();
  });
});

describe('createPos deviceToken (a kiosk)', () => {
  it("signs its calls with the device's token while no staff member is signed in", async () => {
    const { memoryStorage } = await import('../storage');
    const { pos } = createTestPos({ deviceToken: 'kiosk-token-1', storage: memoryStorage() });
    let authorization: string | undefined;
    server()
      .post('/v1/admin/get_ticket')
      .reply(function reply() {
        authorization = this.req.headers.authorization as string | undefined;
        return [200, ticketWith()];
      });
    await pos.tickets.get('T-1');
    expect(authorization).toBe('Bearer kiosk-token-1');
    expect(pos.session.isSignedIn.value).toBe(false);
  });
});
