import type {
  CartItem,
  MembershipHoldEntry,
  MembershipHoldResponse,
  Ticket,
  VenueSettings,
} from 'pos-sdk/contract';
import { HOLD_MESSAGES } from 'pos-sdk/rules';
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

/** 10:00 on 1 December 2026 in Kuala Lumpur. */
const NOW = '2026-12-01T02:00:00.000Z';
const FEE_SKU = 'HOLD-FEE';

describeOnEngines('membership hold fee', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(NOW);

  /** The fee as a cart line: the catalogue's merchandise variant the venue set as the fee. */
  const feeLine = (quantity = 1): CartItem => ({
    sku: FEE_SKU,
    name: 'Membership hold fee',
    category: 'Merchandise',
    group: 'Fee',
    quantity,
    type: 'MERCHANDISE',
    price: { value: 20, currency: 'MYR' },
  });

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 24 * 90 } });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER);
    await openShift(t, cashier);
    const added = await t.post(manager, '/v1/admin/catalog/add', {
      item: {
        type: 'MERCHANDISE',
        sku: FEE_SKU,
        product: 'Membership hold fee',
        size: 'Fee',
        price: 20,
        active: true,
      },
    });
    expect(added.statusCode).toBe(200);
    // The cashier may hold memberships (a manager granted the right).
    const granted = await t.post(manager, '/v1/admin/staff/edit', {
      email: CASHIER,
      changes: { hold_memberships: true },
    });
    expect(granted.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  let members = 0;
  const sellMembership = async (): Promise<Ticket> => {
    members += 1;
    const member = { ...MEMBER, email: `fee${members}@example.com` };
    const item = cartItem('MEMBER-1M', 1, clock(), {
      member: { type: 'Adult', sku: 'MEMBER-1M', ...member },
    });
    const { tickets } = await sell(t, cashier, checkoutBody([item], { email: member.email }));
    const [ticket] = tickets;
    if (ticket === undefined) throw new Error('no membership ticket');
    return ticket;
  };
  const sellFee = async (items: CartItem[] = [feeLine()]) =>
    (await sell(t, cashier, checkoutBody(items))).order._id;
  const hold = (who: TestSession, body: Record<string, unknown>) => t.post(who, '/v1/hold_membership', body);
  const setFee = (sku: string) => t.post(manager, '/v1/admin/settings/set', { hold_fee_sku: sku });

  describe('the setting', () => {
    it("is '' by default: holds cost nothing", async () => {
      const venue = await t.post(cashier, '/v1/admin/venue', {});
      expect(venue.json<VenueSettings>().hold_fee_sku).toBe('');
    });

    it('must be a merchandise SKU of the catalogue: 400 on the field otherwise', async () => {
      for (const sku of ['NO-SUCH-SKU', 'DAY-ADULT']) {
        const response = await setFee(sku);
        expect(response.statusCode, sku).toBe(400);
        expect(response.json()).toMatchObject({
          message: HOLD_MESSAGES.feeSkuUnknown(sku),
          details: [{ path: 'hold_fee_sku', message: HOLD_MESSAGES.feeSkuUnknown(sku) }],
        });
      }
    });

    it('a manager sets it; every staff member reads it', async () => {
      expect((await setFee(FEE_SKU)).json<VenueSettings>().hold_fee_sku).toBe(FEE_SKU);
      expect((await t.post(cashier, '/v1/admin/venue', {})).json<VenueSettings>().hold_fee_sku).toBe(FEE_SKU);
    });
  });

  describe('with a fee set', () => {
    beforeAll(async () => {
      await setFee(FEE_SKU);
    });

    it("staff hold with the paid fee's order; the history shows it", async () => {
      const ticket = await sellMembership();
      const order = await sellFee();
      const held = await hold(cashier, { ticket_id: ticket._id, days: 14, fee_order: order });
      expect(held.statusCode).toBe(200);
      expect(held.json<MembershipHoldResponse>().ticket.hold).toEqual({
        from: '2026-12-01',
        to: '2026-12-15',
      });
      const [entry] = (await t.post(cashier, '/v1/membership_holds', { ticket_id: ticket._id })).json<
        MembershipHoldEntry[]
      >();
      expect(entry?.fee_order).toEqual({ _id: order, invoice: expect.stringMatching(/^STORE-\d+$/) });
      const row = await t.db
        .selectFrom('membership_holds')
        .select('fee_order')
        .where('ticket_id', '=', ticket._id)
        .executeTakeFirstOrThrow();
      expect(row.fee_order).toBe(order);
    });

    it('check_only checks all but the fee and places nothing (the till asks before it sells the fee)', async () => {
      const ticket = await sellMembership();
      const checked = await hold(cashier, { ticket_id: ticket._id, days: 14, check_only: true });
      expect(checked.statusCode).toBe(200);
      expect(checked.json<MembershipHoldResponse>().message).toBe(HOLD_MESSAGES.holdPossible);
      expect(checked.json<MembershipHoldResponse>().ticket.hold ?? null).toBeNull();
      const rows = await t.db
        .selectFrom('membership_holds')
        .select('id')
        .where('ticket_id', '=', ticket._id)
        .execute();
      expect(rows).toEqual([]);
      // What a real hold would refuse, a check refuses too.
      const tooLong = await hold(cashier, { ticket_id: ticket._id, days: 200, check_only: true });
      expect(tooLong.statusCode).toBe(422);
      const revoked = await t.post(manager, '/v1/admin/staff/edit', {
        email: CASHIER,
        changes: { hold_memberships: false },
      });
      expect(revoked.statusCode).toBe(200);
      try {
        const noRight = await hold(cashier, { ticket_id: ticket._id, days: 14, check_only: true });
        expect(noRight.statusCode).toBe(403);
        expect(noRight.json()).toMatchObject({ code: 'not_permitted', message: HOLD_MESSAGES.notPermitted });
      } finally {
        await t.post(manager, '/v1/admin/staff/edit', {
          email: CASHIER,
          changes: { hold_memberships: true },
        });
      }
    });

    it('staff cannot hold without it: 409 in words', async () => {
      const ticket = await sellMembership();
      const refused = await hold(cashier, { ticket_id: ticket._id, days: 14 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'conflict', message: HOLD_MESSAGES.feeRequired });
    });

    it('a manager may hold without a fee; the history shows none', async () => {
      const ticket = await sellMembership();
      expect((await hold(manager, { ticket_id: ticket._id, days: 7 })).statusCode).toBe(200);
      const [entry] = (await t.post(manager, '/v1/membership_holds', { ticket_id: ticket._id })).json<
        MembershipHoldEntry[]
      >();
      expect(entry?.fee_order).toBeNull();
    });

    it('one order pays for one hold: 409 for the second', async () => {
      const order = await sellFee();
      const first = await sellMembership();
      const second = await sellMembership();
      expect((await hold(cashier, { ticket_id: first._id, days: 7, fee_order: order })).statusCode).toBe(200);
      const again = await hold(cashier, { ticket_id: second._id, days: 7, fee_order: order });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: HOLD_MESSAGES.feeOrderUsed(order) });
      // The membership refused was not held.
      const got = await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: second._id });
      expect(got.json<Ticket>().hold ?? null).toBeNull();
    });

    it('two holds naming one order at once: one placed, the other 409', async () => {
      const order = await sellFee();
      const [a, b] = [await sellMembership(), await sellMembership()];
      const answers = await Promise.all([
        hold(cashier, { ticket_id: a._id, days: 7, fee_order: order }),
        hold(cashier, { ticket_id: b._id, days: 7, fee_order: order }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.db
        .selectFrom('membership_holds')
        .select('id')
        .where('fee_order', '=', order)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('an order without the fee, an unknown order, a refunded one: 409 in words, nothing held', async () => {
      const ticket = await sellMembership();
      const withoutFee = await sellFee([cartItem('GRIP-M', 1, clock())]);
      const noFee = await hold(cashier, { ticket_id: ticket._id, days: 7, fee_order: withoutFee });
      expect(noFee.statusCode).toBe(409);
      expect(noFee.json()).toMatchObject({ message: HOLD_MESSAGES.feeOrderWithoutFee(withoutFee, FEE_SKU) });

      const unknown = await hold(cashier, { ticket_id: ticket._id, days: 7, fee_order: 'no-such-order' });
      expect(unknown.statusCode).toBe(409);
      expect(unknown.json()).toMatchObject({ message: HOLD_MESSAGES.feeOrderUnknown('no-such-order') });

      const refunded = await sell(t, cashier, checkoutBody([feeLine()]));
      const refund = await t.post(manager, '/v1/admin/refund_order', {
        invoice_id: refunded.order.invoice?._id,
        message: 'Member changed their mind',
      });
      expect(refund.statusCode).toBe(200);
      const notPaid = await hold(cashier, { ticket_id: ticket._id, days: 7, fee_order: refunded.order._id });
      expect(notPaid.statusCode).toBe(409);
      expect(notPaid.json()).toMatchObject({ message: HOLD_MESSAGES.feeOrderNotPaid(refunded.order._id) });

      const got = await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: ticket._id });
      expect(got.json<Ticket>().hold ?? null).toBeNull();
    });
  });

  describe('with no fee set', () => {
    beforeAll(async () => {
      await setFee('');
    });

    it('staff hold as before, without an order', async () => {
      const ticket = await sellMembership();
      expect((await hold(cashier, { ticket_id: ticket._id, days: 7 })).statusCode).toBe(200);
    });

    it('a fee order is refused in words', async () => {
      const ticket = await sellMembership();
      const order = await sellFee([cartItem('GRIP-M', 1, clock())]);
      const response = await hold(cashier, { ticket_id: ticket._id, days: 7, fee_order: order });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: HOLD_MESSAGES.noFeeSet });
    });
  });
});
