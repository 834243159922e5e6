import type { RedeemResponse } from 'pos-sdk/contract';
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

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const NOW = '2026-11-22T02:00:00.000Z';

describeOnEngines('tickets: undo an entry (annul_ticket_redeem)', (engine) => {
  let t: TestApp;
  let session: TestSession;
  let other: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 720 } });
    session = await t.signIn(CASHIER);
    other = await t.signIn(MANAGER, { host: 'TICKET02' });
    await openShift(t, session);
  });
  afterAll(async () => {
    await t.close();
  });

  const sellOne = async (sku: string, email = 'guest@example.com') => {
    const { tickets } = await sell(t, session, checkoutBody([cartItem(sku, 1, clock())], { email }));
    const [ticket] = tickets;
    if (ticket === undefined) throw new Error('no ticket');
    return ticket;
  };
  const redeem = (id: string, by = session) => t.post(by, `/v2/check_ticket_redeem/${id}`);
  const annul = (id: string, usedAt: string, by = session) =>
    t.post(by, `/v2/annul_ticket_redeem/${id}`, { used_at: usedAt });
  const lastUse = (response: { json: <T>() => T }) => {
    const use = response.json<RedeemResponse>().ticket.used.at(-1);
    if (use === undefined) throw new Error('no use');
    return use.at;
  };

  describe('within the window', () => {
    it("undoes the entry: 'Entry undone', the use removed and audited, the pass redeemable again", async () => {
      clock.set(NOW);
      const ticket = await sellOne('DAY-ADULT');
      const redeemed = await redeem(ticket._id);
      expect(redeemed.json<RedeemResponse>().ticket.display_status).toBe('Fully Used');
      clock.advance(59_000);
      const response = await annul(ticket._id, lastUse(redeemed));
      expect(response.statusCode).toBe(200);
      const body = response.json<RedeemResponse>();
      expect(body.message).toBe('Entry undone');
      expect(body.ticket).toMatchObject({ used: [], display_status: 'Active' });
      const read = await t.post(session, '/v1/admin/get_ticket', { ticket_id: ticket._id });
      expect(read.json<RedeemResponse['ticket']>().used).toEqual([]);
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'terminal_id'])
        .where('subject_id', '=', ticket._id)
        .orderBy('at')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['ticket.redeemed', 'ticket.entry_annulled']);
      // Redeemable again: the member can come back in.
      expect((await redeem(ticket._id)).statusCode).toBe(200);
    });

    it("answers 409 'This entry was already undone' to a second annul, and changes nothing", async () => {
      clock.set(NOW);
      const ticket = await sellOne('PUNCH-10');
      const first = await redeem(ticket._id);
      clock.advance(1_000);
      const second = await redeem(ticket._id);
      expect((await annul(ticket._id, lastUse(second))).statusCode).toBe(200);
      const again = await annul(ticket._id, lastUse(second));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'conflict', message: 'This entry was already undone' });
      const read = await t.post(session, '/v1/admin/get_ticket', { ticket_id: ticket._id });
      expect(read.json<RedeemResponse['ticket']>().used.map((use) => use.at)).toEqual([lastUse(first)]);
    });

    it('a membership undone comes back in on the same venue day (its one entry a day is free again)', async () => {
      clock.set(NOW);
      const membership = await sellOne('MEMBER-1M', MEMBER.email);
      const entry = await redeem(membership._id);
      expect((await redeem(membership._id)).json()).toMatchObject({ message: 'Ticket is Fully Used' });
      expect((await annul(membership._id, lastUse(entry))).statusCode).toBe(200);
      expect((await redeem(membership._id)).statusCode).toBe(200);
    });
  });

  describe('refusals', () => {
    it('answers 409 after the window (default 60 s), in words', async () => {
      clock.set(NOW);
      const ticket = await sellOne('DAY-ADULT');
      const redeemed = await redeem(ticket._id);
      clock.advance(61_000);
      const response = await annul(ticket._id, lastUse(redeemed));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'conflict',
        message: 'This entry can no longer be undone: entries can be undone for 60 seconds',
      });
      const read = await t.post(session, '/v1/admin/get_ticket', { ticket_id: ticket._id });
      expect(read.json<RedeemResponse['ticket']>().used).toHaveLength(1);
    });

    it("follows the venue's setting entry_undo_seconds (a manager sets it)", async () => {
      clock.set(NOW);
      const manager = await t.signIn(MANAGER);
      const set = await t.post(manager, '/v1/admin/settings/set', { entry_undo_seconds: 10 });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ entry_undo_seconds: 10 });
      try {
        const ticket = await sellOne('DAY-ADULT');
        const redeemed = await redeem(ticket._id);
        clock.advance(11_000);
        const response = await annul(ticket._id, lastUse(redeemed));
        expect(response.json()).toMatchObject({
          message: 'This entry can no longer be undone: entries can be undone for 10 seconds',
        });
      } finally {
        await t.post(manager, '/v1/admin/settings/set', { entry_undo_seconds: 60 });
      }
    });

    it('answers 409 on another terminal: only the one that let the member in can undo it', async () => {
      clock.set(NOW);
      const ticket = await sellOne('DAY-ADULT');
      const redeemed = await redeem(ticket._id);
      const response = await annul(ticket._id, lastUse(redeemed), other);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'conflict',
        message: 'Only the terminal that let the member in (TICKET01) can undo this entry',
      });
    });

    it('answers 404 for no entry at that time and for an unknown ticket; 400 without used_at', async () => {
      clock.set(NOW);
      const ticket = await sellOne('DAY-ADULT');
      const none = await annul(ticket._id, NOW);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ message: 'No entry of this ticket at that time' });
      expect((await annul('T-NOPE-0000', NOW)).statusCode).toBe(404);
      expect((await t.post(session, `/v2/annul_ticket_redeem/${ticket._id}`, {})).statusCode).toBe(400);
    });
  });

  describe('an annul racing redeems', () => {
    it('leaves a consistent count: never two uses with one number, never more than the limit', async () => {
      clock.set(NOW);
      const punch = await sellOne('PUNCH-10');
      // Nine uses: one left.
      let last = '';
      for (let use = 1; use <= 9; use++) {
        clock.advance(1_000);
        last = lastUse(await redeem(punch._id));
      }
      clock.advance(1_000);
      const results = await Promise.all([
        annul(punch._id, last),
        redeem(punch._id),
        redeem(punch._id, other),
        redeem(punch._id),
      ]);
      const [annulled, ...redeems] = results;
      expect(annulled?.statusCode).toBe(200);
      const won = redeems.filter((response) => response.statusCode === 200).length;
      for (const response of redeems) expect([200, 409]).toContain(response.statusCode);
      // One use was left and one was freed: at most two redeems win, and at least one (the one left).
      expect(won).toBeGreaterThanOrEqual(1);
      expect(won).toBeLessThanOrEqual(2);
      const read = await t.post(session, '/v1/admin/get_ticket', { ticket_id: punch._id });
      const ticket = read.json<RedeemResponse['ticket']>();
      expect(ticket.used).toHaveLength(9 - 1 + won);
      const rows = await t.db
        .selectFrom('ticket_uses')
        .select(['use_number', 'annulled_at'])
        .where('ticket_id', '=', punch._id)
        .execute();
      const live = rows.filter((row) => row.annulled_at === null);
      expect(live).toHaveLength(ticket.used.length);
      expect(new Set(rows.map((row) => Number(row.use_number))).size).toBe(rows.length);
    });

    it('two annuls of one entry at once: exactly one undoes it', async () => {
      clock.set(NOW);
      const punch = await sellOne('PUNCH-10');
      const redeemed = await redeem(punch._id);
      const results = await Promise.all([
        annul(punch._id, lastUse(redeemed)),
        annul(punch._id, lastUse(redeemed)),
      ]);
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_id', '=', punch._id)
        .where('action', '=', 'ticket.entry_annulled')
        .execute();
      expect(audit).toHaveLength(1);
    });
  });
});
