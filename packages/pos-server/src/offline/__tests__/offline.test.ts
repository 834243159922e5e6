import { randomUUID } from 'node:crypto';
import type { OfflinePrepareResponse, Receipt, RedeemResponse, SyncConflict } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, postCheckout } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import { REPLAY_AFTER_MS } from '../../sync/saleTime';
import { TICKET_ID_PATTERN } from '../../tickets/ticketId';
import { OFFLINE_TICKET_IDS } from '../reserveTicketIds';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const NOW = '2026-11-22T02:00:00.000Z';
const HOUR = 3_600_000;

describeOnEngines('working through an outage (docs/offline.md)', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({
      engine,
      clock,
      config: { offline: { maxMinutes: 240, maxAmountSen: 500_000, maxSales: 50 } },
    });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
  });
  afterAll(async () => {
    await t.close();
  });

  const prepare = async (session = cashier): Promise<OfflinePrepareResponse> => {
    const response = await t.post(session, '/v1/offline/prepare', {});
    expect(response.statusCode).toBe(200);
    return response.json<OfflinePrepareResponse>();
  };
  const conflicts = async (body: Record<string, unknown> = {}): Promise<SyncConflict[]> => {
    const response = await t.post(manager, '/v1/admin/get_sync_conflicts', body);
    expect(response.statusCode).toBe(200);
    return response.json<SyncConflict[]>();
  };
  const orderCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('offline_prepare', () => {
    it("answers the server's policy, the server's clock and ticket ids reserved for this terminal", async () => {
      const prepared = await prepare();
      expect(prepared.policy).toEqual({
        max_offline_minutes: 240,
        max_offline_amount: 5000,
        max_offline_sales: 50,
      });
      expect(prepared.server_time).toBe(new Date(NOW).toISOString());
      expect(prepared.ticket_ids).toHaveLength(OFFLINE_TICKET_IDS);
      expect(new Set(prepared.ticket_ids).size).toBe(OFFLINE_TICKET_IDS);
      for (const id of prepared.ticket_ids) {
        expect(id).toMatch(TICKET_ID_PATTERN);
        expect(id.startsWith('TZ')).toBe(true);
      }
      // The same ids again (topped up, not replaced): a terminal that asks twice keeps what it holds.
      expect((await prepare()).ticket_ids).toEqual(prepared.ticket_ids);
    });

    it('gives another terminal other ids, and no online sale ever issues a TZ id', async () => {
      const other = await t.signIn(CASHIER, { host: 'TICKET02' });
      const mine = new Set((await prepare()).ticket_ids);
      const theirs = (await prepare(other)).ticket_ids;
      expect(theirs.filter((id) => mine.has(id))).toEqual([]);
      await openShift(t, other);
      const response = await postCheckout(t, other, checkoutBody([cartItem('DAY-ADULT', 20, clock())]));
      expect(response.statusCode).toBe(200);
      const { tickets } = response.json<Receipt>();
      expect(tickets).toHaveLength(20);
      expect(tickets.filter((ticket) => ticket._id.startsWith('TZ'))).toEqual([]);
    });

    it('hands over valid tickets sold recently, to check them at the gate while offline', async () => {
      const { tickets } = await prepare();
      expect(tickets.length).toBeGreaterThanOrEqual(20);
      expect(tickets.every((ticket) => ticket.display_status === 'Active')).toBe(true);
    });

    it('is for signed-in staff only', async () => {
      const response = await t.inject({ method: 'POST', url: '/v1/offline/prepare', payload: {} });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('sales with reserved ticket ids', () => {
    beforeAll(async () => {
      // The cashier's shift opened at 07:00, three hours before the tests' now.
      clock.set(new Date(new Date(NOW).getTime() - 3 * HOUR));
      await openShift(t, cashier);
      clock.set(NOW);
    });

    it('gives the passes the ids the terminal sent, and uses them up', async () => {
      const { ticket_ids: ids } = await prepare();
      const sent = ids.slice(0, 2);
      const body = checkoutBody([
        cartItem('DAY-ADULT', 2, clock(), { ticket: sent }),
        cartItem('GRIP-M', 1, clock()),
      ]);
      const response = await postCheckout(
        t,
        cashier,
        { ...body, sold_at: clock().toISOString() },
        randomUUID(),
      );
      expect(response.statusCode).toBe(200);
      const receipt = response.json<Receipt>();
      expect(receipt.tickets.map((ticket) => ticket._id).sort()).toEqual([...sent].sort());
      expect(receipt.order.order_details.cart.items[0]?.ticket?.sort()).toEqual([...sent].sort());
      expect(receipt.order.date).toBe(clock().toISOString());
      // Used ids leave the terminal's reservation; it is topped up again.
      const after = (await prepare()).ticket_ids;
      expect(after.filter((id) => sent.includes(id))).toEqual([]);
      expect(after).toHaveLength(OFFLINE_TICKET_IDS);
      // The ticket answers at the gate under its terminal-made id.
      const ticket = await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: sent[0] });
      expect(ticket.statusCode).toBe(200);
    });

    it.each([
      ['without an Idempotency-Key', false],
      ['with one (PostgreSQL: checked in the sale statement)', true],
    ])(
      'refuses ids that are not reserved for this terminal, or used already (409), and writes nothing, %s',
      async (_, keyed) => {
        const sellWith = (ticket: string[]) =>
          postCheckout(
            t,
            cashier,
            checkoutBody([cartItem('DAY-ADULT', 1, clock(), { ticket })]),
            keyed ? randomUUID() : undefined,
          );
        const before = await orderCount();
        const [unused] = (await prepare()).ticket_ids;
        const other = await t.signIn(CASHIER, { host: 'TICKET02' });
        const [theirs] = (await prepare(other)).ticket_ids;
        for (const ticket of [['TZ0000000000'.slice(0, 11)], [theirs ?? '']]) {
          const response = await sellWith(ticket);
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual({
            message: 'The ticket ids of this sale were not reserved for this terminal, or are used already',
            code: 'conflict',
          });
        }
        const first = await sellWith([unused ?? '']);
        expect(first.statusCode).toBe(200);
        const again = await sellWith([unused ?? '']);
        expect(again.statusCode).toBe(409);
        expect(await orderCount()).toBe(before + 1);
      },
    );

    it('refuses a pass line whose ids are not one per unit (400)', async () => {
      const [a] = (await prepare()).ticket_ids;
      for (const ticket of [[a ?? ''], [a ?? '', a ?? '']]) {
        const response = await postCheckout(
          t,
          cashier,
          checkoutBody([cartItem('DAY-ADULT', 2, clock(), { ticket })]),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: 'DAY-ADULT needs 2 ticket id(s), one per unit',
          details: [{ path: 'items.0.ticket' }],
        });
      }
    });
  });

  describe('replays of sales made offline', () => {
    it('books a replay at its own time in the shift open then, and answers a second replay with the same order', async () => {
      const soldAt = new Date(clock().getTime() - 30 * 60_000).toISOString();
      const key = randomUUID();
      const [id] = (await prepare()).ticket_ids;
      const body = {
        ...checkoutBody([cartItem('DAY-CHILD', 1, new Date(soldAt), { ticket: [id ?? ''] })]),
        sold_at: soldAt,
      };
      const before = await orderCount();
      const first = await postCheckout(t, cashier, body, key);
      expect(first.statusCode).toBe(200);
      const receipt = first.json<Receipt>();
      expect(receipt.order.date).toBe(soldAt);
      expect(receipt.tickets.map((ticket) => ticket._id)).toEqual([id]);
      expect(receipt.order.invoice?._id).toMatch(/^STORE-\d{6}$/);
      const again = await postCheckout(t, cashier, body, key);
      expect(again.statusCode).toBe(200);
      expect(again.json<Receipt>().order._id).toBe(receipt.order._id);
      expect(await orderCount()).toBe(before + 1);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('details')
        .where('subject_id', '=', receipt.order._id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(String(audit.details))).toMatchObject({ replayed_at: clock().toISOString() });
    });

    it('answers a sale committed online whose answer was lost with that sale, when the terminal replays it later', async () => {
      const key = randomUUID();
      const [id] = (await prepare()).ticket_ids;
      const body = {
        ...checkoutBody([cartItem('DAY-ADULT', 1, clock(), { ticket: [id ?? ''] })]),
        sold_at: clock().toISOString(),
      };
      const first = await postCheckout(t, cashier, body, key);
      expect(first.statusCode).toBe(200);
      const before = await orderCount();
      clock.advance(2 * HOUR);
      try {
        const replay = await postCheckout(t, cashier, body, key);
        expect(replay.statusCode).toBe(200);
        expect(replay.json()).toEqual(first.json());
        expect(await orderCount()).toBe(before);
      } finally {
        clock.advance(-2 * HOUR);
      }
    });

    it('books a replay into the shift it was made in, closed since, and into its own venue day', async () => {
      const gate = await t.signIn(CASHIER, { host: 'TICKET03' });
      // Yesterday 20:00 (venue time) a shift was open; it closed at 21:00 and today's shift opened since.
      clock.set('2026-11-21T11:00:00.000Z');
      await openShift(t, gate);
      const yesterdayShift = (await t.post(gate, '/v1/admin/start_shift')).json<{ _id: string }>()._id;
      clock.set('2026-11-21T12:00:00.000Z');
      expect((await t.post(gate, '/v1/admin/end_shift', { cash: 100, card: 0, ewallet: 0 })).statusCode).toBe(
        200,
      );
      clock.set(NOW);
      await openShift(t, gate);
      const soldAt = '2026-11-21T12:00:00.000Z'.replace('12:00', '11:30');
      const response = await postCheckout(
        t,
        gate,
        { ...checkoutBody([cartItem('GRIP-M', 2, new Date(soldAt))]), sold_at: soldAt },
        randomUUID(),
      );
      expect(response.statusCode).toBe(200);
      const { order } = response.json<Receipt>();
      const row = await t.db
        .selectFrom('orders')
        .select(['shift_id', 'created_at'])
        .where('id', '=', order._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ shift_id: yesterdayShift, created_at: soldAt });
      // Listed on its own day, not today.
      const yesterday = await t.post(cashier, '/v1/admin/get_orders', {
        origin: 'STORE',
        from: '2026-11-20T16:00:00.000Z',
        to: '2026-11-21T16:00:00.000Z',
        limit: 50,
      });
      expect(yesterday.json<{ orders: { _id: string }[] }>().orders.map((listed) => listed._id)).toContain(
        order._id,
      );
    });

    it('refuses a replay made when no shift was open on the terminal (409), and keeps it as a conflict', async () => {
      const soldAt = '2026-11-20T03:00:00.000Z';
      clock.set('2026-11-20T20:00:00.000Z');
      try {
        const key = randomUUID();
        const response = await postCheckout(
          t,
          cashier,
          { ...checkoutBody([cartItem('GRIP-M', 1, new Date(soldAt))]), sold_at: soldAt },
          key,
        );
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          message: 'No shift was open on this terminal when the sale was made',
          code: 'conflict',
        });
        expect((await conflicts()).find((conflict) => conflict.key === key)).toMatchObject({
          kind: 'sale',
          terminal: 'TICKET01',
          staff: 'Ana Cashier',
          happened_at: soldAt,
          amount: 15,
          message: 'No shift was open on this terminal when the sale was made',
        });
      } finally {
        clock.set(NOW);
      }
    });

    it('keeps a refused replay (a price that no longer exists) as one conflict for the manager, who resolves it', async () => {
      const soldAt = new Date(clock().getTime() - HOUR).toISOString();
      const key = randomUUID();
      const item = cartItem('GRIP-M', 1, new Date(soldAt), { price: { value: 12, currency: 'MYR' } });
      const body = { ...checkoutBody([item]), sold_at: soldAt };
      const before = await orderCount();
      for (let round = 0; round < 2; round++) {
        const response = await postCheckout(t, cashier, body, key);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ message: 'Price changed for GRIP-M', code: 'conflict' });
      }
      expect(await orderCount()).toBe(before);
      const open = (await conflicts()).filter((conflict) => conflict.key === key);
      expect(open).toHaveLength(1);
      const [conflict] = open;
      expect(conflict).toMatchObject({
        kind: 'sale',
        amount: 12,
        code: 'conflict',
        message: 'Price changed for GRIP-M',
        ticket_id: null,
        resolved: null,
      });
      expect(JSON.parse(conflict?.request ?? '{}')).toMatchObject({ sold_at: soldAt, subtotal: 12 });
      // Staff cannot see or resolve conflicts: a manager's call.
      expect((await t.post(cashier, '/v1/admin/get_sync_conflicts', {})).statusCode).toBe(403);
      const resolved = await t.post(manager, '/v1/admin/resolve_sync_conflict', {
        id: conflict?._id,
        note: 'Sold at the old price during the outage; difference written off',
      });
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json<SyncConflict>().resolved).toEqual({
        by: 'Max Manager',
        at: clock().toISOString(),
        note: 'Sold at the old price during the outage; difference written off',
      });
      expect((await conflicts()).filter((open) => open.key === key)).toEqual([]);
      expect((await conflicts({ include_resolved: true })).filter((all) => all.key === key)).toHaveLength(1);
      const missing = await t.post(manager, '/v1/admin/resolve_sync_conflict', {
        id: randomUUID(),
        note: 'x',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Sync conflict not found', code: 'not_found' });
      const blank = await t.post(manager, '/v1/admin/resolve_sync_conflict', {
        id: conflict?._id,
        note: '  ',
      });
      expect(blank.statusCode).toBe(400);
    });

    it('refuses a replay older than the idempotency window as a conflict, never a second order', async () => {
      const soldAt = new Date(clock().getTime() - 24 * HOUR).toISOString();
      const key = randomUUID();
      const response = await postCheckout(
        t,
        cashier,
        { ...checkoutBody([cartItem('GRIP-M', 1, new Date(soldAt))]), sold_at: soldAt },
        key,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'Made offline more than 23 hours ago: not booked; a manager checks it (pos sync conflicts)',
        code: 'conflict',
      });
      expect((await conflicts()).some((conflict) => conflict.key === key)).toBe(true);
    });

    it('books a replay the terminal marks (X-Offline-Replay: 1) at its own time however recent, and keeps its refusal', async () => {
      const soldAt = new Date(clock().getTime() - 10_000).toISOString();
      const replay = (body: unknown, key: string) =>
        t.inject({
          method: 'POST',
          url: '/v1/checkout',
          payload: body as Record<string, unknown>,
          headers: { ...cashier.headers, 'idempotency-key': key, 'x-offline-replay': '1' },
        });
      const booked = await replay(
        { ...checkoutBody([cartItem('GRIP-M', 1, clock())]), sold_at: soldAt },
        randomUUID(),
      );
      expect(booked.statusCode).toBe(200);
      expect(booked.json<Receipt>().order.date).toBe(soldAt);
      const key = randomUUID();
      const refused = await replay(
        {
          ...checkoutBody([cartItem('GRIP-M', 1, clock(), { price: { value: 11, currency: 'MYR' } })]),
          sold_at: soldAt,
        },
        key,
      );
      expect(refused.statusCode).toBe(409);
      expect((await conflicts()).some((conflict) => conflict.key === key)).toBe(true);
    });

    it('refuses a sold_at ahead of the server clock (400), and books a recent one at the server time', async () => {
      const ahead = new Date(clock().getTime() + 5 * 60_000).toISOString();
      const response = await postCheckout(t, cashier, {
        ...checkoutBody([cartItem('GRIP-M', 1, clock())]),
        sold_at: ahead,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [{ path: 'sold_at' }] });
      const recent = new Date(clock().getTime() - REPLAY_AFTER_MS + 1_000).toISOString();
      const online = await postCheckout(t, cashier, {
        ...checkoutBody([cartItem('GRIP-M', 1, clock())]),
        sold_at: recent,
      });
      expect(online.statusCode).toBe(200);
      expect(online.json<Receipt>().order.date).toBe(clock().toISOString());
    });
  });

  describe('redeems made offline', () => {
    const redeem = (session: TestSession, ticketId: string, body: Record<string, unknown>) =>
      t.post(session, `/v2/check_ticket_redeem/${ticketId}`, body);

    it('redeems a replayed scan once however often it is replayed (nonce)', async () => {
      const { tickets } = (
        await postCheckout(
          t,
          cashier,
          checkoutBody([cartItem('PUNCH-10', 1, clock())], { email: 'punch@example.com' }),
        )
      ).json<Receipt>();
      const id = tickets[0]?._id ?? '';
      const nonce = randomUUID();
      const usedAt = new Date(clock().getTime() - 10 * 60_000).toISOString();
      for (let round = 0; round < 3; round++) {
        const response = await redeem(cashier, id, { nonce, used_at: usedAt });
        expect(response.statusCode).toBe(200);
        expect(response.json<RedeemResponse>().ticket.used).toHaveLength(1);
      }
      const uses = await t.db
        .selectFrom('ticket_uses')
        .select(['at', 'nonce'])
        .where('ticket_id', '=', id)
        .execute();
      expect(uses).toEqual([{ at: usedAt, nonce }]);
    });

    it('gives one success and one conflict when two offline terminals used a single-use pass', async () => {
      const { tickets } = (
        await postCheckout(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())]))
      ).json<Receipt>();
      const id = tickets[0]?._id ?? '';
      const gate = await t.signIn(CASHIER, { host: 'GATE02' });
      const first = await redeem(cashier, id, {
        nonce: randomUUID(),
        used_at: new Date(clock().getTime() - 20 * 60_000).toISOString(),
      });
      expect(first.statusCode).toBe(200);
      const nonce = randomUUID();
      const usedAt = new Date(clock().getTime() - 15 * 60_000).toISOString();
      const second = await redeem(gate, id, { nonce, used_at: usedAt });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ message: 'Ticket is Fully Used', code: 'conflict' });
      expect((await conflicts()).find((conflict) => conflict.key === nonce)).toMatchObject({
        kind: 'redeem',
        terminal: 'GATE02',
        ticket_id: id,
        happened_at: usedAt,
        amount: 0,
        message: 'Ticket is Fully Used',
      });
      // A gate's own refusal (with or without a nonce) is not a conflict: the cashier saw it at once.
      const before = (await conflicts()).length;
      expect((await redeem(cashier, id, {})).statusCode).toBe(409);
      const online = { nonce: randomUUID(), used_at: clock().toISOString() };
      expect((await redeem(cashier, id, online)).statusCode).toBe(409);
      expect(await conflicts()).toHaveLength(before);
    });
  });
});
