import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../rules/messages';
import { NOW, ticketWith } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

async function terminalWithTicket(ticket = ticketWith()) {
  const test = createTestPos();
  server().post('/v1/admin/get_ticket', { ticket_id: ticket._id }).reply(200, ticket);
  await test.pos.tickets.get(` ${ticket._id} `);
  return test;
}

describe('services tickets', () => {
  it('gets a ticket by pass id and derives its display status', async () => {
    const { pos } = await terminalWithTicket();
    expect(pos.tickets.current.value?._id).toBe('T-1');
    expect(pos.tickets.status.value).toBe('Active');
    expect(pos.tickets.canRedeem.value).toBe(true);
  });

  it('derives Canceled, Expired, Fully Used and Inactive with the clock', async () => {
    const statuses = [];
    for (const ticket of [
      ticketWith({ status: 'Canceled' }),
      ticketWith({ expiry: '2026-11-22T01:00:00.000Z' }),
      ticketWith({ used: [{ at: '2026-11-22T01:30:00.000Z' }] }),
      ticketWith({ date: '2026-11-23T00:00:00.000Z' }),
    ]) {
      const { pos } = await terminalWithTicket(ticket);
      statuses.push(pos.tickets.status.value);
      expect(pos.tickets.canRedeem.value).toBe(false);
    }
    expect(statuses).toEqual(['Canceled', 'Expired', 'Fully Used', 'Inactive']);
  });

  it('redeem is disabled when allow_redeem is false', async () => {
    const { pos } = await terminalWithTicket(ticketWith({ allow_redeem: false }));
    expect(pos.tickets.status.value).toBe('Active');
    expect(pos.tickets.canRedeem.value).toBe(false);
    await expect(pos.tickets.redeem()).rejects.toThrow(MESSAGES.ticketRedeemNotAllowed);
  });

  it('a pass id is required', async () => {
    const { pos } = createTestPos();
    await expect(pos.tickets.get('  ')).rejects.toThrow(MESSAGES.passIdRequired);
  });

  it('a failed ticket fetch clears the ticket', async () => {
    const { pos } = await terminalWithTicket();
    server().post('/v1/admin/get_ticket').reply(404, { message: 'Ticket not found', code: 'not_found' });
    await expect(pos.tickets.get('T-404')).rejects.toMatchObject({ name: 'PosError', code: 'not_found' });
    expect(pos.tickets.current.value).toBeNull();
    expect(pos.tickets.status.value).toBeNull();
    expect(noticeMessages(pos)).toEqual(['Ticket not found']);
  });

  it("redeems: 'Ticket redemption successful' and the ticket updated", async () => {
    const { pos } = await terminalWithTicket();
    const used = ticketWith({ used: [{ at: NOW.toISOString() }] });
    server().post('/v2/check_ticket_redeem/T-1').reply(200, { ticket: used, message: 'Redeemed' });
    await pos.tickets.redeem();
    expect(pos.tickets.current.value).toEqual(used);
    expect(pos.tickets.status.value).toBe('Fully Used');
    expect(noticeMessages(pos)).toEqual(['Ticket redemption successful']);
  });

  it('redeem is disabled while a request is in flight', async () => {
    const { pos } = await terminalWithTicket(ticketWith({}, { usage_limit: 10 }));
    let calls = 0;
    server()
      .post('/v2/check_ticket_redeem/T-1')
      .delay(50)
      .reply(() => {
        calls += 1;
        return [200, { ticket: ticketWith({}, { usage_limit: 10 }), message: 'Redeemed' }];
      });
    const first = pos.tickets.redeem();
    expect(pos.tickets.redeeming.value).toBe(true);
    expect(pos.tickets.canRedeem.value).toBe(false);
    await expect(pos.tickets.redeem()).rejects.toMatchObject({ name: 'RuleError' });
    await first;
    expect(calls).toBe(1);
    expect(pos.tickets.redeeming.value).toBe(false);
    expect(pos.tickets.canRedeem.value).toBe(true);
  });

  it("registers a face photo as multipart: 'Photo successfully registered' and the ticket updated", async () => {
    const { pos } = await terminalWithTicket(ticketWith({}, { shareable: true }));
    const registered = ticketWith({ face: { registered_at: NOW.toISOString() } }, { shareable: true });
    let contentType = '';
    let body = '';
    server()
      .post('/v2/register_face/T-1', (sent: string) => {
        // nock hands a binary body over as hex.
        body = Buffer.from(sent, 'hex').toString('latin1');
        return true;
      })
      .reply(function reply() {
        contentType = String(this.req.headers['content-type']);
        return [200, registered];
      });
    pos.tickets.setCapturedPhoto(new Uint8Array([0xff, 0xd8, 0xff]));
    await pos.tickets.registerFace();
    expect(contentType).toContain('multipart/form-data');
    expect(body).toContain('filename="T-1.jpg"');
    expect(pos.tickets.current.value).toEqual(registered);
    expect(noticeMessages(pos)).toEqual(['Photo successfully registered']);
  });

  it('sends no body for a non-shareable ticket already used', async () => {
    const used = ticketWith({ used: [{ at: '2026-11-22T01:30:00.000Z' }] }, { shareable: false });
    const { pos } = await terminalWithTicket(used);
    let contentType: unknown = 'unset';
    server()
      .post('/v2/register_face/T-1')
      .reply(function reply() {
        contentType = this.req.headers['content-type'];
        return [200, used];
      });
    pos.tickets.setCapturedPhoto(new Uint8Array([0xff, 0xd8, 0xff]));
    await pos.tickets.registerFace();
    expect(contentType).toBeUndefined();
    expect(noticeMessages(pos)).toEqual(['Photo successfully registered']);
  });

  it('refuses a photo handed over for a non-shareable ticket already used (never drops it with a success)', async () => {
    const used = ticketWith({ used: [{ at: '2026-11-22T01:30:00.000Z' }] }, { shareable: false });
    const { pos } = await terminalWithTicket(used);
    const message =
      'This ticket registers without a photo (it is not shareable and already used): register it without one';
    await expect(pos.tickets.registerFace(new Uint8Array([0xff, 0xd8, 0xff]))).rejects.toThrow(message);
    expect(noticeMessages(pos)).toEqual([message]);
    expect(pos.tickets.registering.value).toBe(false);
  });

  it('a photo register failure shows the server message for 5 seconds and clears the captured photo', async () => {
    const timers: { fn: () => void; ms: number }[] = [];
    const { pos } = createTestPos({
      timers: { setTimeout: (fn, ms) => timers.push({ fn, ms }), clearTimeout: () => {} },
    });
    server()
      .post('/v1/admin/get_ticket')
      .reply(200, ticketWith({}, { shareable: true }));
    await pos.tickets.get('T-1');
    pos.tickets.setCapturedPhoto(new Uint8Array([0xff, 0xd8]));
    server()
      .post('/v2/register_face/T-1')
      .reply(400, { message: 'No face detected', code: 'invalid_request' });

    await expect(pos.tickets.registerFace()).rejects.toThrow('No face detected');

    expect(pos.tickets.capturedPhoto.value).toBeNull();
    expect(pos.notices.items.value).toEqual([
      expect.objectContaining({ kind: 'error', message: 'No face detected', durationMs: 5000 }),
    ]);
    expect(timers.map((timer) => timer.ms)).toEqual([5000]);
    timers[0]?.fn();
    expect(pos.notices.items.value).toEqual([]);
    expect(pos.tickets.current.value?._id).toBe('T-1');
  });

  it("fetches a ticket's photo", async () => {
    const { pos } = createTestPos();
    server()
      .get('/v1/admin/ticket_photo/T-1')
      .reply(200, Buffer.from([0xff, 0xd8, 0xff]), { 'Content-Type': 'image/jpeg' });
    const photo = await pos.tickets.photo('T-1');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
  });

  it('clear forgets the ticket and the captured photo', async () => {
    const { pos } = await terminalWithTicket();
    pos.tickets.setCapturedPhoto(new Uint8Array([1]));
    pos.tickets.clear();
    expect(pos.tickets.current.value).toBeNull();
    expect(pos.tickets.capturedPhoto.value).toBeNull();
  });
});
