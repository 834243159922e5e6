import { randomUUID } from 'node:crypto';
import type { CatalogList, PassProduct, RedeemResponse, SyncConflict, Ticket } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** 10:00 on 22 November 2026 in Kuala Lumpur (the venue's zone): venue day 1. */
const DAY1 = '2026-11-22T02:00:00.000Z';
/** 09:00 on 23 November in Kuala Lumpur: venue day 2. */
const DAY2 = '2026-11-23T01:00:00.000Z';
/** 23:30 on 22 November in Kuala Lumpur, and 00:30 on 23 November there: both 22 November in UTC. */
const DAY1_LATE = '2026-11-22T15:30:00.000Z';
const DAY2_EARLY = '2026-11-22T16:30:00.000Z';
const DAY_MS = 24 * 60 * 60_000;

describeOnEngines('memberships admit their member every venue day until expiry', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(DAY1);
  let members = 0;

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 720 } });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    await openShift(t, cashier);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sells a month's membership (MEMBER-1M) to a new member, today. */
  const sellMembership = async (): Promise<Ticket> => {
    members++;
    const email = `member${members}@example.com`;
    const item = cartItem('MEMBER-1M', 1, clock(), {
      member: { type: 'Adult', sku: 'MEMBER-1M', ...MEMBER, email },
    });
    const { tickets } = await sell(t, cashier, checkoutBody([item], { email }));
    const [ticket] = tickets;
    if (ticket === undefined) throw new Error('no ticket');
    return ticket;
  };
  const redeem = (id: string, body?: Record<string, unknown>, session = cashier) =>
    t.post(session, `/v2/check_ticket_redeem/${id}`, body);
  const getTicket = async (id: string): Promise<Ticket> =>
    (await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: id })).json<Ticket>();
  /** Runs `body` at `at` on the server's clock, then puts the clock back on day 1. */
  const at = async <T>(when: string, body: () => Promise<T>): Promise<T> => {
    clock.set(when);
    try {
      return await body();
    } finally {
      clock.set(DAY1);
    }
  };

  it('redeems on day 1, refuses again on day 1, redeems on day 2, and is Expired after its expiry', async () => {
    const membership = await sellMembership();
    expect(membership.pass).toMatchObject({ usage_limit: 0, entries_per_day: 1 });
    expect(membership.display_status).toBe('Active');

    const first = await redeem(membership._id);
    expect(first.statusCode).toBe(200);
    expect(first.json<RedeemResponse>().ticket.display_status).toBe('Fully Used');
    const again = await redeem(membership._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Ticket is Fully Used', code: 'conflict' });
    expect(await at(DAY1_LATE, () => getTicket(membership._id))).toMatchObject({
      display_status: 'Fully Used',
    });

    await at(DAY2, async () => {
      expect((await getTicket(membership._id)).display_status).toBe('Active');
      const second = await redeem(membership._id);
      expect(second.statusCode).toBe(200);
      const { ticket } = second.json<RedeemResponse>();
      expect(ticket.used.map((use) => use.at)).toEqual([DAY1, DAY2]);
      expect(ticket.display_status).toBe('Fully Used');
      expect((await redeem(membership._id)).json().message).toBe('Ticket is Fully Used');
    });

    const afterExpiry = new Date(new Date(membership.expiry).getTime() + 1000).toISOString();
    await at(afterExpiry, async () => {
      expect((await getTicket(membership._id)).display_status).toBe('Expired');
      const expired = await redeem(membership._id);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().message).toBe('Ticket is Expired');
    });
    const uses = await t.db
      .selectFrom('ticket_uses')
      .select('use_number')
      .where('ticket_id', '=', membership._id)
      .execute();
    expect(uses).toHaveLength(2);
  });

  it("counts the venue's day (Kuala Lumpur), not UTC's: 23:30 and 00:30 the next night are two days", async () => {
    const membership = await sellMembership();
    expect((await at(DAY1_LATE, () => redeem(membership._id))).statusCode).toBe(200);
    expect((await at(DAY1_LATE, () => redeem(membership._id))).statusCode).toBe(409);
    expect((await at(DAY2_EARLY, () => redeem(membership._id))).statusCode).toBe(200);
  });

  it('lets exactly one of 20 gates take the last entry of the day; the other 19 get 409 Fully Used', async () => {
    const membership = await sellMembership();
    // Used yesterday: one entry left today, which a count of all uses would already refuse.
    expect((await redeem(membership._id)).statusCode).toBe(200);
    const gates = 20;
    const responses = await at(DAY2, () =>
      Promise.all(Array.from({ length: gates }, () => redeem(membership._id))),
    );
    const codes = responses.map((response) => response.statusCode).sort((a, b) => a - b);
    expect(codes).toEqual([200, ...Array(gates - 1).fill(409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ message: 'Ticket is Fully Used', code: 'conflict' });
    }
    const uses = await t.db
      .selectFrom('ticket_uses')
      .select(['use_number', 'at'])
      .where('ticket_id', '=', membership._id)
      .orderBy('use_number')
      .execute();
    expect(uses).toEqual([
      { use_number: 1, at: DAY1 },
      { use_number: 2, at: DAY2 },
    ]);
  });

  describe('entries_per_day on the catalogue', () => {
    const edit = (changes: Record<string, unknown>, sku = 'MEMBER-1M') =>
      t.post(manager, '/v1/admin/catalog/edit', { sku, changes });
    const catalogRow = async (sku: string) =>
      (await t.post(manager, '/v1/admin/catalog/list', {}))
        .json<CatalogList>()
        .items.find((row) => row.sku === sku);

    it('is listed (default 1), edited and sold: a ticket copies it, and a ticket sold before keeps its own', async () => {
      const before = await sellMembership();
      expect(await catalogRow('MEMBER-1M')).toMatchObject({ usage_limit: 0, entries_per_day: 1 });
      expect(await catalogRow('DAY-ADULT')).toMatchObject({ entries_per_day: 1 });
      try {
        expect((await edit({ entries_per_day: 2 })).statusCode).toBe(200);
        expect(await catalogRow('MEMBER-1M')).toMatchObject({ entries_per_day: 2 });
        const passes = (
          await t.inject({ method: 'GET', url: '/v1/passes/STORE', headers: cashier.headers })
        ).json<PassProduct[]>();
        const variant = passes.flatMap((pass) => pass.variants).find((row) => row.sku === 'MEMBER-1M');
        expect(variant).toMatchObject({ usage_limit: 0, entries_per_day: 2 });

        const twice = await sellMembership();
        expect(twice.pass.entries_per_day).toBe(2);
        expect((await redeem(twice._id)).json<RedeemResponse>().ticket.display_status).toBe('Active');
        expect((await redeem(twice._id)).json<RedeemResponse>().ticket.display_status).toBe('Fully Used');
        expect((await redeem(twice._id)).json().message).toBe('Ticket is Fully Used');
        expect((await at(DAY2, () => redeem(twice._id))).statusCode).toBe(200);

        expect((await getTicket(before._id)).pass.entries_per_day).toBe(1);
        expect((await redeem(before._id)).statusCode).toBe(200);
        expect((await redeem(before._id)).statusCode).toBe(409);
      } finally {
        await edit({ entries_per_day: 1 });
      }
    });

    it('refuses 0, 100 and 1.5 with a clear 400, and a merchandise row with 422', async () => {
      for (const value of [0, 100, 1.5]) {
        const refused = await edit({ entries_per_day: value });
        expect(refused.statusCode, String(value)).toBe(400);
        expect(refused.body).toContain('entries_per_day');
      }
      const merchandise = await edit({ entries_per_day: 2 }, 'GRIP-M');
      expect(merchandise.statusCode).toBe(422);
      expect((await catalogRow('MEMBER-1M')) as { entries_per_day?: number }).toMatchObject({
        entries_per_day: 1,
      });
    });

    it('adds a pass with entries_per_day, 1 when the request leaves it out', async () => {
      const item = {
        type: 'PASS',
        product: 'Climbing Membership',
        category: 'Membership',
        group: 'Adult',
        price: 150,
        min_qty: 1,
        usage_limit: 0,
        duration: { value: 1, unit: 'Month' },
        active: true,
      };
      expect(
        (
          await t.post(manager, '/v1/admin/catalog/add', {
            item: { ...item, sku: 'CLIMB-M3', entries_per_day: 3 },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await t.post(manager, '/v1/admin/catalog/add', { item: { ...item, sku: 'CLIMB-M1' } })).statusCode,
      ).toBe(200);
      expect(await catalogRow('CLIMB-M3')).toMatchObject({ entries_per_day: 3 });
      expect(await catalogRow('CLIMB-M1')).toMatchObject({ entries_per_day: 1 });
    });
  });

  describe('a redeem made offline and replayed', () => {
    it('is judged by the venue day of its used_at and synced once, however often it is replayed', async () => {
      const membership = await sellMembership();
      const gate = await t.signIn(CASHIER, { host: 'GATE02' });
      // Day 1 at 10:30 the gate was offline and let the member in; it replays on day 2 after a use that morning.
      const usedAt = new Date(new Date(DAY1).getTime() + 30 * 60_000).toISOString();
      const nonce = randomUUID();
      await at(DAY2, async () => {
        expect((await redeem(membership._id)).statusCode).toBe(200);
        for (let round = 0; round < 3; round++) {
          const replay = await redeem(membership._id, { nonce, used_at: usedAt }, gate);
          expect(replay.statusCode).toBe(200);
          expect(replay.json<RedeemResponse>().ticket.used.map((use) => use.at)).toEqual([DAY2, usedAt]);
        }
      });
      const uses = await t.db
        .selectFrom('ticket_uses')
        .select(['at', 'nonce'])
        .where('ticket_id', '=', membership._id)
        .orderBy('use_number')
        .execute();
      expect(uses).toEqual([
        { at: DAY2, nonce: null },
        { at: usedAt, nonce },
      ]);
    });

    it('is refused (a conflict) when its venue day already has its entries, even from a later use that day', async () => {
      const membership = await sellMembership();
      const gate = await t.signIn(CASHIER, { host: 'GATE03' });
      const usedAt = new Date(new Date(DAY1).getTime() - 30 * 60_000).toISOString(); // 09:30, before the 10:00 use
      expect((await redeem(membership._id)).statusCode).toBe(200);
      const nonce = randomUUID();
      const replay = await at(new Date(new Date(DAY1).getTime() + 2 * 60 * 60_000).toISOString(), () =>
        redeem(membership._id, { nonce, used_at: usedAt }, gate),
      );
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toMatchObject({ message: 'Ticket is Fully Used', code: 'conflict' });
      const conflicts = (await t.post(manager, '/v1/admin/get_sync_conflicts', {})).json<SyncConflict[]>();
      expect(conflicts.find((conflict) => conflict.key === nonce)).toMatchObject({
        kind: 'redeem',
        ticket_id: membership._id,
        happened_at: usedAt,
        message: 'Ticket is Fully Used',
      });
    });
  });

  it('leaves a punch pass as it was: its uses count whatever the day', async () => {
    const { tickets } = await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())]));
    const id = tickets[0]?._id ?? '';
    expect((await redeem(id)).statusCode).toBe(200);
    clock.advance(DAY_MS / 2);
    try {
      expect((await redeem(id)).json().message).toBe('Ticket is Fully Used');
    } finally {
      clock.set(DAY1);
    }
  });
});
