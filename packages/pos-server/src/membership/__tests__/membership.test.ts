import { randomUUID } from 'node:crypto';
import type {
  CartMember,
  CheckoutRequest,
  LookupMembershipResponse,
  PaymentType,
  RenewMembershipResponse,
  ShiftReport,
} from 'pos-sdk/contract';
import { fromRinggit, subtractSen, toRinggit } from 'pos-sdk/money';
import { renewalAmount } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, checkoutBody, MEMBER, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const NOW = '2026-11-22T02:00:00.000Z';

/** A renewal as the SDK's membership service sends it: one RENEW-1M item of `months`, one tender of the amount. */
function renewalBody(
  months: number,
  options: { member?: CartMember; type?: PaymentType; amount?: number; now?: Date } = {},
): CheckoutRequest {
  const member = options.member ?? MEMBER;
  const item = cartItem('RENEW-1M', months, options.now ?? new Date(NOW), {
    member: { type: 'Adult', sku: 'RENEW-1M', ...member },
  });
  const price = renewalAmount(fromRinggit(120), months);
  const amount = options.amount ?? toRinggit(price);
  return {
    ...checkoutBody([item], { email: member.email }),
    subtotal: toRinggit(price),
    payment: {
      methods: [{ type: options.type ?? 'CASH', amount }],
      change: toRinggit(subtractSen(fromRinggit(amount), price)),
    },
  };
}

describeOnEngines('membership', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 720 } });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  });
  afterAll(async () => {
    await t.close();
  });

  const renew = (body: unknown, key = randomUUID(), who = session) =>
    t.inject({
      method: 'POST',
      url: '/v1/renew_membership',
      payload: body as Record<string, unknown>,
      headers: { ...who.headers, 'idempotency-key': key },
    });
  const expectRenewError = async (body: unknown, status: number, message: string) => {
    const response = await renew(body);
    expect(response.json()).toMatchObject({ message });
    expect(response.statusCode).toBe(status);
  };
  const refund = (invoiceId: string | undefined) =>
    t.inject({
      method: 'POST',
      url: '/v1/admin/refund_order',
      payload: { invoice_id: invoiceId, message: 'Changed mind' },
      headers: { ...session.headers, 'idempotency-key': randomUUID() },
    });
  const expiryOf = async (ticketId: string) =>
    (
      await t.db
        .selectFrom('tickets')
        .select('expires_at')
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow()
    ).expires_at;

  describe('lookup_membership', () => {
    it("answers 404 'No member with the email …' for an email without a member", async () => {
      const response = await t.post(session, '/v1/lookup_membership', { email: 'nobody@example.com' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'No member with the email nobody@example.com',
        code: 'not_found',
      });
    });

    it('answers the member with their orders and tickets, whatever the case of the email', async () => {
      const { order, tickets } = await sell(
        t,
        session,
        checkoutBody([cartItem('MEMBER-1M', 1, clock())], { email: MEMBER.email }),
      );
      const response = await t.post(session, '/v1/lookup_membership', { email: 'MEI@example.COM' });
      expect(response.statusCode).toBe(200);
      const found = response.json<LookupMembershipResponse>();
      expect(found.member).toEqual({
        name: MEMBER.name,
        email: MEMBER.email,
        phone: MEMBER.phone,
        dob: MEMBER.dob,
      });
      expect(found.orders.map((listed) => listed._id)).toEqual([order._id]);
      expect(found.tickets).toEqual(tickets);
    });

    it('answers 400 for an invalid email', async () => {
      expect((await t.post(session, '/v1/lookup_membership', { email: 'mei' })).statusCode).toBe(400);
    });
  });

  describe('renew_membership', () => {
    it("extends the member's membership ticket from its expiry by the months, with an order and invoice", async () => {
      const { tickets } = (
        await t.post(session, '/v1/lookup_membership', { email: MEMBER.email })
      ).json<LookupMembershipResponse>();
      const current = tickets[0];
      expect(current?.expiry).toBe('2026-12-21T16:00:00.000Z'); // bought today for 1 Month
      const response = await renew(renewalBody(3));
      expect(response.statusCode).toBe(200);
      const { order, ticket } = response.json<RenewMembershipResponse>();
      expect(ticket).toMatchObject({
        _id: current?._id,
        expiry: '2027-03-21T16:00:00.000Z',
        display_status: 'Active',
      });
      expect(order).toMatchObject({
        status: 'PAID',
        total_amount: 360,
        tickets: [current?._id],
        payment: { methods: [{ type: 'CASH', amount: 360 }], change: 0 },
        order_details: { customer: { email: MEMBER.email }, cart: { subtotal: 360 } },
      });
      expect(order.invoice?._id).toMatch(/^STORE-\d{6}$/);
      expect(order.order_details.cart.items[0]).toMatchObject({
        sku: 'RENEW-1M',
        quantity: 3,
        ticket: [current?._id],
      });
      const report = (await t.post(session, '/v1/admin/shift_report')).json<ShiftReport>();
      expect(report.orders.count).toBe(2);
    });

    it('puts the expiry back when the renewal is refunded; the membership order cannot be refunded while renewed', async () => {
      const before = (
        await t.post(session, '/v1/lookup_membership', { email: MEMBER.email })
      ).json<LookupMembershipResponse>();
      const ticketId = before.tickets[0]?._id ?? '';
      const membershipOrder = before.orders.find(
        (order) => order.order_details.cart.items[0]?.sku === 'MEMBER-1M',
      );
      const renewal = (await renew(renewalBody(1))).json<RenewMembershipResponse>();
      expect(renewal.ticket.expiry).toBe('2027-04-21T16:00:00.000Z');

      const blocked = await refund(membershipOrder?.invoice?._id);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().message).toBe(
        'This membership was renewed since: refund or cancel that renewal first',
      );
      const earlier = before.orders.find((order) => order.order_details.cart.items[0]?.sku === 'RENEW-1M');
      const notLatest = await refund(earlier?.invoice?._id);
      expect(notLatest.statusCode).toBe(409);
      expect(notLatest.json().message).toBe(
        'This membership was renewed again since: refund or cancel the later renewal first',
      );

      expect((await refund(renewal.order.invoice?._id)).statusCode).toBe(200);
      expect(await expiryOf(ticketId)).toBe('2027-03-21T16:00:00.000Z');
      expect((await t.post(session, '/v1/admin/get_ticket', { ticket_id: ticketId })).json().status).toBe(
        'Valid',
      );
    });

    it('takes split tenders like a sale: change in cash, each method counted in the shift, never more change than cash', async () => {
      const before = (await t.post(session, '/v1/admin/shift_report')).json<ShiftReport>();
      const body = renewalBody(1);
      const split = await renew({
        ...body,
        payment: {
          methods: [
            { type: 'CASH', amount: 50 },
            { type: 'CREDIT CARD', amount: 100 },
          ],
          change: 30,
        },
      });
      expect(split.statusCode).toBe(200);
      expect(split.json<RenewMembershipResponse>().order.payment).toEqual({
        methods: [
          { type: 'CASH', amount: 50 },
          { type: 'CREDIT CARD', amount: 100 },
        ],
        change: 30,
      });
      const after = (await t.post(session, '/v1/admin/shift_report')).json<ShiftReport>();
      expect(fromRinggit(after.sales.cash) - fromRinggit(before.sales.cash)).toBe(2000); // 50 less 30 change
      expect(fromRinggit(after.sales.card) - fromRinggit(before.sales.card)).toBe(10000);

      const tooMuchChange = {
        ...body,
        payment: {
          methods: [
            { type: 'CASH' as const, amount: 10 },
            { type: 'CREDIT CARD' as const, amount: 150 },
          ],
          change: 40,
        },
      };
      await expectRenewError(
        tooMuchChange,
        422,
        'Change is given in cash: only the cash amount may be more than the total',
      );
      await expectRenewError(
        { ...body, payment: { methods: [{ type: 'CASH', amount: 150 }], change: 0 } },
        409,
        'Change does not match the payment: it is RM 30.00',
      );
    });

    it('issues a new membership ticket from today for a member without one', async () => {
      const newcomer = { ...MEMBER, name: 'Raj Kumar', email: 'raj@example.com' };
      const response = await renew(renewalBody(2, { member: newcomer, type: 'E-WALLET' }));
      expect(response.statusCode).toBe(200);
      const { ticket, order } = response.json<RenewMembershipResponse>();
      expect(ticket).toMatchObject({
        date: '2026-11-21T16:00:00.000Z',
        expiry: '2027-01-21T16:00:00.000Z',
        member: { _id: 'raj@example.com', name: 'Raj Kumar' },
        pass: { sku: 'RENEW-1M', usage_limit: 0 },
      });
      expect(order.tickets).toEqual([ticket._id]);
      const lookup = (
        await t.post(session, '/v1/lookup_membership', { email: 'raj@example.com' })
      ).json<LookupMembershipResponse>();
      expect(lookup.tickets.map((listed) => listed._id)).toEqual([ticket._id]);
    });

    it('extends an expired membership from today', async () => {
      const lapsed = { ...MEMBER, name: 'Siti', email: 'siti@example.com' };
      clock.set('2026-08-01T02:00:00.000Z');
      const bought = await sell(
        t,
        await t.signIn(CASHIER),
        checkoutBody(
          [cartItem('MEMBER-1M', 1, clock(), { member: { type: 'Adult', sku: 'MEMBER-1M', ...lapsed } })],
          { email: lapsed.email },
        ),
      );
      clock.set(NOW);
      expect(bought.tickets[0]?.expiry).toBe('2026-08-31T16:00:00.000Z');
      const { ticket } = (await renew(renewalBody(1, { member: lapsed }))).json<RenewMembershipResponse>();
      expect(ticket).toMatchObject({ _id: bought.tickets[0]?._id, expiry: '2026-12-21T16:00:00.000Z' });
    });

    it('answers the first result for the same key without renewing twice', async () => {
      const key = randomUUID();
      const body = renewalBody(1);
      const first = await renew(body, key);
      const again = await renew(body, key);
      expect(again.json()).toEqual(first.json());
      const ticketId = first.json<RenewMembershipResponse>().ticket._id;
      expect(await expiryOf(ticketId)).toBe(first.json<RenewMembershipResponse>().ticket.expiry);
    });

    it('refuses what the Renewal Checkout form refuses, with its messages (422)', async () => {
      await expectRenewError(renewalBody(13), 422, 'Quantity must be from 1 to 12');
      await expectRenewError(renewalBody(1, { type: 'GIFT CARD' }), 422, 'GIFT CARD is not available');
      await expectRenewError(
        renewalBody(1, { member: { ...MEMBER, name: '' } }),
        400,
        'Invalid items.0.member.name: Name is required!',
      );
      await expectRenewError(
        renewalBody(1, { member: { ...MEMBER, phone: { country_code: '65', number: '123456789' } } }),
        422,
        'Only country code 60 is supported',
      );
      await expectRenewError(
        renewalBody(1, { member: { ...MEMBER, dob: '2027-01-01' } }),
        422,
        'Birth date cannot be in the future',
      );
      const { member: _member, ...withoutMember } = renewalBody(1).items[0] ?? cartItem('RENEW-1M');
      await expectRenewError({ ...renewalBody(1), items: [withoutMember] }, 422, 'Name is required!');
    });

    it('refuses a cart that is not exactly one Membership Renewal, paid with no tender or a payment type twice', async () => {
      const body = renewalBody(1);
      await expectRenewError(
        { ...body, items: [...body.items, cartItem('GRIP-M')] },
        422,
        'A renewal has exactly one Membership Renewal item',
      );
      await expectRenewError(
        { ...checkoutBody([cartItem('MEMBER-1M', 1, clock())], { email: MEMBER.email }) },
        422,
        'MEMBER-1M is not a Membership Renewal',
      );
      await expectRenewError(
        {
          ...body,
          payment: {
            methods: [
              { type: 'CASH', amount: 60 },
              { type: 'CASH', amount: 60 },
            ],
            change: 0,
          },
        },
        422,
        'CASH is given twice: enter one amount per payment type',
      );
      await expectRenewError(
        { ...body, payment: { methods: [], change: 0 } },
        422,
        'A renewal is paid with at least one payment type',
      );
      const item = body.items[0] ?? cartItem('RENEW-1M');
      await expectRenewError(
        {
          ...body,
          items: [
            { ...item, discount: { type: 'amount', value: 10, amount: 10, approver: 'x', approval: 'y' } },
          ],
        },
        422,
        'A renewal cannot be discounted',
      );
    });

    it("refuses a short payment ('Payment is short by RM 10.00') and totals or prices that do not match (409)", async () => {
      await expectRenewError(renewalBody(1, { amount: 110 }), 422, 'Payment is short by RM 10.00');
      await expectRenewError(
        { ...renewalBody(2), num_items: 1 },
        409,
        'Number of items does not match the items: it is 2',
      );
      await expectRenewError(
        {
          ...renewalBody(2),
          subtotal: 120,
          payment: { methods: [{ type: 'CASH', amount: 240 }], change: 120 },
        },
        409,
        'Subtotal does not match the items: it is RM 240.00',
      );
      const body = renewalBody(1);
      const item = body.items[0] ?? cartItem('RENEW-1M');
      await expectRenewError(
        { ...body, items: [{ ...item, price: { value: 100 } }] },
        409,
        'Price changed for RENEW-1M',
      );
    });

    it("answers 409 'No open shift' on a terminal without one", async () => {
      const elsewhere = await t.signIn(CASHIER, { host: 'TICKET05' });
      const response = await renew(renewalBody(1), randomUUID(), elsewhere);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('No open shift');
    });
  });
});

describeOnEngines('membership renewals at the same moment', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 720 } });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  /** Sends the same 1-month renewal for `member` `count` times at once, each with its own Idempotency-Key. */
  const renewAtOnce = (member: CartMember, count: number) =>
    Promise.all(
      Array.from({ length: count }, () =>
        t.inject({
          method: 'POST',
          url: '/v1/renew_membership',
          payload: renewalBody(1, { member }) as unknown as Record<string, unknown>,
          headers: { ...session.headers, 'idempotency-key': randomUUID() },
        }),
      ),
    );
  const membershipTickets = (email: string) =>
    t.db
      .selectFrom('tickets')
      .innerJoin('members', 'members.id', 'tickets.member_id')
      .select(['tickets.id', 'tickets.expires_at'])
      .where('members.email', '=', email)
      .where('tickets.category', '=', 'Membership')
      .execute();

  it('issues exactly one membership ticket to a member without one, extended by each of 5 renewals sent at once', async () => {
    const newcomer = { ...MEMBER, name: 'Ahmad', email: 'ahmad@example.com' };
    const answers = await renewAtOnce(newcomer, 5);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const tickets = await membershipTickets(newcomer.email);
    expect(tickets).toHaveLength(1);
    // Issued today for 1 month, then extended 4 times by 1 month: 5 months from today.
    expect(tickets[0]?.expires_at).toBe('2027-04-21T16:00:00.000Z');
    const ids = new Set(answers.map((answer) => answer.json<RenewMembershipResponse>().ticket._id));
    expect([...ids]).toEqual([tickets[0]?.id]);
    const renewals = await t.db
      .selectFrom('membership_renewals')
      .select(['previous_expires_at', 'new_expires_at'])
      .where('ticket_id', '=', tickets[0]?.id ?? '')
      .orderBy('new_expires_at')
      .execute();
    expect(renewals.map((renewal) => renewal.previous_expires_at)).toEqual([
      null,
      '2026-12-21T16:00:00.000Z',
      '2027-01-21T16:00:00.000Z',
      '2027-02-21T16:00:00.000Z',
      '2027-03-21T16:00:00.000Z',
    ]);
  });

  it('extends a current membership once per renewal when 5 arrive at once', async () => {
    const holder = { ...MEMBER, name: 'Chen', email: 'chen@example.com' };
    const bought = await sell(
      t,
      session,
      checkoutBody(
        [cartItem('MEMBER-1M', 1, clock(), { member: { type: 'Adult', sku: 'MEMBER-1M', ...holder } })],
        { email: holder.email },
      ),
    );
    const answers = await renewAtOnce(holder, 5);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const tickets = await membershipTickets(holder.email);
    expect(tickets).toEqual([{ id: bought.tickets[0]?._id, expires_at: '2027-05-21T16:00:00.000Z' }]);
  });
});
