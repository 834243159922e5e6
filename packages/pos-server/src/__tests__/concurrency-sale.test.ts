import { randomUUID } from 'node:crypto';
import { addToDate, startOfVenueDate, venueDate } from 'pos-sdk';
import type { Receipt } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  MEMBER,
  openShift,
  postCheckout,
  sell,
  TZ,
} from './support/saleSupport';
import { CASHIER, createTestApp, describeOnEngines, type TestApp, type TestSession } from './support/testApp';

const PARALLEL = 10;

const statuses = (responses: { statusCode: number }[]) =>
  responses.map((response) => response.statusCode).sort((a, b) => a - b);

describeOnEngines('concurrency: sales, redeems and refunds at the same moment', (engine) => {
  let t: TestApp;
  let session: TestSession;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
  });
  afterAll(async () => {
    await t.close();
  });

  const redeem = (id: string) => t.post(session, `/v2/check_ticket_redeem/${id}`);

  it('lets exactly one of 10 gates redeem the last use of a ticket; the other 9 get 409', async () => {
    const { tickets } = await sell(t, session, checkoutBody([cartItem('DAY-ADULT')]));
    const id = tickets[0]?._id ?? '';
    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => redeem(id)));
    expect(statuses(responses)).toEqual([200, ...Array(PARALLEL - 1).fill(409)]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ message: 'Ticket is Fully Used', code: 'conflict' });
    }
    const uses = await t.db
      .selectFrom('ticket_uses')
      .select('use_number')
      .where('ticket_id', '=', id)
      .execute();
    expect(uses).toEqual([{ use_number: 1 }]);
  });

  it('gives 15 gates at once exactly the 10 uses of a 10 Punch Day Pass', async () => {
    const { tickets } = await sell(
      t,
      session,
      checkoutBody([cartItem('PUNCH-10')], { email: 'punch@example.com' }),
    );
    const id = tickets[0]?._id ?? '';
    const responses = await Promise.all(Array.from({ length: 15 }, () => redeem(id)));
    expect(statuses(responses)).toEqual([...Array(10).fill(200), ...Array(5).fill(409)]);
    const uses = await t.db
      .selectFrom('ticket_uses')
      .select('use_number')
      .where('ticket_id', '=', id)
      .orderBy('use_number')
      .execute();
    expect(uses.map((use) => use.use_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // One audit entry per use won, none for the five refused (on PostgreSQL the use and its entry are one statement).
    const audited = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'ticket.redeemed')
      .where('subject_id', '=', id)
      .execute();
    expect(audited.map((row) => JSON.parse(row.details ?? '{}').use_number).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('makes one order of 10 identical checkouts sent at once with one Idempotency-Key', async () => {
    const key = randomUUID();
    const body = checkoutBody([cartItem('DAY-CHILD', 2)]);
    const before = await t.db.selectFrom('orders').select('id').execute();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => postCheckout(t, session, body, key)),
    );
    expect(statuses(responses)).toEqual(Array(PARALLEL).fill(200));
    const orderIds = new Set(responses.map((response) => response.json<Receipt>().order._id));
    expect(orderIds.size).toBe(1);
    const after = await t.db.selectFrom('orders').select('id').execute();
    expect(after).toHaveLength(before.length + 1);
    const [orderId] = orderIds;
    const tickets = await t.db
      .selectFrom('tickets')
      .select('id')
      .where('order_id', '=', orderId ?? '')
      .execute();
    expect(tickets).toHaveLength(2);
  });

  it('lets one discount approval be used by only one of several checkouts sent at once', async () => {
    const approval = await approve(t, session);
    const item = discounted(cartItem('DAY-ADULT'), { type: 'amount', value: 9 }, approval);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => postCheckout(t, session, checkoutBody([item]), randomUUID())),
    );
    expect(statuses(responses)).toEqual([200, 422, 422, 422, 422]);
  });

  it('numbers invoices of parallel sales without duplicates or gaps', async () => {
    const receipts = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        postCheckout(t, session, checkoutBody([cartItem('BOTTLE-750')]), randomUUID()),
      ),
    );
    const numbers = receipts
      .map((response) => Number(response.json<Receipt>().order.invoice?._id.slice('STORE-'.length)))
      .sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: PARALLEL }, (_, index) => first + index));
  });

  it('extends a membership by exactly the renewals that succeed when several are sent at once', async () => {
    const member = { ...MEMBER, email: 'parallel@example.com' };
    const { tickets } = await sell(
      t,
      session,
      checkoutBody(
        [cartItem('MEMBER-1M', 1, new Date(), { member: { type: 'Adult', sku: 'MEMBER-1M', ...member } })],
        {
          email: member.email,
        },
      ),
    );
    const bought = tickets[0];
    const renewal = checkoutBody(
      [cartItem('RENEW-1M', 1, new Date(), { member: { type: 'Adult', sku: 'RENEW-1M', ...member } })],
      {
        email: member.email,
      },
    );
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        postCheckout(t, session, renewal, randomUUID(), '/v1/renew_membership'),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200).length;
    expect(succeeded).toBeGreaterThanOrEqual(1);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
    }
    const row = await t.db
      .selectFrom('tickets')
      .select('expires_at')
      .where('id', '=', bought?._id ?? '')
      .executeTakeFirstOrThrow();
    const expected = startOfVenueDate(
      addToDate(venueDate(bought?.expiry ?? '', TZ), { value: succeeded, unit: 'Month' }),
      TZ,
    );
    expect(row.expires_at).toBe(expected.toISOString());
  });

  it('refunds an order once when refunds are sent at once (the others 409)', async () => {
    const { order } = await sell(t, session, checkoutBody([cartItem('DAY-ADULT')]));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.inject({
          method: 'POST',
          url: '/v1/admin/refund_order',
          payload: { invoice_id: order.invoice?._id, message: 'Twice?' },
          headers: { ...session.headers, 'idempotency-key': randomUUID() },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([200, 409, 409, 409, 409]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', order._id)
      .where('action', '=', 'order.refunded')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
