import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Receipt, ShiftReport } from 'pos-sdk/contract';
import { addToDate, startOfVenueDate, venueDate } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedOrWaitingFor, firstWaiterOf, withLockHeld } from './support/pgLocks';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  MEMBER,
  openShift,
  ordersCount,
  postCheckout,
  sell,
  TZ,
} from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  MANAGER,
  PG_TEST_URL,
  type TestApp,
  type TestSession,
} from './support/testApp';

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
    // Each renewal that succeeded extended the expiry the one before it left, by a month: one after another, so a
    // month that lacks the day clamps it for the renewals after (29 Jan, 28 Feb, 28 Mar), as at the till.
    let expected = venueDate(bought?.expiry ?? '', TZ);
    for (let renewed = 0; renewed < succeeded; renewed += 1) {
      expected = addToDate(expected, { value: 1, unit: 'Month' });
    }
    expect(row.expires_at).toBe(startOfVenueDate(expected, TZ).toISOString());
  });

  it('adds float entries sent at once, or answers 409 try again: never a 500', async () => {
    const shift = await t.db
      .selectFrom('shifts')
      .select('id')
      .where('closed_at', 'is', null)
      .executeTakeFirstOrThrow();
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('float_entries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('shift_id', '=', shift.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => t.post(session, '/v1/admin/set_float', { float: 10 })),
    );
    for (const response of responses) {
      expect([200, 409]).toContain(response.statusCode);
      if (response.statusCode === 409) {
        expect(response.json()).toEqual({
          message: 'Someone else changed this at the same moment. Please try again.',
          code: 'conflict',
        });
      }
    }
    const added = responses.filter((response) => response.statusCode === 200).length;
    expect(added).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(before + added);
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

/**
 * PostgreSQL runs transactions side by side (READ COMMITTED): a sale that has found its terminal's shift open must not
 * be booked into it after end_shift has closed it and added up its report, or the report (and the drawer's expected
 * cash) leaves that sale out. SQLite runs one write transaction at a time, so there the two cannot overlap at all.
 *
 * The sale is held between its read of the shift and its write by a lock on the store's invoice counter, taken by the
 * test; end_shift is sent meanwhile. The sale either waits in the report (end_shift waits for it) or is refused.
 */
describe.skipIf(PG_TEST_URL === undefined)(
  'a shift closed while one of its sales is being written [postgres]',
  () => {
    let t: TestApp;
    let session: TestSession;

    beforeAll(async () => {
      t = await createTestApp({ engine: 'postgres' });
      session = await t.signIn(CASHIER);
    });
    afterAll(async () => {
      await t.close();
    });

    const holdInvoiceCounter = sql`select last_number from invoice_counters for update`;

    it.each([
      ['without an Idempotency-Key (in a transaction)', undefined],
      ['with an Idempotency-Key (in one statement)', 'end-shift-race'],
    ])(
      'counts a sale written while end_shift runs in that shift’s report, or refuses it, %s',
      async (_, key) => {
        await openShift(t, session);
        await sell(t, session, checkoutBody([cartItem('DAY-ADULT')])); // the store's invoice counter exists from here
        const { sale, end } = await withLockHeld(t.db, holdInvoiceCounter, async (holder) => {
          const sale = postCheckout(t, session, checkoutBody([cartItem('DAY-ADULT')]), key);
          // The sale has read its open shift and waits at its invoice number.
          const saleBackend = await firstWaiterOf(t.db, holder);
          const end = t.post(session, '/v1/admin/end_shift', { cash: 0, card: 0, ewallet: 0 });
          // end_shift either finishes (closing the shift under the waiting sale) or waits for the sale.
          await finishedOrWaitingFor(t.db, end, saleBackend);
          return { sale, end };
        });
        const [sold, ended] = await Promise.all([sale, end]);
        expect(ended.statusCode).toBe(200);
        const report = ended.json<ShiftReport>();
        const inShift = await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('shift_id', '=', report.shift_id)
          .executeTakeFirstOrThrow();
        // Every order of the shift is in its report: the one before, and the one written meanwhile if it was sold.
        expect(report.orders.count).toBe(Number(inShift.count));
        if (sold.statusCode === 200) {
          expect(report.orders.count).toBe(2);
          expect(report.sales.cash).toBe(98);
        } else {
          expect(sold.statusCode).toBe(409);
          expect(sold.json()).toMatchObject({ message: 'No open shift' });
          expect(report.orders.count).toBe(1);
        }
      },
    );

    const keyRow = (key: string) =>
      t.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('scope', '=', 'checkout')
        .where('key', '=', key)
        .executeTakeFirst();

    it('refuses a keyed sale whose shift closes between its read and its write, writing nothing, the key left free', async () => {
      await openShift(t, session);
      const body = checkoutBody([cartItem('DAY-ADULT')]);
      const before = await ordersCount(t);
      // The shift is closed by a transaction that has not committed yet: the sale reads it open, then waits for it.
      const { sale } = await withLockHeld(
        t.db,
        // As end_shift does: the row locked FOR UPDATE (what a sale's share lock waits for), then closed.
        async (trx) => {
          await sql`select id from shifts where closed_at is null for update`.execute(trx);
          await sql`update shifts set closed_at = ${new Date().toISOString()} where closed_at is null`.execute(
            trx,
          );
        },
        async (holder) => {
          const sale = postCheckout(t, session, body, 'closed-meanwhile');
          await firstWaiterOf(t.db, holder);
          return { sale }; // not the promise itself: awaiting it here would wait with the lock held
        },
      );
      const refused = await sale;
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: 'No open shift' });
      expect(await ordersCount(t)).toBe(before);
      expect(await keyRow('closed-meanwhile')).toBeUndefined();
      // The cashier opens a shift and retries with the same key: sold once.
      await openShift(t, session);
      const retried = await postCheckout(t, session, body, 'closed-meanwhile');
      expect(retried.statusCode).toBe(200);
      expect(await ordersCount(t)).toBe(before + 1);
      expect((await keyRow('closed-meanwhile'))?.status).toBe('done');
    });

    it('answers a keyed sale whose key another call claims between its read and its write with that answer, selling nothing', async () => {
      await openShift(t, session);
      const body = checkoutBody([cartItem('DAY-ADULT')]);
      // The same body's hash, as the server computes it, from a first sale with another key.
      await postCheckout(t, session, body, 'claimed-first');
      const first = await keyRow('claimed-first');
      if (first === undefined) throw new Error('The first sale stored no answer');
      const counter = await t.db
        .selectFrom('invoice_counters')
        .select('last_number')
        .executeTakeFirstOrThrow();
      const before = await ordersCount(t);
      // The other call's answer: a receipt of its own (here the first sale's), told apart from a new sale's.
      const stored = { ...first, key: 'claimed-meanwhile' };
      const { sale } = await withLockHeld(
        t.db,
        (trx) => trx.insertInto('idempotency_keys').values(stored).execute(),
        async (holder) => {
          const sale = postCheckout(t, session, body, 'claimed-meanwhile');
          await firstWaiterOf(t.db, holder);
          return { sale }; // not the promise itself: awaiting it here would wait with the lock held
        },
      );
      const answered = await sale;
      expect(answered.statusCode, answered.body).toBe(200);
      expect(answered.json()).toEqual(JSON.parse(first.response_body ?? 'null'));
      expect(await ordersCount(t)).toBe(before);
      expect(
        (await t.db.selectFrom('invoice_counters').select('last_number').executeTakeFirstOrThrow())
          .last_number,
      ).toBe(counter.last_number);
    });

    /** A member's membership sale (MEMBER-1M) and the body of its renewal by a month. */
    async function membershipAndRenewal(email: string) {
      const member = { ...MEMBER, email };
      const bought = await sell(
        t,
        session,
        checkoutBody(
          [
            cartItem('MEMBER-1M', 1, new Date(), {
              member: { type: 'Adult', sku: 'MEMBER-1M', ...member },
            }),
          ],
          { email },
        ),
      );
      const renewal = checkoutBody(
        [cartItem('RENEW-1M', 1, new Date(), { member: { type: 'Adult', sku: 'RENEW-1M', ...member } })],
        { email },
      );
      return { bought, renewal };
    }
    const renew = (body: unknown) => postCheckout(t, session, body, randomUUID(), '/v1/renew_membership');
    const cancel = (orderId: string) =>
      t.post(session, '/v1/admin/cancel_order', { order_id: orderId, reason: 'Sold twice' });

    /** No PAID renewal extends a ticket that is not Valid (the member would have paid for a pass the gate refuses). */
    const paidRenewalsOnCanceledTickets = async () =>
      t.db
        .selectFrom('membership_renewals')
        .innerJoin('orders', 'orders.id', 'membership_renewals.order_id')
        .innerJoin('tickets', 'tickets.id', 'membership_renewals.ticket_id')
        .select(['orders.id', 'tickets.status'])
        .where('orders.status', '=', 'PAID')
        .where('tickets.status', '!=', 'Valid')
        .execute();

    it('refuses a renewal whose membership ticket is canceled between its read and its extension', async () => {
      await openShift(t, session);
      const manager = await t.signIn(MANAGER);
      const { bought, renewal } = await membershipAndRenewal('race-read@example.com');
      // The cashier's row held: the renewal (sent without a key, so it claims nothing) reads the member's ticket, then
      // waits at its order's check of the seller; the manager cancels the membership sale meanwhile.
      const { renewed, canceled } = await withLockHeld(
        t.db,
        sql`select id from staff where email = ${CASHIER} for update`,
        async (holder) => {
          const renewed = postCheckout(t, session, renewal, undefined, '/v1/renew_membership');
          const renewalBackend = await firstWaiterOf(t.db, holder);
          const canceled = t.post(manager, '/v1/admin/cancel_order', {
            order_id: bought.order._id,
            reason: 'Sold twice',
          });
          await finishedOrWaitingFor(t.db, canceled, renewalBackend);
          return { renewed, canceled };
        },
      );
      const [renewedAnswer, canceledAnswer] = await Promise.all([renewed, canceled]);
      expect(canceledAnswer.statusCode).toBe(200);
      expect(renewedAnswer.statusCode).toBe(409);
      expect(renewedAnswer.json()).toMatchObject({
        message: 'This membership was canceled or refunded at the same moment: try again',
      });
      expect(await paidRenewalsOnCanceledTickets()).toEqual([]);
      // Tried again, the renewal issues a new membership ticket.
      const again = await renew(renewal);
      expect(again.statusCode).toBe(200);
      expect(again.json().ticket.status).toBe('Valid');
      expect(again.json().ticket._id).not.toBe(bought.tickets[0]?._id);
    });

    it('refuses to cancel a membership sale whose ticket a renewal is extending at the same moment', async () => {
      await openShift(t, session);
      const { bought, renewal } = await membershipAndRenewal('race-extend@example.com');
      // The renewal has extended the ticket (its row lock held) and waits to record the renewal.
      const { renewed, canceled } = await withLockHeld(
        t.db,
        sql`lock table membership_renewals in share mode`,
        async (holder) => {
          const renewed = renew(renewal);
          const renewalBackend = await firstWaiterOf(t.db, holder);
          const canceled = cancel(bought.order._id);
          await finishedOrWaitingFor(t.db, canceled, renewalBackend);
          return { renewed, canceled };
        },
      );
      const [renewedAnswer, canceledAnswer] = await Promise.all([renewed, canceled]);
      expect(renewedAnswer.statusCode).toBe(200);
      expect(canceledAnswer.statusCode).toBe(409);
      expect(canceledAnswer.json()).toMatchObject({
        message: 'This membership was renewed since: refund or cancel that renewal first',
      });
      expect(await paidRenewalsOnCanceledTickets()).toEqual([]);
    });
  },
);
