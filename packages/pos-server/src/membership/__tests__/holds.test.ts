import type { MembershipHoldEntry, MembershipHoldResponse, Ticket } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartItem, checkoutBody, MEMBER, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

/** 10:00 on 1 December 2026 in Kuala Lumpur. */
const NOW = '2026-12-01T02:00:00.000Z';
const DAY_MS = 86_400_000;

describeOnEngines('membership holds', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 24 * 90 } });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER);
    await openShift(t, cashier);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new member's one-month membership, sold now: its ticket. */
  let members = 0;
  const sellMembership = async (): Promise<Ticket> => {
    members += 1;
    const member = { ...MEMBER, email: `hold${members}@example.com` };
    const item = cartItem('MEMBER-1M', 1, clock(), {
      member: { type: 'Adult', sku: 'MEMBER-1M', ...member },
    });
    const { tickets } = await sell(t, cashier, checkoutBody([item], { email: member.email }));
    const [ticket] = tickets;
    if (ticket === undefined) throw new Error('no membership ticket');
    return ticket;
  };
  const hold = (who: TestSession, body: Record<string, unknown>) => t.post(who, '/v1/hold_membership', body);
  const endHold = (who: TestSession, ticketId: string) =>
    t.post(who, '/v1/end_membership_hold', { ticket_id: ticketId });
  const redeem = (ticketId: string) => t.post(cashier, `/v2/check_ticket_redeem/${ticketId}`);
  const plusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

  it('a manager holds a membership: no entry on its days, the expiry moves by them, history and audit kept', async () => {
    clock.set(NOW);
    const ticket = await sellMembership();
    const held = await hold(manager, { ticket_id: ticket._id, days: 14 });
    expect(held.statusCode).toBe(200);
    const answer = held.json<MembershipHoldResponse>();
    expect(answer.message).toBe('Membership put on hold');
    expect(answer.ticket.hold).toEqual({ from: '2026-12-01', to: '2026-12-15' });
    expect(answer.ticket.expiry).toBe(plusDays(ticket.expiry, 14));

    const refused = await redeem(ticket._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'conflict',
      message: 'Membership on hold until 14-12-2026',
    });
    // get_ticket shows the hold too (the desk and the offline pass list read it from there).
    const got = await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: ticket._id });
    expect(got.json<Ticket>().hold).toEqual({ from: '2026-12-01', to: '2026-12-15' });

    const again = await hold(manager, { ticket_id: ticket._id, days: 7, from: '2026-12-20' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This membership is already on hold until 14-12-2026' });

    // The member comes back early, on 6 December: 5 days held, the expiry moves back by the 9 not held.
    clock.set(plusDays(NOW, 5));
    const ended = await endHold(manager, ticket._id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json<MembershipHoldResponse>()).toMatchObject({
      message: 'Membership hold ended',
      ticket: { hold: { from: '2026-12-01', to: '2026-12-06' }, expiry: plusDays(ticket.expiry, 5) },
    });
    expect((await redeem(ticket._id)).statusCode).toBe(200);

    const history = await t.post(cashier, '/v1/membership_holds', { ticket_id: ticket._id });
    expect(history.statusCode).toBe(200);
    const [entry, ...older] = history.json<MembershipHoldEntry[]>();
    expect(older).toEqual([]);
    expect(entry).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-06',
      days: 14,
      days_held: 5,
      expiry_before: ticket.expiry,
      expiry_after: plusDays(ticket.expiry, 5),
      held_by: expect.any(String),
      ended_by: expect.any(String),
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_id', '=', ticket._id)
      .where('action', 'in', ['membership.held', 'membership.hold_ended'])
      .orderBy('at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['membership.held', 'membership.hold_ended']);
    expect(JSON.parse(audit[1]?.details ?? '{}')).toMatchObject({ days_held: 5 });
    clock.set(NOW);
  });

  it('a hold ended before it began holds no day: the expiry is back where it was', async () => {
    clock.set(NOW);
    const ticket = await sellMembership();
    const held = await hold(manager, { ticket_id: ticket._id, days: 10, from: '2026-12-10' });
    expect(held.json<MembershipHoldResponse>().ticket.expiry).toBe(plusDays(ticket.expiry, 10));
    // Entries go on until the hold begins.
    expect((await redeem(ticket._id)).statusCode).toBe(200);
    const ended = await endHold(manager, ticket._id);
    expect(ended.json<MembershipHoldResponse>().ticket).toMatchObject({
      expiry: ticket.expiry,
      hold: { from: '2026-12-10', to: '2026-12-10' },
    });
    const again = await endHold(manager, ticket._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This membership is not on hold' });
    // Once ended, a new hold may be placed.
    expect((await hold(manager, { ticket_id: ticket._id, days: 7 })).statusCode).toBe(200);
  });

  it('staff hold only with the right a manager grants; without it a 403 that signs nobody out', async () => {
    clock.set(NOW);
    const ticket = await sellMembership();
    const refused = await hold(cashier, { ticket_id: ticket._id, days: 7 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'not_permitted',
      message: 'Only a manager, or staff with the right to hold memberships, can hold or end a hold',
    });
    expect((await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: ticket._id })).statusCode).toBe(200);

    const granted = await t.post(manager, '/v1/admin/staff/edit', {
      email: CASHIER,
      changes: { hold_memberships: true },
    });
    expect(granted.json()).toMatchObject({ hold_memberships: true });
    try {
      expect((await hold(cashier, { ticket_id: ticket._id, days: 7 })).statusCode).toBe(200);
      expect((await endHold(cashier, ticket._id)).statusCode).toBe(200);
    } finally {
      await t.post(manager, '/v1/admin/staff/edit', { email: CASHIER, changes: { hold_memberships: false } });
    }
    expect((await hold(cashier, { ticket_id: ticket._id, days: 7 })).statusCode).toBe(403);
  });

  it('refuses what cannot be held, in words: days outside the limits, a past day, a pass, an unknown ticket', async () => {
    clock.set(NOW);
    const ticket = await sellMembership();
    const short = await hold(manager, { ticket_id: ticket._id, days: 3 });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'rule',
      message: 'A hold lasts from 7 to 90 days',
      details: [{ path: 'days', message: 'A hold lasts from 7 to 90 days' }],
    });
    const past = await hold(manager, { ticket_id: ticket._id, days: 7, from: '2026-11-30' });
    expect(past.json()).toMatchObject({ message: 'A hold cannot start before today' });
    const late = await hold(manager, { ticket_id: ticket._id, days: 7, from: '2027-02-01' });
    expect(late.json()).toMatchObject({ message: 'A hold must start before the membership expires' });
    expect((await hold(manager, { ticket_id: ticket._id, days: 1.5 })).statusCode).toBe(400);
    expect((await hold(manager, { ticket_id: ticket._id, from: 'soon', days: 7 })).statusCode).toBe(400);

    const { tickets } = await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())]));
    const pass = tickets[0]?._id ?? '';
    const notMembership = await hold(manager, { ticket_id: pass, days: 7 });
    expect(notMembership.statusCode).toBe(409);
    expect(notMembership.json()).toMatchObject({ message: 'Only a membership can be put on hold' });
    expect((await hold(manager, { ticket_id: 'NOSUCHTICKET', days: 7 })).statusCode).toBe(404);
    expect(
      await t.db.selectFrom('membership_holds').select('id').where('ticket_id', '=', ticket._id).execute(),
    ).toEqual([]);
  });

  it("holds within the venue's own limits, which a manager sets (the fewest never more than the most)", async () => {
    clock.set(NOW);
    const ticket = await sellMembership();
    const bad = await t.post(manager, '/v1/admin/settings/set', { hold_min_days: 100 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      message: 'The fewest days of a hold cannot be more than the most days',
    });
    const set = await t.post(manager, '/v1/admin/settings/set', { hold_min_days: 2, hold_max_days: 10 });
    expect(set.json()).toMatchObject({ hold_min_days: 2, hold_max_days: 10 });
    try {
      expect((await hold(manager, { ticket_id: ticket._id, days: 11 })).json()).toMatchObject({
        message: 'A hold lasts from 2 to 10 days',
      });
      expect((await hold(manager, { ticket_id: ticket._id, days: 2 })).statusCode).toBe(200);
    } finally {
      await t.post(manager, '/v1/admin/settings/set', { hold_min_days: 7, hold_max_days: 90 });
    }
  });

  it('two holds of one membership at once: one is placed, the other refused, the expiry moved once', async () => {
    clock.set(NOW);
    const ticket = await sellMembership();
    const answers = await Promise.all([
      hold(manager, { ticket_id: ticket._id, days: 7 }),
      hold(manager, { ticket_id: ticket._id, days: 7 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const row = await t.db
      .selectFrom('tickets')
      .select('expires_at')
      .where('id', '=', ticket._id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(plusDays(ticket.expiry, 7));
    const holds = await t.db
      .selectFrom('membership_holds')
      .select('id')
      .where('ticket_id', '=', ticket._id)
      .execute();
    expect(holds).toHaveLength(1);
  });
});
