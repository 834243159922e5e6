import { randomUUID } from 'node:crypto';
import { EXPORT_CSV_COLUMNS, type Order, type Receipt } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  openShift,
  sell,
} from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import { csvCell, csvRecord } from '../csvCell';
import { exportOrders } from '../exportOrders';
import { orderPages } from '../orderPages';

/** 10:00 on 22 November 2026 in Kuala Lumpur; the venue day is 16:00 UTC the day before to 16:00 UTC. */
const NOW = '2026-11-22T02:00:00.000Z';
const PERIOD = { from: '2026-11-22T00:00:00+08:00', to: '2026-11-23T00:00:00+08:00' };

describe('csvCell', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvRecord(['a', 1, 'b,c'])).toBe('a,1,"b,c"\r\n');
  });

  it('neutralises cells a spreadsheet would run as a formula (=, +, -, @) with a leading quote', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+60123')).toBe("'+60123");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-1)).toBe('-1');
  });
});

describeOnEngines('export_order_report', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);
  const receipts: Receipt[] = [];

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
    // A product whose name needs quoting.
    await t.db
      .insertInto('merchandise')
      .values({ id: 'towel', store: 'STORE', name: 'Towel, "XL"', position: 9 })
      .execute();
    await t.db
      .insertInto('merch_variants')
      .values({
        id: randomUUID(),
        product_id: 'towel',
        store: 'STORE',
        sku: 'TOWEL',
        size: 'XL',
        price_sen: 2000,
        currency: 'MYR',
        position: 1,
      })
      .execute();
    const approval = await approve(t, session);
    receipts.push(
      await sell(
        t,
        session,
        checkoutBody(
          [
            discounted(cartItem('DAY-ADULT', 2, clock()), { type: 'percentage', value: 10 }, approval),
            cartItem('GRIP-S', 1, clock()),
          ],
          {
            email: '+60123@example.com',
            tenders: [
              ['CASH', 50],
              ['CREDIT CARD', 60],
            ],
          },
        ),
      ),
    );
    clock.advance(60_000);
    receipts.push(
      await sell(t, session, {
        ...checkoutBody(
          [
            {
              sku: 'TOWEL',
              name: 'Towel, "XL"',
              category: 'Merchandise',
              group: 'XL',
              quantity: 1,
              type: 'MERCHANDISE',
              price: { value: 20, currency: 'MYR' },
            },
          ],
          { tenders: [['E-WALLET', 20]] },
        ),
      }),
    );
    clock.advance(60_000);
    // The next venue day: outside the period.
    clock.set('2026-11-22T16:30:00.000Z');
    await sell(t, await t.signIn(CASHIER), checkoutBody([cartItem('BOTTLE-750', 1, clock())]));
    clock.set('2026-11-22T02:05:00.000Z');
  });
  afterAll(async () => {
    await t.close();
  });

  const exportReport = (body: Record<string, unknown>) =>
    t.post(session, '/v1/admin/export_order_report', { period: PERIOD, origin: 'STORE', ...body });

  it('streams the period as CSV: header row, one record per order, venue-time dates, amounts as 49.00', async () => {
    const response = await exportReport({});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-11-22-2026-11-22.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(EXPORT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4); // header, two orders, and the empty string after the last CRLF
    const [first, second] = receipts;
    expect(lines[1]).toBe(
      [
        '22-11-2026 10:00:00',
        first?.order.invoice?._id,
        first?.order._id,
        'PAID',
        "'+60123@example.com",
        '2 x Day Pass - Adult; 1 x Grip Socks - S',
        '3',
        '113.00',
        '9.80',
        '103.20',
        '50.00',
        '60.00',
        '0.00',
        '6.80',
        'Ana Cashier',
        'TICKET01',
        '0.00',
      ].join(','),
    );
    expect(lines[2]).toBe(
      [
        '22-11-2026 10:01:00',
        second?.order.invoice?._id,
        second?.order._id,
        'PAID',
        '',
        '"1 x Towel, ""XL"""',
        '1',
        '20.00',
        '0.00',
        '20.00',
        '0.00',
        '0.00',
        '20.00',
        '0.00',
        'Ana Cashier',
        'TICKET01',
        '0.00',
      ].join(','),
    );
  });

  it('streams the period as JSON: an array of contract Orders, oldest first', async () => {
    const response = await exportReport({ format: 'json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-11-22-2026-11-22.json"',
    );
    expect(response.json<Order[]>()).toEqual(receipts.map((receipt) => receipt.order));
  });

  it('answers only the header (or []) for a period without orders', async () => {
    const empty = await exportReport({
      period: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(`${EXPORT_CSV_COLUMNS.join(',')}\r\n`);
    const none = await exportReport({
      format: 'json',
      period: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' },
    });
    expect(none.json()).toEqual([]);
  });

  it("answers 400 'Unknown store OTHER' for an origin that is no store (a script's typo is no empty export)", async () => {
    const unknown = await exportReport({ origin: 'OTHER' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'Unknown store OTHER',
      code: 'invalid_request',
      details: [{ path: 'origin', message: 'Unknown store OTHER' }],
    });
    const listed = await t.post(session, '/v1/admin/get_orders', { origin: 'OTHER', from: PERIOD.from });
    expect(listed.statusCode).toBe(400);
    expect(listed.json().message).toBe('Unknown store OTHER');
  });

  it('answers 400 for a period that ends before it starts, or an unknown format', async () => {
    const reversed = await exportReport({ period: { from: PERIOD.to, to: PERIOD.from } });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      message: 'The period must end after it starts',
      code: 'invalid_request',
    });
    expect((await exportReport({ format: 'xlsx' })).statusCode).toBe(400);
  });

  it('reads the period page by page with keyset pagination, orders with the same time included once', async () => {
    // Five more sales at the very same instant: ties are broken by id.
    for (let sale = 0; sale < 5; sale++)
      await sell(t, session, checkoutBody([cartItem('GRIP-M', 1, clock())]));
    const pages: string[][] = [];
    for await (const page of orderPages(t.db, {
      origin: 'STORE',
      from: new Date(PERIOD.from),
      to: new Date(PERIOD.to),
      pageSize: 2,
    })) {
      pages.push(page.map((row) => row.id));
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1]);
    const all = pages.flat();
    expect(new Set(all).size).toBe(7);
    const listed = await t.post(session, '/v1/admin/get_orders', {
      origin: 'STORE',
      from: PERIOD.from,
      to: PERIOD.to,
    });
    expect(all).toEqual(
      listed
        .json<Order[]>()
        .map((order) => order._id)
        .reverse(),
    );
  });

  it('streams more pages than it holds: the database is read only as fast as the client takes the rows', async () => {
    let selects = 0;
    const counted = t.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') selects += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    for (let sale = 0; sale < 8; sale++) {
      await sell(t, session, checkoutBody([cartItem('GRIP-M', 1, clock())]));
      clock.advance(1_000);
    }
    const orderCount = (
      await t.db
        .selectFrom('orders')
        .select('id')
        .where('created_at', '>=', new Date(PERIOD.from).toISOString())
        .where('created_at', '<', new Date(PERIOD.to).toISOString())
        .execute()
    ).length;
    expect(orderCount).toBeGreaterThanOrEqual(12);
    const exported = exportOrders(counted, {
      origin: 'STORE',
      from: new Date(PERIOD.from),
      to: new Date(PERIOD.to),
      format: 'csv',
      timeZone: 'Asia/Kuala_Lumpur',
      pageSize: 1,
    });
    const reader = exported.body[Symbol.asyncIterator]();
    const header = await reader.next();
    expect(String(header.value)).toContain(EXPORT_CSV_COLUMNS[0]);
    // The client pauses: let the stream fill its buffer and stop.
    for (let tick = 0; tick < 50; tick++) await new Promise((resolve) => setImmediate(resolve));
    const whilePaused = selects;
    let text = String(header.value);
    for (let next = await reader.next(); next.done !== true; next = await reader.next())
      text += String(next.value);
    const records = text.split('\r\n').filter((line) => line !== '');
    expect(records).toHaveLength(orderCount + 1);
    // One page per order: the paused stream had read a few of them, not the period.
    expect(whilePaused).toBeGreaterThan(0);
    expect(whilePaused).toBeLessThan(selects / 2);
  });
});
