import { randomUUID } from 'node:crypto';
import type { CartItem, Order, Receipt, SalesSummary, ShiftReport } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { itemTitle } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, cartItem, checkoutBody, discounted, MEMBER } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestClock,
} from '../../__tests__/support/testApp';
import { refillSalesRollup } from '../../db/refillSalesRollup';
import { computeShiftReport, fillShiftExpectations } from '../../shifts';
import { averageSale } from '../averageSale';
import { call, figuresOfCsv, ok, paid, renewal, signInOn, type Till } from './venueMonth';

/** Local time `hh:mm` on a venue day in `offset` hours east of UTC. */
const local = (day: string, hh: number, mm = 0, offsetMinutes = 8 * 60) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + (hh * 60 + mm - offsetMinutes) * 60_000);

const SUMMARY = '/v1/admin/reports/sales_summary';

describe('averageSale', () => {
  it('rounds net / orders half up to the sen, with integers only', async () => {
    const { sen } = await import('pos-sdk/money');
    expect(averageSale(sen(1000), 3)).toBe(333);
    expect(averageSale(sen(1001), 2)).toBe(501);
    expect(averageSale(sen(1003), 6)).toBe(167);
    expect(averageSale(sen(999), 0)).toBe(0);
    expect(averageSale(sen(-1001), 2)).toBe(-501);
  });
});

describeOnEngines('sales_summary', (engine) => {
  let t: TestApp;
  let clock: TestClock;
  let cashier: Till;
  let manager: Till;

  beforeAll(async () => {
    clock = createTestClock(local('2026-06-01', 9));
    t = await createTestApp({ engine, clock, config: { tokenTtlHours: 24 * 60 } });
    await t.registerTerminal('OFFICE01');
    cashier = await signInOn(t.app, CASHIER, 'TICKET01', 'STORE');
    manager = await signInOn(t.app, MANAGER, 'OFFICE01', 'STORE');
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  const summary = (from: string, to: string, store?: string) =>
    ok<SalesSummary>(manager, SUMMARY, { from, to, ...(store === undefined ? {} : { store }) });
  const openShift = async (till: Till) => {
    await ok(till, '/v1/admin/start_shift');
    await ok(till, '/v1/admin/set_float', { float: 100 });
  };
  const sell = (till: Till, body: ReturnType<typeof paid>) =>
    ok<Receipt>(till, '/v1/checkout', body, randomUUID());
  const refund = (till: Till, body: Record<string, unknown>) =>
    ok<Order>(till, '/v1/admin/refund_order', { message: 'Returned', ...body }, randomUUID());

  describe('bad input', () => {
    it("refuses a staff member who is not a manager with the contract's 403, and keeps them signed in", async () => {
      const response = await call(cashier, SUMMARY, { from: '2026-06-01', to: '2026-06-01' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'Only a manager can do this: ask a manager to sign in',
        code: 'not_permitted',
      });
      expect((await call(cashier, '/v1/admin/users')).statusCode).toBe(200);
    });

    it('answers 400 on `to` for a period that ends before it starts', async () => {
      const response = await call(manager, SUMMARY, { from: '2026-06-02', to: '2026-06-01' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The period must not end before it starts: to is before from',
        code: 'invalid_request',
        details: [{ path: 'to', message: 'The period must not end before it starts: to is before from' }],
      });
    });

    it('answers 400 on `to` for more than 366 days, and takes 366', async () => {
      const response = await call(manager, SUMMARY, { from: '2025-01-01', to: '2026-01-02' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The period is 367 days: a summary covers at most 366 days',
        code: 'invalid_request',
        details: [{ path: 'to', message: 'The period is 367 days: a summary covers at most 366 days' }],
      });
      const year = await call(manager, SUMMARY, { from: '2025-01-01', to: '2026-01-01' });
      expect(year.statusCode).toBe(200);
      expect(year.json<SalesSummary>().by_day).toHaveLength(366);
    });

    it('answers 400 on `store` naming the unknown store', async () => {
      const response = await call(manager, SUMMARY, { from: '2026-06-01', to: '2026-06-01', store: 'NOPE' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: SERVER_MESSAGES.unknownStore('NOPE'),
        code: 'invalid_request',
        details: [{ path: 'store', message: 'Unknown store NOPE' }],
      });
    });

    it('answers 400 with the field for dates that are not dates, never a 5xx', async () => {
      for (const body of [
        { from: '2026-02-30', to: '2026-03-01' },
        { from: '01-06-2026', to: '2026-06-01' },
        { from: '2026-06-01' },
        { from: '2026-06-01', to: '2026-06-01', store: 7 },
      ]) {
        const response = await call(manager, SUMMARY, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('invalid_request');
      }
    });
  });

  describe('a few days at one till', () => {
    let dayPassSale: Receipt;
    let splitSale: Receipt;
    let report: ShiftReport;

    beforeAll(async () => {
      await openShift(cashier);
      // 1 June: the previous period's days.
      clock.set(local('2026-06-01', 10));
      await sell(cashier, paid([cartItem('DAY-ADULT', 2, clock())], 'STORE', 'cash'));
      clock.set(local('2026-06-02', 11));
      await sell(cashier, paid([cartItem('GRIP-S', 1, clock())], 'STORE', 'E-WALLET'));
      clock.set(local('2026-06-02', 23, 50));
      report = await ok<ShiftReport>(cashier, '/v1/admin/end_shift', { cash: 197, card: 0, ewallet: 20 });
      // 3 and 4 June: the period.
      clock.set(local('2026-06-03', 9));
      await openShift(cashier);
      const approval = await approve(t, { token: '', profile: {} as never, headers: cashier.headers });
      dayPassSale = await sell(
        cashier,
        paid(
          [
            discounted(cartItem('DAY-ADULT', 3, clock()), { type: 'amount', value: 1 }, approval),
            cartItem('BOTTLE-750', 2, clock()),
          ],
          'STORE',
          'cash',
        ),
      );
      // RM 100 card + RM 100 cash for RM 196: RM 4 change.
      clock.set(local('2026-06-03', 13));
      splitSale = await sell(cashier, {
        ...checkoutBody([cartItem('DAY-ADULT', 4, clock())], {
          tenders: [
            ['CREDIT CARD', 100],
            ['CASH', 100],
          ],
        }),
      });
      clock.set(local('2026-06-03', 14));
      await sell(
        cashier,
        checkoutBody([cartItem('MEMBER-1M', 1, clock())], {
          email: MEMBER.email,
          tenders: [['E-WALLET', 120]],
        }),
      );
      // Refunds later in the day they were sold: a unit of the day passes (RM 48.66 of RM 146, back by cash, the
      // sale's only method) and a unit of the split sale (RM 49, by card: cards first, the default). A sale canceled.
      clock.set(local('2026-06-03', 16));
      await refund(cashier, {
        invoice_id: dayPassSale.order.invoice?._id,
        items: [{ sku: 'DAY-ADULT', quantity: 1 }],
      });
      await refund(cashier, {
        invoice_id: splitSale.order.invoice?._id,
        items: [{ sku: 'DAY-ADULT', quantity: 1 }],
      });
      const canceled = await sell(cashier, paid([cartItem('GRIP-L', 1, clock())], 'STORE', 'CREDIT CARD'));
      await ok(cashier, '/v1/admin/cancel_order', { order_id: canceled.order._id }, randomUUID());
      clock.set(local('2026-06-04', 10));
      await ok(cashier, '/v1/renew_membership', renewal(2, clock()), randomUUID());
      clock.set(local('2026-06-04', 12));
    }, SETUP_TIMEOUT_MS);

    it('previous is the as many days just before from, with its own totals', async () => {
      const period = await summary('2026-06-03', '2026-06-04');
      expect(period.previous.from).toBe('2026-06-01');
      expect(period.previous.to).toBe('2026-06-02');
      expect(period.previous.totals).toEqual((await summary('2026-06-01', '2026-06-02')).totals);
      expect(period.previous.totals).toMatchObject({ orders: 2, gross_sales: 113, net_sales: 113 });
      expect((await summary('2026-06-03', '2026-06-03')).previous).toMatchObject({
        from: '2026-06-02',
        to: '2026-06-02',
        totals: { orders: 1 },
      });
    });

    it('counts refunds against the day the order was sold, and a canceled order only as canceled', async () => {
      const { totals, by_day, by_hour } = await summary('2026-06-03', '2026-06-04');
      // 146 + 50, 196, 120 and the renewal's 240 (752); refunds 48.66 (a third of 146, rounded down) and 49.
      expect(totals).toEqual({
        gross_sales: 752,
        refunds: 97.66,
        net_sales: 654.34,
        orders: 4,
        // 163.585 rounded half up.
        average_sale: 163.59,
        refunded_orders: 2,
        discounts: 1,
        canceled_orders: 1,
      });
      expect(by_day).toEqual([
        { day: '2026-06-03', net_sales: 414.34, orders: 3 },
        { day: '2026-06-04', net_sales: 240, orders: 1 },
      ]);
      expect(by_hour.filter((slice) => slice.orders > 0)).toEqual([
        { hour: 9, net_sales: 147.34, orders: 1 },
        { hour: 10, net_sales: 240, orders: 1 },
        { hour: 13, net_sales: 147, orders: 1 },
        { hour: 14, net_sales: 120, orders: 1 },
      ]);
    });

    it('lists products by SKU as the receipt names them, in their categories, units and money less refunds', async () => {
      const { by_product, by_category } = await summary('2026-06-03', '2026-06-04');
      const title = (item: CartItem) => itemTitle(item);
      expect(by_product).toEqual([
        {
          sku: 'DAY-ADULT',
          name: title(cartItem('DAY-ADULT')),
          category: 'pass',
          quantity: 5,
          net_sales: 244.34,
        },
        {
          sku: 'RENEW-1M',
          name: title(cartItem('RENEW-1M')),
          category: 'membership',
          quantity: 2,
          net_sales: 240,
        },
        {
          sku: 'MEMBER-1M',
          name: title(cartItem('MEMBER-1M')),
          category: 'membership',
          quantity: 1,
          net_sales: 120,
        },
        {
          sku: 'BOTTLE-750',
          name: title(cartItem('BOTTLE-750')),
          category: 'merchandise',
          quantity: 2,
          net_sales: 50,
        },
      ]);
      expect(by_product[0]?.name).toBe('Day Pass - Adult');
      expect(by_category).toEqual([
        { category: 'membership', quantity: 3, net_sales: 360 },
        { category: 'pass', quantity: 5, net_sales: 244.34 },
        { category: 'merchandise', quantity: 2, net_sales: 50 },
      ]);
    });

    it('takes the money per method (cash net of change) less what refunds gave back by each method', async () => {
      const { by_method, totals } = await summary('2026-06-03', '2026-06-04');
      // Cash: 196 + (100 - 4) + 240 - 48.66; card: 100 - 49 (the refund took the card first); e-wallet 120.
      expect(by_method).toEqual([
        { method: 'CASH', amount: 483.34 },
        { method: 'E-WALLET', amount: 120 },
        { method: 'CREDIT CARD', amount: 51 },
      ]);
      expect(by_method.reduce((sum, method) => sum + Math.round(method.amount * 100), 0)).toBe(
        Math.round(totals.net_sales * 100),
      );
    });

    it('lists the shifts opened in the period with their end-of-shift variance once closed, null while open', async () => {
      const earlier = await summary('2026-06-01', '2026-06-02');
      expect(earlier.shifts).toEqual([
        {
          shift_id: report.shift_id,
          terminal: 'TICKET01',
          staff: 'Ana Cashier',
          opened_at: report.opened_at,
          closed_at: report.closed_at,
          variance: report.variance,
        },
      ]);
      expect(report.variance).toEqual({ cash: -1, card: 0, ewallet: 5 });
      const now = await summary('2026-06-03', '2026-06-04');
      expect(now.shifts).toHaveLength(1);
      expect(now.shifts[0]).toMatchObject({ terminal: 'TICKET01', closed_at: null, variance: null });
      expect(await summary('2026-06-05', '2026-06-05')).toMatchObject({ shifts: [] });
    });

    it('a sale made offline in a closed shift and replayed after changes its variance, as its report added up again', async () => {
      const before = (await summary('2026-06-01', '2026-06-02')).shifts[0];
      // 18 hours later: within the window in which the server books a replay.
      clock.set(local('2026-06-03', 16));
      const replayed = await cashier.app.inject({
        method: 'POST',
        url: '/v1/checkout',
        payload: {
          ...paid([cartItem('GRIP-M', 1, clock())], 'STORE', 'cash'),
          sold_at: local('2026-06-02', 22).toISOString(),
        } as Record<string, unknown>,
        headers: { ...cashier.headers, 'idempotency-key': randomUUID(), 'x-offline-replay': '1' },
      });
      expect(replayed.statusCode).toBe(200);
      clock.set(local('2026-06-04', 12));
      const after = (await summary('2026-06-01', '2026-06-02')).shifts[0];
      expect(after?.variance).toEqual({ cash: -16, card: 0, ewallet: 5 });
      expect(before?.variance).toEqual({ cash: -1, card: 0, ewallet: 5 });
      const shift = await t.db
        .selectFrom('shifts')
        .selectAll()
        .where('id', '=', report.shift_id)
        .executeTakeFirstOrThrow();
      const recomputed = await computeShiftReport(t.db, shift, {
        cash: Number(shift.counted_cash_sen) as never,
        card: Number(shift.counted_card_sen) as never,
        ewallet: Number(shift.counted_ewallet_sen) as never,
      });
      expect(after?.variance).toEqual(recomputed.variance);
    });

    it('adds up the expected takings of shifts closed before they were kept (at the start of pos-server)', async () => {
      const kept = (await summary('2026-06-01', '2026-06-02')).shifts;
      await t.db
        .updateTable('shifts')
        .set({ expected_cash_sen: null, expected_card_sen: null, expected_ewallet_sen: null })
        .execute();
      // Not kept: added up on the fly, the same.
      expect((await summary('2026-06-01', '2026-06-02')).shifts).toEqual(kept);
      expect(await fillShiftExpectations(t.db)).toBe(1);
      expect(await fillShiftExpectations(t.db)).toBe(0);
      expect((await summary('2026-06-01', '2026-06-02')).shifts).toEqual(kept);
    });

    it('an order refunded whole before refunds by line were kept counts its total as refunded, and no money', async () => {
      const before = await summary('2026-06-01', '2026-06-01');
      const order = (
        await t.db
          .selectFrom('orders')
          .select('id')
          .where('created_at', '<', local('2026-06-02', 0).toISOString())
          .executeTakeFirstOrThrow()
      ).id;
      await t.db
        .updateTable('orders')
        .set({ status: 'REFUNDED', refunded_sen: 0 })
        .where('id', '=', order)
        .execute();
      const after = await summary('2026-06-01', '2026-06-01');
      expect(before.totals).toMatchObject({ orders: 1, refunds: 0, net_sales: 98 });
      expect(after.totals).toMatchObject({
        orders: 1,
        gross_sales: 98,
        refunds: 98,
        net_sales: 0,
        refunded_orders: 1,
      });
      expect(after.by_method).toEqual([]);
      expect(after.by_product).toEqual([]);
    });

    it('the roll-up filled again from the orders (as the migration fills it) answers the same', async () => {
      const period = await summary('2026-06-01', '2026-06-04');
      await t.db.transaction().execute((trx) => refillSalesRollup(trx as never));
      expect(await summary('2026-06-01', '2026-06-04')).toEqual(period);
    });
  });
});

describeOnEngines('sales_summary in a time zone whose offset has minutes', (engine) => {
  it('Asia/Kolkata (+05:30): days and hours as the export has them, sales at either end of a day', async () => {
    const offset = 5 * 60 + 30;
    const clock = createTestClock(local('2026-06-01', 0, 10, offset));
    const t = await createTestApp({ engine, clock, config: { tokenTtlHours: 24 * 10 } });
    try {
      await t.registerTerminal('OFFICE01');
      const manager = await signInOn(t.app, MANAGER, 'OFFICE01', 'STORE');
      await ok(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Kolkata' });
      const cashier = await signInOn(t.app, CASHIER, 'TICKET01', 'STORE');
      await ok(cashier, '/v1/admin/start_shift');
      for (const [day, hh, mm, sku] of [
        ['2026-06-01', 0, 15, 'DAY-ADULT'],
        ['2026-06-01', 12, 40, 'GRIP-S'],
        ['2026-06-01', 23, 45, 'DAY-CHILD'],
        ['2026-06-02', 0, 20, 'BOTTLE-750'],
        ['2026-06-02', 5, 35, 'GRIP-M'],
        ['2026-06-02', 23, 59, 'DAY-ADULT'],
        ['2026-06-03', 0, 1, 'GRIP-L'],
      ] as const) {
        clock.set(local(day, hh, mm, offset));
        await ok(
          cashier,
          '/v1/checkout',
          paid([cartItem(sku, 1, clock())], 'STORE', 'CREDIT CARD'),
          randomUUID(),
        );
      }
      const answer = await ok<SalesSummary>(manager, SUMMARY, { from: '2026-06-01', to: '2026-06-02' });
      const csv = await call(manager, '/v1/admin/export_order_report', {
        origin: 'STORE',
        period: {
          from: local('2026-06-01', 0, 0, offset).toISOString(),
          to: local('2026-06-03', 0, 0, offset).toISOString(),
        },
      });
      const fromCsv = figuresOfCsv([csv.body], ['2026-06-01', '2026-06-02']);
      expect(answer.by_day).toEqual(fromCsv.by_day);
      expect(answer.by_hour).toEqual(fromCsv.by_hour);
      expect(answer.totals.orders).toBe(6);
      expect(answer.time_zone).toBe('Asia/Kolkata');
      expect(answer.by_hour.filter((slice) => slice.orders > 0).map((slice) => slice.hour)).toEqual([
        0, 5, 12, 23,
      ]);
    } finally {
      await t.close();
    }
  });
});
