import { type CartItem, EXPORT_CSV_COLUMNS, type PaymentType } from 'pos-sdk/contract';
import { type Sen, toRinggit } from 'pos-sdk/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  openShift,
  sell,
  subtotalOf,
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
import { ordersToWire } from '../../orders/ordersToWire';
import { csvRecord } from '../csvCell';
import { exportOrders } from '../exportOrders';
import { orderCsvRow } from '../orderCsvRow';

/** 10:00 on 22 November 2026 in Kuala Lumpur, when the sales are made (their dates are moved afterwards). */
const NOW = '2026-11-22T02:00:00.000Z';
const PERIOD = {
  origin: 'STORE',
  from: new Date('2026-01-01T00:00:00Z'),
  to: new Date('2027-01-01T00:00:00Z'),
};

/**
 * The dates the orders are moved to, in sale order: around the daylight-saving changes of Berlin (29 March and
 * 25 October 2026, 01:00 UTC) and Santiago (5 April 03:00 UTC and 6 September 04:00 UTC 2026, at local midnight),
 * with ties (the same instant several times) that page boundaries fall into.
 */
const DATES = [
  '2026-03-29T00:59:59.999Z',
  '2026-03-29T01:00:00.000Z',
  '2026-03-29T01:00:00.000Z',
  '2026-03-29T01:00:00.000Z',
  '2026-03-29T01:30:00.500Z',
  '2026-04-05T02:59:59.000Z',
  '2026-04-05T03:00:00.000Z',
  '2026-04-05T03:59:59.999Z',
  '2026-04-05T04:00:00.001Z',
  '2026-09-06T03:59:59.999Z',
  '2026-09-06T04:00:00.000Z',
  '2026-10-25T00:59:59.999Z',
  '2026-10-25T01:00:00.000Z',
  '2026-10-25T01:59:59.999Z',
  '2026-11-22T02:00:00.000Z',
  '2026-11-22T02:00:00.000Z',
  '2026-12-31T15:59:59.999Z',
  '2026-12-31T16:00:00.000Z',
];

/** Tenders of `items` in turn, the last one `extra` sen over when it is cash (change), as `[type, ringgit]`. */
function tendersOf(items: CartItem[], types: PaymentType[], extra = 0): [PaymentType, number][] {
  const total = subtotalOf(items);
  const share = Math.floor(total / types.length / 100) * 100;
  const over = types.at(-1) === 'CASH' ? extra : 0;
  return types.map((type, index) => [
    type,
    toRinggit((index === types.length - 1 ? total - share * (types.length - 1) + over : share) as Sen),
  ]);
}

/** The whole CSV text of a body stream. */
async function textOf(body: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of body) text += String(chunk);
  return text;
}

describeOnEngines('export CSV from aggregated rows', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(NOW);
  const orderIds: string[] = [];

  /** The CSV as the export wrote it from contract Orders (`ordersToWire`, `orderCsvRow`), the reference the paged export must equal. */
  async function orderBasedCsv(timeZone: string): Promise<string> {
    const rows = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('store', '=', PERIOD.origin)
      .where('created_at', '>=', PERIOD.from.toISOString())
      .where('created_at', '<', PERIOD.to.toISOString())
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const orders = await ordersToWire(t.db, rows, { timeZone });
    return [EXPORT_CSV_COLUMNS, ...orders.map((order) => orderCsvRow(order, timeZone))]
      .map(csvRecord)
      .join('');
  }

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER, { host: 'TICKET02' });
    await openShift(t, cashier);
    await openShift(t, manager);
    const sale = async (
      session: TestSession,
      items: CartItem[],
      options: Parameters<typeof checkoutBody>[1] = {},
    ) => {
      const receipt = await sell(t, session, checkoutBody(items, options));
      orderIds.push(receipt.order._id);
      clock.advance(1_000);
      return receipt.order;
    };
    const now = clock();
    const percent = discounted(
      cartItem('DAY-ADULT', 2, now),
      { type: 'percentage', value: 12.5 },
      await approve(t, cashier),
    );
    const several = [percent, cartItem('GRIP-S', 1, now), cartItem('BOTTLE-750', 3, now)];
    await sale(cashier, several, {
      email: '+60123@example.com',
      tenders: tendersOf(several, ['CASH', 'CREDIT CARD'], 70),
    });
    const amount = discounted(
      cartItem('GRIP-M', 2, now),
      { type: 'amount', value: 3.5 },
      await approve(t, cashier),
    );
    await sale(cashier, [amount], { tenders: tendersOf([amount], ['E-WALLET']) });
    const mixed = [cartItem('DAY-CHILD', 1, now), cartItem('GROUP-5', 5, now)];
    await sale(manager, mixed, {
      email: 'siti.tan87@gmail.com',
      tenders: tendersOf(mixed, ['CREDIT CARD', 'E-WALLET', 'CASH'], 1_234),
    });
    await sale(cashier, [cartItem('MEMBER-1M', 1, now)], { email: 'mei@example.com' });
    const refunded = await sale(cashier, [cartItem('DAY-ADULT', 1, now)], { tenders: [['CASH', 50]] });
    const canceled = await sale(manager, [cartItem('PUNCH-10', 1, now), cartItem('GRIP-L', 2, now)], {
      email: 'Regular.Customer@Example.com',
    });
    for (let extra = 0; extra < DATES.length - 6; extra++) {
      const items = [cartItem(extra % 2 === 0 ? 'GRIP-S' : 'DAY-CHILD', 1 + (extra % 3), now)];
      const types: PaymentType[][] = [['CASH'], ['CREDIT CARD'], ['E-WALLET'], ['CREDIT CARD', 'CASH']];
      await sale(extra % 3 === 0 ? manager : cashier, items, {
        email: extra % 4 === 0 ? '' : `guest${extra}@example.com`,
        tenders: tendersOf(items, types[extra % types.length] ?? ['CASH'], extra % 2 === 0 ? 0 : 45),
      });
    }
    const refund = await t.post(cashier, '/v1/admin/refund_order', {
      invoice_id: refunded.invoice?._id,
      message: 'Closed lane',
    });
    expect(refund.json()).toMatchObject({ status: 'REFUNDED' });
    const cancel = await t.post(manager, '/v1/admin/cancel_order', {
      order_id: canceled._id,
      reason: 'Wrong',
    });
    expect(cancel.json()).toMatchObject({ status: 'CANCELED' });

    // Dates across the daylight-saving changes, and lines the catalogue would not sell: names that need quoting,
    // that hold the aggregate's separators, a group the name says already, a group of spaces, letters beyond ASCII.
    for (const [index, id] of orderIds.entries()) {
      await t.db
        .updateTable('orders')
        .set({ created_at: DATES[index] ?? NOW })
        .where('id', '=', id)
        .execute();
    }
    const lineOf = async (orderIndex: number) =>
      t.db
        .selectFrom('order_items')
        .select('id')
        .where('order_id', '=', orderIds[orderIndex] ?? '')
        .orderBy('position')
        .execute();
    const renames: [number, number, string, string | null][] = [
      [0, 1, 'Towel, "XL"', 'XL'],
      [0, 2, '=cmd()', null],
      [1, 0, 'Grip\x1eSocks: 2', 'M\x1f'],
      [2, 0, 'Adult Day Pass', 'Adult'],
      [6, 0, 'Niño Pase', 'Niño'],
      [7, 0, 'Día Pass', '  '],
      [8, 0, 'Cap;Hat', ' Kids '],
      [10, 0, 'Cap\x1fX\x1e1\x1fHat', null],
    ];
    for (const [orderIndex, lineIndex, name, group] of renames) {
      const line = (await lineOf(orderIndex))[lineIndex];
      if (line === undefined) throw new Error(`no line ${lineIndex} in order ${orderIndex}`);
      await t.db
        .updateTable('order_items')
        .set({ name, variant_group: group })
        .where('id', '=', line.id)
        .execute();
    }
    // An order without tenders.
    await t.db
      .deleteFrom('tenders')
      .where('order_id', '=', orderIds[9] ?? '')
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['Europe/Berlin', 'America/Santiago', 'Asia/Kuala_Lumpur'])(
    'writes the same CSV as the contract Orders did, byte for byte, whatever the page size (%s)',
    async (timeZone) => {
      const expected = await orderBasedCsv(timeZone);
      expect(expected.split('\r\n')).toHaveLength(orderIds.length + 2);
      expect(expected).toContain('REFUNDED');
      expect(expected).toContain('CANCELED');
      expect(expected).toContain('Grip\x1eSocks: 2 - M\x1f');
      for (const pageSize of [undefined, 1, 2, 3, 1000]) {
        const exported = exportOrders(t.db, { ...PERIOD, format: 'csv', timeZone, pageSize });
        expect(await textOf(exported.body)).toBe(expected);
      }
    },
  );

  it('answers the same CSV over HTTP, in the venue time zone', async () => {
    const response = await t.post(manager, '/v1/admin/export_order_report', {
      origin: 'STORE',
      period: { from: PERIOD.from.toISOString(), to: PERIOD.to.toISOString() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(await orderBasedCsv(t.config.timeZone));
  });
});
