import type { KioskEnableResponse, RedeemResponse } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItem,
  checkoutBody,
  MEMBER,
  openShift,
  sell,
  staffId,
} from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  demoPin,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const NOW = '2026-11-22T02:00:00.000Z';
const KIOSK = 'KIOSK01';

describeOnEngines('kiosk: self check-in', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let kiosk: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 720 } });
    cashier = await t.signIn(CASHIER);
    await openShift(t, cashier);
    const manager = await t.signIn(MANAGER, { host: KIOSK });
    const enabled = await t.post(manager, '/v1/admin/kiosk/enable', {});
    expect(enabled.statusCode).toBe(200);
    const { kiosk_token: token, terminal } = enabled.json<KioskEnableResponse>();
    expect(terminal).toBe(KIOSK);
    kiosk = { token, profile: manager.profile, headers: t.headers(token, KIOSK) };
  });
  afterAll(async () => {
    await t.close();
  });

  const sellTwo = async (sku: string, email = 'guest@example.com', visitDate?: string) => {
    const item = cartItem(sku, 2, clock(), visitDate === undefined ? {} : { visit_date: visitDate });
    const { tickets } = await sell(t, cashier, checkoutBody([item], { email }));
    const [a, b] = tickets;
    if (a === undefined || b === undefined) throw new Error('two tickets expected');
    return [a._id, b._id] as const;
  };
  const redeem = (session: TestSession, id: string) => t.post(session, `/v2/check_ticket_redeem/${id}`);

  describe('only a manager enables it', () => {
    it("a cashier's token gets 403 not_permitted", async () => {
      const response = await t.post(cashier, '/v1/admin/kiosk/enable', {});
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'not_permitted' });
    });
  });

  describe("the kiosk token's scope: checking passes in, nothing else", () => {
    it('looks up, redeems (with the face photo) and undoes its own entry', async () => {
      const [id] = await sellTwo('DAY-ADULT');
      expect((await t.post(kiosk, '/v1/admin/get_ticket', { ticket_id: id })).statusCode).toBe(200);
      const redeemed = await redeem(kiosk, id);
      expect(redeemed.statusCode).toBe(200);
      const use = redeemed.json<RedeemResponse>().ticket.used.at(-1);
      expect(use).toMatchObject({ terminal: KIOSK });
      const undone = await t.post(kiosk, `/v2/annul_ticket_redeem/${id}`, { used_at: use?.at });
      expect(undone.statusCode).toBe(200);
      expect((await t.post(kiosk, '/v1/admin/venue', {})).statusCode).toBe(200);
    });

    it.each([
      ['POST', '/v1/checkout', {}],
      ['POST', '/v1/admin/get_orders', { origin: 'STORE', from: NOW }],
      ['POST', '/v1/admin/start_shift', {}],
      ['POST', '/v1/admin/refund_order', { invoice_id: 'STORE-000001', message: 'x' }],
      ['POST', '/v1/lookup_membership', { email: MEMBER.email }],
      ['POST', '/v1/admin/kiosk/enable', {}],
      ['POST', '/v1/admin/terminals/list', {}],
      ['GET', '/v1/passes/STORE', undefined],
      ['GET', '/v1/merchandises/STORE', undefined],
    ])("refuses %s %s with 403 'A kiosk can only check passes in'", async (method, url, body) => {
      const response = await t.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: kiosk.headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'not_permitted',
        message: 'A kiosk can only check passes in',
      });
    });

    it('works offline as the gate does: gets the tickets to check, and a redeem made offline is booked once', async () => {
      const [id] = await sellTwo('DAY-ADULT');
      const prepared = await t.post(kiosk, '/v1/offline/prepare', {});
      expect(prepared.statusCode).toBe(200);
      const { tickets } = prepared.json<{ tickets: { _id: string }[] }>();
      expect(tickets.map((ticket) => ticket._id)).toContain(id);
      const scan = { nonce: 'kiosk-scan-0001', used_at: new Date(clock().getTime() - 60_000).toISOString() };
      const replay = () =>
        t.inject({
          method: 'POST',
          url: `/v2/check_ticket_redeem/${id}`,
          headers: { ...kiosk.headers, 'x-offline-replay': '1' },
          payload: scan,
        });
      expect((await replay()).statusCode).toBe(200);
      const again = await replay();
      expect(again.statusCode).toBe(200);
      expect(again.json<RedeemResponse>().ticket.used).toHaveLength(1);
    });

    it('is bound to its terminal: from another host it is refused', async () => {
      const response = await t.inject({
        method: 'POST',
        url: '/v1/admin/venue',
        headers: t.headers(kiosk.token, 'TICKET01'),
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('the kiosk redeems by the same rules as the gate, with the same answers', () => {
    const expectSame = async (gateId: string, kioskId: string, message: string) => {
      const gate = await redeem(cashier, gateId);
      const self = await redeem(kiosk, kioskId);
      expect(gate.statusCode).toBe(409);
      expect(self.statusCode).toBe(gate.statusCode);
      expect(self.json()).toEqual(gate.json());
      expect(self.json()).toMatchObject({ message });
    };

    it("'Ticket is Fully Used'", async () => {
      const [a, b] = await sellTwo('DAY-ADULT');
      await redeem(cashier, a);
      await redeem(kiosk, b);
      await expectSame(a, b, 'Ticket is Fully Used');
    });

    it("'Ticket is Fully Used' for a membership already in today (the membership day rule)", async () => {
      const { tickets } = await sell(
        t,
        cashier,
        checkoutBody([cartItem('MEMBER-1M', 1, clock())], { email: MEMBER.email }),
      );
      const membership = tickets[0]?._id ?? '';
      expect((await redeem(kiosk, membership)).statusCode).toBe(200);
      const again = await redeem(kiosk, membership);
      const atGate = await redeem(cashier, membership);
      expect(again.json()).toEqual(atGate.json());
      expect(again.json()).toMatchObject({ message: 'Ticket is Fully Used' });
    });

    it("'Ticket is Inactive' before the visit day", async () => {
      const [a, b] = await sellTwo('DAY-ADULT', 'guest@example.com', '2026-11-23T00:00:00+08:00');
      await expectSame(a, b, 'Ticket is Inactive');
    });

    it("'Ticket is Expired' after its expiry", async () => {
      const [a, b] = await sellTwo('DAY-ADULT');
      await t.db
        .updateTable('tickets')
        .set({ expires_at: '2026-11-21T00:00:00.000Z' })
        .where('id', 'in', [a, b])
        .execute();
      await expectSame(a, b, 'Ticket is Expired');
    });

    it("'Ticket is Canceled' for a canceled ticket", async () => {
      const [a, b] = await sellTwo('DAY-ADULT');
      await t.db.updateTable('tickets').set({ status: 'Canceled' }).where('id', 'in', [a, b]).execute();
      const gate = await redeem(cashier, a);
      const self = await redeem(kiosk, b);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual(gate.json());
    });

    it('allow_redeem false: refused the same way', async () => {
      const [a, b] = await sellTwo('DAY-ADULT');
      await t.db.updateTable('tickets').set({ allow_redeem: 0 }).where('id', 'in', [a, b]).execute();
      const gate = await redeem(cashier, a);
      const self = await redeem(kiosk, b);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual(gate.json());
    });

    it('an unknown pass: 404 at both', async () => {
      const gate = await redeem(cashier, 'T-NOPE-0000');
      const self = await redeem(kiosk, 'T-NOPE-0000');
      expect(self.statusCode).toBe(404);
      expect(self.json()).toEqual(gate.json());
    });
  });

  describe("no way out without a manager's PIN", () => {
    it("a wrong PIN is 422 'Incorrect PIN', a cashier's PIN 403 not_permitted; the kiosk stays", async () => {
      const managerId = await staffId(t, MANAGER);
      const cashierId = await staffId(t, CASHIER);
      const wrong = await t.post(kiosk, '/v1/kiosk/exit', { approver: managerId, pin: '0000' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ message: 'Incorrect PIN' });
      const byCashier = await t.post(kiosk, '/v1/kiosk/exit', { approver: cashierId, pin: demoPin(CASHIER) });
      expect(byCashier.statusCode).toBe(403);
      expect(byCashier.json()).toMatchObject({ message: 'Only a manager can end kiosk mode' });
      expect((await t.post(kiosk, '/v1/admin/venue', {})).statusCode).toBe(200);
    });

    it("the manager's PIN ends it: the token is refused from then on, and it is audited", async () => {
      const managerId = await staffId(t, MANAGER);
      const exit = await t.post(kiosk, '/v1/kiosk/exit', { approver: managerId, pin: demoPin(MANAGER) });
      expect(exit.statusCode).toBe(200);
      expect(exit.json()).toEqual({ terminal: KIOSK, kiosk: false });
      const after = await t.post(kiosk, '/v1/admin/venue', {});
      expect(after.statusCode).toBe(403);
      expect(after.json()).toMatchObject({ code: 'forbidden' });
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('subject_id', '=', KIOSK)
        .orderBy('at')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['kiosk.enabled', 'kiosk.exited']);
    });
  });
});
