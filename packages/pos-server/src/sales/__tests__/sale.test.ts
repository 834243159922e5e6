import { randomUUID } from 'node:crypto';
import type { Receipt } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  MEMBER,
  openShift,
  postCheckout,
  sell,
  staffId,
} from '../../__tests__/support/saleSupport';
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
/** Start of that venue day, and of the next. */
const DAY_START = '2026-11-21T16:00:00.000Z';
const NEXT_DAY_START = '2026-11-22T16:00:00.000Z';

const countRows = async (t: TestApp, table: 'orders' | 'tickets' | 'invoices') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeOnEngines('checkout', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);
  const now = () => clock();

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  });
  afterAll(async () => {
    await t.close();
  });

  const expectError = async (body: unknown, status: number, message: string) => {
    const response = await postCheckout(t, session, body);
    expect(response.json()).toMatchObject({ message });
    expect(response.statusCode).toBe(status);
    return response;
  };

  it('sells passes and merchandise with mixed tenders: one order, an invoice, one ticket per pass unit', async () => {
    const items = [cartItem('DAY-ADULT', 2, now()), cartItem('GRIP-M', 1, now())];
    const body = checkoutBody(items, {
      tenders: [
        ['CREDIT CARD', 50],
        ['CASH', 100],
      ],
    });
    const response = await postCheckout(t, session, body);
    expect(response.statusCode).toBe(200);
    const { order, tickets } = response.json<Receipt>();
    expect(order).toMatchObject({
      status: 'PAID',
      total_amount: 113,
      currency: 'MYR',
      origin: 'STORE',
      terminal: 'TICKET01',
      staff: 'Ana Cashier',
      date: NOW,
      order_details: { customer: { email: '' }, cart: { subtotal: 113, discount: 0 } },
      payment: {
        methods: [
          { type: 'CREDIT CARD', amount: 50 },
          { type: 'CASH', amount: 100 },
        ],
        change: 37,
      },
      notes: [],
    });
    expect(order.invoice?._id).toMatch(/^STORE-\d{6}$/);
    const [pass, socks] = order.order_details.cart.items;
    expect(pass).toMatchObject({
      sku: 'DAY-ADULT',
      quantity: 2,
      price: { value: 49 },
      amount: 98,
      visit_date: DAY_START,
    });
    expect(socks).toMatchObject({
      sku: 'GRIP-M',
      category: 'Merchandise',
      group: 'M',
      amount: 15,
      ticket: [],
    });
    expect(pass?.ticket).toHaveLength(2);
    expect(order.tickets).toEqual(pass?.ticket);
    expect(tickets.map((ticket) => ticket._id).sort()).toEqual([...(pass?.ticket ?? [])].sort());
    for (const ticket of tickets) {
      expect(ticket._id).toMatch(/^T[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(ticket).toMatchObject({
        date: DAY_START,
        expiry: NEXT_DAY_START,
        status: 'Valid',
        display_status: 'Active',
        used: [],
        allow_redeem: true,
        order: { _id: order._id, invoice: { _id: order.invoice?._id } },
        pass: { name: 'Day Pass', sku: 'DAY-ADULT', visit_date: DAY_START, usage_limit: 1, quantity: 1 },
        member: null,
        face: null,
      });
    }
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'amount_sen'])
      .where('subject_id', '=', order._id)
      .execute();
    expect(audit).toEqual([{ action: 'order.paid', amount_sen: 11300 }]);
  });

  it('issues a 1 Day pass for the venue day (the venue time zone, not UTC), expiring at its end', async () => {
    // 00:30 on 23 November in Kuala Lumpur is still 22 November in UTC.
    clock.set('2026-11-22T16:30:00.000Z');
    try {
      const late = await t.signIn(CASHIER);
      const { tickets } = await sell(t, late, checkoutBody([cartItem('DAY-CHILD', 1, now())]));
      expect(tickets[0]).toMatchObject({
        date: NEXT_DAY_START,
        expiry: '2026-11-23T16:00:00.000Z',
        pass: { visit_date: NEXT_DAY_START },
        display_status: 'Active',
      });
    } finally {
      clock.set(NOW);
    }
  });

  it('sells a pass for a visit up to 365 days ahead, and refuses a later one (year 9999 too) with 400', async () => {
    // 22 November 2027 in Kuala Lumpur is the 365th day after 22 November 2026.
    const lastDay = '2027-11-21T16:00:00.000Z';
    const { tickets } = await sell(
      t,
      session,
      checkoutBody([cartItem('DAY-ADULT', 1, now(), { visit_date: lastDay })]),
    );
    expect(tickets[0]).toMatchObject({ date: lastDay, expiry: '2027-11-22T16:00:00.000Z' });

    const message =
      'The visit date must be from today up to 365 days ahead (passes are sold for that window)';
    for (const visitDate of [
      '2027-11-22T16:00:00.000Z',
      '9999-12-31T00:00:00+08:00',
      '9999-12-31T23:59:59-14:00',
    ]) {
      const before = await countRows(t, 'orders');
      const response = await expectError(
        checkoutBody([cartItem('BOTTLE-750'), cartItem('DAY-ADULT', 1, now(), { visit_date: visitDate })]),
        400,
        message,
      );
      expect(response.json().details).toEqual([{ path: 'items.1.visit_date', message }]);
      expect(await countRows(t, 'orders')).toBe(before);
    }
  });

  it('sells a pass with a visit date already past (a cart left from yesterday, or year 0000) for today', async () => {
    for (const visitDate of ['2026-11-20T16:00:00.000Z', '0000-01-01T00:00:00+14:00']) {
      const { tickets } = await sell(
        t,
        session,
        checkoutBody([cartItem('DAY-ADULT', 1, now(), { visit_date: visitDate })]),
      );
      expect(tickets[0]).toMatchObject({ date: DAY_START, pass: { visit_date: DAY_START } });
    }
  });

  it('issues a 10 Punch Day Pass with its 10 uses, valid 6 months, and needs the customer email', async () => {
    const items = [cartItem('PUNCH-10', 1, now())];
    await expectError(
      checkoutBody(items),
      422,
      'Order contained item with multiple punches or membership, customer email is required!',
    );
    const { order, tickets } = await sell(t, session, checkoutBody(items, { email: 'Punch@Example.com' }));
    expect(order.order_details.customer.email).toBe('Punch@Example.com');
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      pass: { usage_limit: 10 },
      date: DAY_START,
      expiry: '2027-05-21T16:00:00.000Z',
    });
  });

  it('sells a membership to the member on the item: the ticket carries the member, who is saved', async () => {
    const { order, tickets } = await sell(
      t,
      session,
      checkoutBody([cartItem('MEMBER-1M', 1, now())], { email: MEMBER.email }),
    );
    expect(tickets[0]).toMatchObject({
      expiry: '2026-12-21T16:00:00.000Z',
      pass: { usage_limit: 0 },
      member: { name: MEMBER.name, _id: MEMBER.email, dob: MEMBER.dob, phone: MEMBER.phone },
    });
    expect(order.order_details.cart.items[0]?.member).toMatchObject({
      name: MEMBER.name,
      email: MEMBER.email,
    });
    const member = await t.db
      .selectFrom('members')
      .selectAll()
      .where('email', '=', MEMBER.email)
      .executeTakeFirst();
    expect(member).toMatchObject({ name: MEMBER.name, phone_country_code: '60', dob: MEMBER.dob });
  });

  it('numbers invoices sequentially per store', async () => {
    const first = await sell(t, session, checkoutBody([cartItem('BOTTLE-750', 1, now())]));
    const second = await sell(t, session, checkoutBody([cartItem('BOTTLE-750', 1, now())]));
    const number = (receipt: Receipt) => Number(receipt.order.invoice?._id.slice('STORE-'.length));
    expect(number(second)).toBe(number(first) + 1);
  });

  it('sells a pass from a cart left over from yesterday as a pass for today', async () => {
    const stale = cartItem('DAY-ADULT', 1, new Date('2026-11-20T02:00:00.000Z'));
    const { tickets } = await sell(t, session, checkoutBody([stale]));
    expect(tickets[0]).toMatchObject({ date: DAY_START, display_status: 'Active' });
  });

  it("refuses a renewal: 'Membership renewal needs to be process independently.'", async () => {
    await expectError(
      checkoutBody([cartItem('RENEW-1M', 1, now())], { email: MEMBER.email }),
      422,
      'Membership renewal needs to be process independently.',
    );
  });

  it("refuses a second membership: 'Only 1 membership item is allowed in the cart!'", async () => {
    const product = randomUUID();
    await t.db
      .insertInto('pass_products')
      .values({ id: product, store: 'STORE', name: 'Yearly Membership', category: 'Membership', position: 9 })
      .execute();
    const variant = randomUUID();
    await t.db
      .insertInto('pass_variants')
      .values({
        id: variant,
        product_id: product,
        store: 'STORE',
        sku: 'MEMBER-1Y',
        variant_group: 'Adult',
        min_qty: 1,
        usage_limit: 0,
        duration_value: 1,
        duration_unit: 'Year',
        position: 1,
      })
      .execute();
    await t.db
      .insertInto('pass_prices')
      .values({ variant_id: variant, currency: 'MYR', value_sen: 99000, position: 1 })
      .execute();
    const yearly = {
      ...cartItem('MEMBER-1M', 1, now()),
      sku: 'MEMBER-1Y',
      name: 'Yearly Membership',
      duration: { value: 1, unit: 'Year' },
      price: { value: 990, currency: 'MYR' as const },
    };
    await expectError(
      checkoutBody([cartItem('MEMBER-1M', 1, now()), yearly], { email: MEMBER.email }),
      422,
      'Only 1 membership item is allowed in the cart!',
    );
    const { tickets } = await sell(t, session, checkoutBody([yearly], { email: MEMBER.email }));
    expect(tickets[0]?.expiry).toBe('2027-11-21T16:00:00.000Z');
  });

  it("refuses a membership of more than one: 'Membership passes can only have quantity of 1'", async () => {
    await expectError(
      checkoutBody([cartItem('MEMBER-1M', 2, now())], { email: MEMBER.email }),
      422,
      'Membership passes can only have quantity of 1',
    );
  });

  it("refuses less than min_qty: 'Quantity for Group Day Pass has to be at least 5'", async () => {
    await expectError(
      checkoutBody([cartItem('GROUP-5', 3, now())]),
      422,
      'Quantity for Group Day Pass has to be at least 5',
    );
    const { tickets } = await sell(t, session, checkoutBody([cartItem('GROUP-5', 5, now())]));
    expect(tickets).toHaveLength(5);
  });

  it('refuses a membership without its member, or with a member the renewal form refuses (422)', async () => {
    const { member: _member, ...withoutMember } = cartItem('MEMBER-1M', 1, now());
    await expectError(
      checkoutBody([withoutMember], { email: MEMBER.email }),
      422,
      "A membership needs the member's details: name, email, birth date and phone",
    );
    const abroad = cartItem('MEMBER-1M', 1, now(), {
      member: { ...MEMBER, phone: { country_code: '61', number: '123456789' } },
    });
    const response = await expectError(
      checkoutBody([abroad], { email: MEMBER.email }),
      422,
      'Only country code 60 is supported',
    );
    expect(response.json().details).toEqual([
      { path: 'items.0.member.country_code', message: 'Only country code 60 is supported' },
    ]);
    const unborn = cartItem('MEMBER-1M', 1, now(), { member: { ...MEMBER, dob: '2030-01-01' } });
    await expectError(
      checkoutBody([unborn], { email: MEMBER.email }),
      422,
      'Birth date cannot be in the future',
    );
  });

  it("answers 409 'Price changed for DAY-ADULT' for a price that is not the catalogue's", async () => {
    const item = cartItem('DAY-ADULT', 1, now(), { price: { value: 45, currency: 'MYR' } });
    await expectError(checkoutBody([item]), 409, 'Price changed for DAY-ADULT');
  });

  it('answers 409 for an sku not sold (unknown or inactive) and for a line that is not the catalogue item', async () => {
    await expectError(
      checkoutBody([{ ...cartItem('DAY-ADULT', 1, now()), sku: 'NOPE' }]),
      409,
      'NOPE is not sold any more: reload the catalogue',
    );
    await expectError(
      checkoutBody([{ ...cartItem('DAY-ADULT', 1, now()), name: 'Night Pass' }]),
      409,
      'DAY-ADULT has changed: reload the catalogue',
    );
    await expectError(
      checkoutBody([{ ...cartItem('DAY-ADULT', 1, now()), usage_limit: 5 }]),
      409,
      'DAY-ADULT has changed: reload the catalogue',
    );
    await expectError(
      checkoutBody([{ ...cartItem('GRIP-M', 1, now()), type: 'PASS' }]),
      409,
      'GRIP-M is not sold any more: reload the catalogue',
    );
    await t.db.updateTable('merch_variants').set({ active: 0 }).where('sku', '=', 'GRIP-L').execute();
    await expectError(
      checkoutBody([cartItem('GRIP-L', 1, now())]),
      409,
      'GRIP-L is not sold any more: reload the catalogue',
    );
  });

  it('answers 409 when num_items or subtotal do not match the items', async () => {
    const body = checkoutBody([cartItem('DAY-ADULT', 2, now())]);
    await expectError({ ...body, num_items: 3 }, 409, 'Number of items does not match the items: it is 2');
    await expectError(
      { ...body, subtotal: 90, payment: { methods: [{ type: 'CASH', amount: 98 }], change: 8 } },
      409,
      'Subtotal does not match the items: it is RM 98.00',
    );
  });

  it("refuses a short payment: 'Payment is short by RM 9.00'", async () => {
    const body = checkoutBody([cartItem('DAY-ADULT', 1, now())], { tenders: [['CASH', 40]] });
    const response = await expectError(body, 422, 'Payment is short by RM 9.00');
    expect(response.json()).toMatchObject({ code: 'rule', details: { title: 'Insufficient Amount' } });
  });

  it("refuses GIFT CARD: 'GIFT CARD is not available'", async () => {
    await expectError(
      checkoutBody([cartItem('DAY-ADULT', 1, now())], { tenders: [['GIFT CARD', 49]] }),
      422,
      'GIFT CARD is not available',
    );
  });

  it('answers 409 when the change is not paid − subtotal, and 422 when change would come from a card', async () => {
    const body = checkoutBody([cartItem('DAY-ADULT', 1, now())], { tenders: [['CASH', 50]] });
    await expectError(
      { ...body, payment: { ...body.payment, change: 0 } },
      409,
      'Change does not match the payment: it is RM 1.00',
    );
    await expectError(
      checkoutBody([cartItem('DAY-ADULT', 1, now())], { tenders: [['CREDIT CARD', 60]] }),
      422,
      'Change is given in cash: only the cash amount may be more than the total',
    );
  });

  it('answers 400 with the fields for a body that breaks the contract, and for another origin', async () => {
    const response = await postCheckout(t, session, { ...checkoutBody([cartItem('DAY-ADULT', 0, now())]) });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ path: 'items.0.quantity', message: expect.any(String) });
    const bad = await postCheckout(t, session, {
      ...checkoutBody([cartItem('DAY-ADULT', 1, now())]),
      email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    await expectError(
      { ...checkoutBody([cartItem('DAY-ADULT', 1, now())]), origin: 'OTHER' },
      400,
      'Unknown store OTHER',
    );
    const twice = [cartItem('DAY-ADULT', 1, now()), cartItem('DAY-ADULT', 1, now())];
    await expectError(checkoutBody(twice), 400, 'DAY-ADULT is in the cart twice: send one line per item');
  });

  it("answers 409 'No open shift' on a terminal without an open shift", async () => {
    const other = await t.signIn(CASHIER, { host: 'TICKET09' });
    const response = await postCheckout(t, other, checkoutBody([cartItem('DAY-ADULT', 1, now())]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'No open shift', code: 'conflict' });
  });

  it('answers 403 without a token', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/v1/checkout',
      payload: checkoutBody([cartItem('DAY-ADULT', 1, now())]),
    });
    expect(response.statusCode).toBe(403);
  });

  describe('discounts', () => {
    it('sells with a PIN-approved percentage discount recomputed by the server, and records the approver', async () => {
      const approval = await approve(t, session);
      const item = discounted(cartItem('DAY-ADULT', 2, now()), { type: 'percentage', value: 10 }, approval);
      expect(item.discount?.amount).toBe(9.8);
      const { order } = await sell(t, session, checkoutBody([item]));
      expect(order).toMatchObject({
        total_amount: 88.2,
        order_details: { cart: { subtotal: 98, discount: 9.8 } },
      });
      expect(order.order_details.cart.items[0]).toMatchObject({
        amount: 88.2,
        discount: {
          type: 'percentage',
          value: 10,
          amount: 9.8,
          approver: approval.approver,
          approver_name: 'Max Manager',
        },
      });
      expect(order.order_details.cart.items[0]?.discount?.approval).toBeUndefined();
      const used = await t.db
        .selectFrom('audit_log')
        .select(['subject_id', 'amount_sen'])
        .where('action', '=', 'approval.used')
        .execute();
      expect(used).toEqual([{ subject_id: approval.approver, amount_sen: 980 }]);
    });

    it("refuses a used approval, a missing one and another approver's: 'Discount needs approval'", async () => {
      const approval = await approve(t, session);
      const item = discounted(cartItem('DAY-CHILD', 1, now()), { type: 'amount', value: 5 }, approval);
      await sell(t, session, checkoutBody([item]));
      await expectError(checkoutBody([item]), 422, 'Discount needs approval');
      const { approval: _token, ...withoutApproval } = item.discount ?? { approval: '' };
      await expectError(
        checkoutBody([{ ...item, discount: withoutApproval as typeof item.discount }]),
        422,
        'Discount needs approval',
      );
      const fresh = await approve(t, session);
      const cashierId = await staffId(t, CASHIER);
      await expectError(
        checkoutBody([
          { ...item, discount: { ...item.discount!, approval: fresh.approval, approver: cashierId } },
        ]),
        422,
        'Discount needs approval',
      );
    });

    it("answers 409 'Discount changed for DAY-ADULT' and 422 for a discount the rule refuses", async () => {
      const approval = await approve(t, session, MANAGER);
      const item = discounted(cartItem('DAY-ADULT', 1, now()), { type: 'amount', value: 5 }, approval);
      await expectError(
        checkoutBody([{ ...item, discount: { ...item.discount!, amount: 4 } }]),
        409,
        'Discount changed for DAY-ADULT',
      );
      const tooMuch = { ...item, discount: { ...item.discount!, value: 60, amount: 60 } };
      await expectError(
        checkoutBody([tooMuch], { tenders: [['CASH', 0]] }),
        422,
        'Discount cannot exceed the item amount',
      );
      const over100 = {
        ...item,
        discount: { ...item.discount!, type: 'percentage' as const, value: 120, amount: 58.8 },
      };
      await expectError(
        checkoutBody([over100], { tenders: [['CASH', 0]] }),
        422,
        'Percentage discount cannot be more than 100%',
      );
    });

    it('keeps the approval usable when the sale fails (it is used in the same transaction)', async () => {
      const approval = await approve(t, session);
      const item = discounted(cartItem('DAY-ADULT', 1, now()), { type: 'amount', value: 9 }, approval);
      const short = checkoutBody([item], { tenders: [['CASH', 10]] });
      await expectError(short, 422, 'Payment is short by RM 30.00');
      const { order } = await sell(t, session, checkoutBody([item]));
      expect(order.total_amount).toBe(40);
    });
  });

  describe('idempotency', () => {
    it('answers the first receipt for the same key and body, without a second order', async () => {
      const key = randomUUID();
      const body = checkoutBody([cartItem('DAY-ADULT', 1, now())]);
      const before = await countRows(t, 'orders');
      const first = await postCheckout(t, session, body, key);
      const again = await postCheckout(t, session, body, key);
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await countRows(t, 'orders')).toBe(before + 1);
    });

    it('answers 409 for the same key with another body', async () => {
      const key = randomUUID();
      await postCheckout(t, session, checkoutBody([cartItem('DAY-ADULT', 1, now())]), key);
      const other = await postCheckout(t, session, checkoutBody([cartItem('DAY-CHILD', 1, now())]), key);
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe('This Idempotency-Key was already used for a different request');
    });

    it('lets a refused attempt be retried with the same key', async () => {
      const key = randomUUID();
      const short = checkoutBody([cartItem('DAY-ADULT', 1, now())], { tenders: [['CASH', 10]] });
      expect((await postCheckout(t, session, short, key)).statusCode).toBe(422);
      expect((await postCheckout(t, session, short, key)).statusCode).toBe(422);
    });
  });
});
