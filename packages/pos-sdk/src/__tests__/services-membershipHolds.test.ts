import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER, orderWith, ticketWith } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** A one-month membership bought on 22 November 2026 (the test clock's day), expiring at the start of 22 December. */
const MEMBERSHIP = ticketWith(
  { _id: 'M-1', expiry: '2026-12-21T16:00:00.000Z', member: { name: MEMBER.name, _id: MEMBER.email } },
  { name: 'Membership', sku: 'MEMBER-1M', usage_limit: 0, entries_per_day: 1 },
);
const HELD = {
  ...MEMBERSHIP,
  expiry: '2027-01-04T16:00:00.000Z',
  hold: { from: '2026-11-25', to: '2026-12-09' },
};

async function terminalWithMember() {
  const test = createTestPos();
  server()
    .post('/v1/lookup_membership', { email: MEMBER.email })
    .reply(200, { member: MEMBER, orders: [orderWith()], tickets: [MEMBERSHIP] });
  await test.pos.membership.lookup(MEMBER.email);
  return test;
}

describe('services membership holds', () => {
  it('checks the hold form with the venue limits: today by default, DD-MM-YYYY, days within 7 to 90', () => {
    const { pos } = createTestPos();
    expect(pos.membership.holdLimits()).toEqual({ minDays: 7, maxDays: 90 });
    expect(pos.membership.checkHold(MEMBERSHIP, { days: '14' })).toEqual({
      ok: true,
      value: { from: '2026-11-22', days: 14 },
    });
    expect(pos.membership.checkHold(MEMBERSHIP, { from: '21-11-2026', days: '5' })).toEqual({
      ok: false,
      errors: { from: 'A hold cannot start before today', days: 'A hold lasts from 7 to 90 days' },
    });
    expect(pos.membership.checkHold(MEMBERSHIP, { from: '22-12-2026', days: 7 })).toEqual({
      ok: false,
      errors: { from: 'A hold must start before the membership expires' },
    });
  });

  it('holds: sends the pass ID, first day and days, says so, and the member lookup shows the new ticket', async () => {
    const { pos } = await terminalWithMember();
    const scope = server()
      .post('/v1/hold_membership', { ticket_id: 'M-1', from: '2026-11-25', days: 14 })
      .reply(200, { ticket: HELD, message: 'Membership put on hold' });
    const pending = pos.membership.hold(MEMBERSHIP, { from: '25-11-2026', days: '14' });
    expect(pos.membership.holding.value).toBe(true);
    expect(await pending).toEqual({ ticket: HELD, message: 'Membership put on hold' });
    scope.done();
    expect(pos.membership.holding.value).toBe(false);
    expect(pos.membership.result.value?.tickets).toEqual([HELD]);
    expect(noticeMessages(pos)).toEqual(['Membership put on hold']);
  });

  it("sends the paid order that carried the venue's hold fee, when given (trimmed; blank sends none)", async () => {
    const { pos } = await terminalWithMember();
    const scope = server()
      .post('/v1/hold_membership', { ticket_id: 'M-1', from: '2026-11-25', days: 14, fee_order: 'O-42' })
      .reply(200, { ticket: HELD, message: 'Membership put on hold' })
      .post('/v1/hold_membership', { ticket_id: 'M-1', from: '2026-11-25', days: 14 })
      .reply(200, { ticket: HELD, message: 'Membership put on hold' });
    await pos.membership.hold(MEMBERSHIP, { from: '25-11-2026', days: '14' }, { feeOrder: ' O-42 ' });
    await pos.membership.hold(MEMBERSHIP, { from: '25-11-2026', days: '14' }, { feeOrder: ' ' });
    scope.done();
  });

  it('refuses an invalid hold form before any call, with a message per field', async () => {
    const { pos } = await terminalWithMember();
    await expect(pos.membership.hold(MEMBERSHIP, { days: '100' })).rejects.toMatchObject({
      name: 'FormError',
      details: [{ path: 'days', message: 'A hold lasts from 7 to 90 days' }],
    });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it("shows the server's refusal and keeps the lookup as it was (a 403 not_permitted)", async () => {
    const { pos } = await terminalWithMember();
    server().post('/v1/hold_membership').reply(403, {
      code: 'not_permitted',
      message: 'Only a manager, or staff with the right to hold memberships, can hold or end a hold',
    });
    await expect(pos.membership.hold(MEMBERSHIP, { days: 7 })).rejects.toMatchObject({
      code: 'not_permitted',
    });
    expect(pos.membership.result.value?.tickets).toEqual([MEMBERSHIP]);
    expect(noticeMessages(pos)).toEqual([
      'Only a manager, or staff with the right to hold memberships, can hold or end a hold',
    ]);
  });

  it('ends a hold and reads the history', async () => {
    const { pos } = await terminalWithMember();
    const ended = { ...HELD, expiry: MEMBERSHIP.expiry, hold: { from: '2026-11-25', to: '2026-11-25' } };
    server()
      .post('/v1/end_membership_hold', { ticket_id: 'M-1' })
      .reply(200, { ticket: ended, message: 'Membership hold ended' });
    expect((await pos.membership.endHold('M-1')).ticket).toEqual(ended);
    expect(pos.membership.result.value?.tickets).toEqual([ended]);
    const history = [
      {
        _id: 'H-1',
        from: '2026-11-25',
        to: '2026-11-25',
        days: 14,
        days_held: 0,
        expiry_before: MEMBERSHIP.expiry,
        expiry_after: MEMBERSHIP.expiry,
        held_by: 'Mary Manager',
        held_at: '2026-11-22T02:00:00.000Z',
        ended_by: 'Mary Manager',
        ended_at: '2026-11-22T02:05:00.000Z',
      },
    ];
    server().post('/v1/membership_holds', { ticket_id: 'M-1' }).reply(200, history);
    // A server from before the hold fee sends no fee_order: read as a hold without a fee.
    expect(await pos.membership.holds('M-1')).toEqual(
      history.map((entry) => ({ ...entry, fee_order: null })),
    );
  });

  it('an aborted hold says nothing and leaves holding off', async () => {
    const { pos } = await terminalWithMember();
    const controller = new AbortController();
    controller.abort();
    await expect(
      pos.membership.hold(MEMBERSHIP, { days: 7 }, { signal: controller.signal }),
    ).rejects.toMatchObject({
      code: 'aborted',
    });
    expect(pos.membership.holding.value).toBe(false);
    expect(noticeMessages(pos)).toEqual([]);
  });
});
