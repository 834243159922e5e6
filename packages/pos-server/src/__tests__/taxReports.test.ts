import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  type CartItem,
  type CheckoutRequest,
  EXPORT_CSV_COLUMNS,
  type Order,
  type SalesSummary,
  type ShiftReport,
  type TaxCode,
} from 'pos-sdk/contract';
import { addSen, fromRinggit, type Sen, sen, subtractSen, sumSen, toRinggit } from 'pos-sdk/money';
import { lineAmount, orderTax } from 'pos-sdk/rules';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { csvRecord } from '../export';
import { exportOrders } from '../export/exportOrders';
import { orderCsvRow } from '../export/orderCsvRow';
import { ordersToWire } from '../orders/ordersToWire';
import { approve, cartItem, checkoutBody, discounted, openShift, sell } from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

/** 10:00 on 22 November 2026 in Kuala Lumpur: the day's first sale. */
const NOW = '2026-11-22T02:00:00.000Z';
/** The venue day of the sales, as instants. */
const DAY = { from: new Date('2026-11-21T16:00:00.000Z'), to: new Date('2026-11-22T16:00:00.000Z') };

const SST8: TaxCode = { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' };
const SST6: TaxCode = { code: 'SST6', name: 'F&B 6%', rate_bp: 600, type: '02' };
const CODE_OF: Record<string, string> = { 'DAY-ADULT': 'SST8', 'DAY-CHILD': 'SST8', 'GRIP-M': 'SST6' };

/** What a customer pays for `items` with tax added on top, in sen (`orderTax` of pos-sdk/rules). */
function toPayExclusive(items: readonly CartItem[]): Sen {
  return orderTax(
    items.map((item) => ({
      amount: lineAmount({
        price: fromRinggit(item.price.value),
        quantity: item.quantity,
        discount: item.discount ? { ...item.discount, amount: fromRinggit(item.discount.amount) } : null,
      }),
      code: CODE_OF[item.sku],
    })),
    [SST8, SST6],
    'exclusive',
  ).amountToPay;
}

/** Per code: the base and the tax collected, in sen. */
type Collected = Map<string, { base: Sen; tax: Sen }>;

/** Adds `base` and `tax` (sign 1) or takes them away (sign -1) to a code's entry. */
function addTo(collected: Collected, code: string, base: Sen, tax: Sen, sign: 1 | -1): void {
  const entry = collected.get(code) ?? { base: sen(0), tax: sen(0) };
  collected.set(code, {
    base: sign === 1 ? addSen(entry.base, base) : subtractSen(entry.base, base),
    tax: sign === 1 ? addSen(entry.tax, tax) : subtractSen(entry.tax, tax),
  });
}

/**
 * The tax the orders collected, from the orders as the wire has them: per code each order's tax as sold
 * (`cart.taxes`) less what its refunds gave back (each refunded line's `tax`, and its money less that tax as the
 * base); nothing of a canceled order.
 */
function collectedOf(orders: readonly Order[]): Collected {
  const collected: Collected = new Map();
  for (const order of orders) {
    if (order.status === 'CANCELED') continue;
    for (const entry of order.order_details.cart.taxes ?? []) {
      addTo(collected, entry.code, fromRinggit(entry.base), fromRinggit(entry.tax), 1);
    }
    for (const refund of order.refunds ?? []) {
      for (const line of refund.items) {
        const code = order.order_details.cart.items[line.line]?.tax?.code;
        if (code === undefined || line.tax === undefined) continue;
        const tax = fromRinggit(line.tax);
        addTo(collected, code, subtractSen(fromRinggit(line.amount), tax), tax, -1);
      }
    }
  }
  return collected;
}

const totalOf = (collected: Collected): Sen => sumSen([...collected.values()].map((entry) => entry.tax));

/** The records of a CSV text: cells split on commas outside quotes (no cell of these orders holds a line break). */
function csvRows(text: string): string[][] {
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (const char of line) {
        if (char === '"') quoted = !quoted;
        else if (char === ',' && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += char;
      }
      cells.push(cell);
      return cells;
    });
}

async function textOf(body: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of body) text += String(chunk);
  return text;
}

describeOnEngines('tax collected in the reports, agreeing with the orders to the sen', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let manager: TestSession;
  const clock = createTestClock(NOW);
  let orders: Order[] = [];
  let untaxedReport: ShiftReport;

  const post = async (session: TestSession, url: string, body: Record<string, unknown>, keyed = false) => {
    const response = await t.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { ...session.headers, ...(keyed ? { 'idempotency-key': randomUUID() } : {}) },
    });
    if (response.statusCode !== 200) throw new Error(`${url} ${response.statusCode}: ${response.body}`);
    return response;
  };
  const sale = async (body: CheckoutRequest) => {
    const { order } = await sell(t, cashier, body);
    clock.advance(60_000);
    return order;
  };
  /** A sale with tax added on top, paid in cash to the sen. */
  const saleExclusive = async (items: CartItem[]) => {
    const body = checkoutBody(items);
    const toPay = toRinggit(toPayExclusive(items));
    return sale({ ...body, payment: { methods: [{ type: 'CASH', amount: toPay }], change: 0 } });
  };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    cashier = await t.signIn(CASHIER);
    manager = await t.signIn(MANAGER, { host: 'TICKET02' });
    await openShift(t, cashier);
    await openShift(t, manager);
    untaxedReport = (await post(manager, '/v1/admin/shift_report', {})).json<ShiftReport>();

    // An untaxed sale first, before the venue has codes: 10:00.
    await sale(checkoutBody([cartItem('BOTTLE-750', 2, clock())]));
    await post(manager, '/v1/admin/tax/set', { code: SST8 });
    await post(manager, '/v1/admin/tax/set', { code: SST6 });
    for (const [sku, code] of Object.entries(CODE_OF)) {
      await post(manager, '/v1/admin/catalog/edit', { sku, changes: { tax_code: code } });
    }

    // Prices with tax included: a discounted pass line, socks and an untaxed line; a whole refund; a cancel.
    const now = clock();
    await sale(
      checkoutBody([
        discounted(
          cartItem('DAY-ADULT', 2, now),
          { type: 'percentage', value: 12.5 },
          await approve(t, cashier),
        ),
        cartItem('GRIP-M', 3, now),
        cartItem('GRIP-L', 1, now),
      ]),
    );
    const refundedWhole = await sale(
      checkoutBody([cartItem('DAY-CHILD', 1, now), cartItem('GRIP-M', 1, now)]),
    );
    const canceled = await sale(checkoutBody([cartItem('GRIP-M', 2, now), cartItem('DAY-ADULT', 1, now)]));

    // Tax added on top: a discounted sale refunded by line twice, a plain one.
    await post(manager, '/v1/admin/settings/set', { prices_include_tax: false });
    const byLine = await saleExclusive([
      cartItem('GRIP-M', 3, now),
      discounted(cartItem('DAY-ADULT', 3, now), { type: 'amount', value: 7.77 }, await approve(t, cashier)),
    ]);
    await saleExclusive([cartItem('DAY-CHILD', 1, now)]);

    await post(
      cashier,
      '/v1/admin/refund_order',
      { invoice_id: refundedWhole.invoice?._id, message: 'Closed lane' },
      true,
    );
    await post(
      cashier,
      '/v1/admin/refund_order',
      { invoice_id: byLine.invoice?._id, message: 'Wrong size', items: [{ sku: 'GRIP-M', quantity: 1 }] },
      true,
    );
    await post(
      cashier,
      '/v1/admin/refund_order',
      { invoice_id: byLine.invoice?._id, message: 'Left early', items: [{ sku: 'DAY-ADULT', quantity: 2 }] },
      true,
    );
    // Canceled at the manager's till: its tax goes back in the manager's shift.
    await post(manager, '/v1/admin/cancel_order', { order_id: canceled._id, reason: 'Wrong' }, true);

    const rows = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('created_at', '>=', DAY.from.toISOString())
      .where('created_at', '<', DAY.to.toISOString())
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    orders = await ordersToWire(t.db, rows, { timeZone: 'Asia/Kuala_Lumpur' });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  });

  it('sells what the day is meant to hold: tax both ways, refunds by line and whole, a cancel', () => {
    expect(orders.map((order) => order.status)).toEqual([
      'PAID',
      'PAID',
      'REFUNDED',
      'CANCELED',
      'PAID',
      'PAID',
    ]);
    expect(orders.map((order) => order.order_details.cart.prices_include_tax)).toEqual([
      undefined,
      true,
      true,
      true,
      false,
      false,
    ]);
    const collected = collectedOf(orders);
    expect([...collected.keys()].sort()).toEqual(['SST6', 'SST8']);
    // Refunds gave back tax, and the cancel all of its own.
    const sold = sumSen(orders.map((order) => fromRinggit(order.order_details.cart.tax ?? 0)));
    expect(totalOf(collected)).toBeLessThan(sold);
    expect(totalOf(collected)).toBeGreaterThan(0);
  });

  it('X and Z reports: the tax of the shift per code and in total, net of its refunds and cancels', async () => {
    expect(untaxedReport).not.toHaveProperty('tax');
    const x = (await post(cashier, '/v1/admin/shift_report', {})).json<ShiftReport>();
    const managers = (await post(manager, '/v1/admin/shift_report', {})).json<ShiftReport>();
    // The cashier's shift sold every order and made the refunds; the manager's shift gave back the canceled order's.
    const canceled = orders.find((order) => order.status === 'CANCELED');
    const cancelTax = collectedOf(canceled ? [{ ...canceled, status: 'PAID' }] : []);
    const cashierCollected = collectedOf(orders);
    for (const [code, entry] of cancelTax) addTo(cashierCollected, code, entry.base, entry.tax, 1);
    const wire = (collected: Collected) =>
      [...collected.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([code, entry]) => ({
          code,
          rate_bp: code === 'SST8' ? 800 : 600,
          base: toRinggit(entry.base),
          tax: toRinggit(entry.tax),
        }));
    expect(x.tax).toEqual({ total: toRinggit(totalOf(cashierCollected)), by_code: wire(cashierCollected) });
    const negated: Collected = new Map();
    for (const [code, entry] of cancelTax) addTo(negated, code, entry.base, entry.tax, -1);
    expect(managers.tax).toEqual({ total: toRinggit(totalOf(negated)), by_code: wire(negated) });
    // Both shifts of the day together: what the orders collected.
    expect(addSen(fromRinggit(x.tax?.total ?? 0), fromRinggit(managers.tax?.total ?? 0))).toBe(
      totalOf(collectedOf(orders)),
    );

    const z = (await post(cashier, '/v1/admin/end_shift', { ...x.expected })).json<ShiftReport>();
    expect(z.closed_at).not.toBeNull();
    expect(z.tax).toEqual(x.tax);
    await openShift(t, cashier);
  });

  it('export: a column per code the period carries and the tax, net of refunds, adding up to the orders', async () => {
    const csv = await textOf(
      exportOrders(t.db, {
        origin: 'STORE',
        from: DAY.from,
        to: DAY.to,
        format: 'csv',
        timeZone: 'Asia/Kuala_Lumpur',
      }).body,
    );
    const [header, ...records] = csvRows(csv);
    expect(header).toEqual([...EXPORT_CSV_COLUMNS, 'tax_SST6', 'tax_SST8', 'tax']);
    expect(records).toHaveLength(orders.length);
    const column = (name: string) =>
      sumSen(records.map((record) => fromRinggit(Number(record[header?.indexOf(name) ?? -1]))));
    const collected = collectedOf(orders);
    expect(column('tax_SST6')).toBe(collected.get('SST6')?.tax);
    expect(column('tax_SST8')).toBe(collected.get('SST8')?.tax);
    expect(column('tax')).toBe(totalOf(collected));
    // The canceled order's tax went back: 0.00 in each.
    const canceled = records[orders.findIndex((order) => order.status === 'CANCELED')];
    expect(canceled?.slice(-3)).toEqual(['0.00', '0.00', '0.00']);
    // The same bytes as the definition from each contract Order.
    const codes = ['SST6', 'SST8'];
    const fromOrders = [
      [...EXPORT_CSV_COLUMNS, 'tax_SST6', 'tax_SST8', 'tax'],
      ...orders.map((order) => orderCsvRow(order, 'Asia/Kuala_Lumpur', codes)),
    ]
      .map(csvRecord)
      .join('');
    expect(csv).toBe(fromOrders);
  });

  it("export: a period without taxed orders keeps exactly today's columns, to the minute", async () => {
    const exportHeader = async (from: string, to: string) => {
      const csv = await textOf(
        exportOrders(t.db, {
          origin: 'STORE',
          from: new Date(from),
          to: new Date(to),
          format: 'csv',
          timeZone: 'Asia/Kuala_Lumpur',
        }).body,
      );
      return csvRows(csv)[0];
    };
    expect(await exportHeader('2026-11-20T16:00:00.000Z', '2026-11-21T16:00:00.000Z')).toEqual([
      ...EXPORT_CSV_COLUMNS,
    ]);
    // The untaxed sale at 10:00 alone, though its hour holds taxed ones too; then the minutes of a taxed one.
    expect(await exportHeader('2026-11-22T02:00:00.000Z', '2026-11-22T02:00:30.000Z')).toEqual([
      ...EXPORT_CSV_COLUMNS,
    ]);
    expect(await exportHeader('2026-11-22T01:30:00.000Z', '2026-11-22T02:01:30.000Z')).toEqual([
      ...EXPORT_CSV_COLUMNS,
      'tax_SST6',
      'tax_SST8',
      'tax',
    ]);
    expect(await exportHeader('2026-11-22T02:03:30.000Z', '2026-11-22T03:30:00.000Z')).toEqual([
      ...EXPORT_CSV_COLUMNS,
      'tax_SST6',
      'tax_SST8',
      'tax',
    ]);
  });

  it('dashboard: the tax collected in total and per code, against the period before', async () => {
    const summary = (
      await post(manager, '/v1/admin/reports/sales_summary', { from: '2026-11-22', to: '2026-11-22' })
    ).json<SalesSummary>();
    const collected = collectedOf(orders);
    expect(summary.totals.tax).toBe(toRinggit(totalOf(collected)));
    expect(summary.previous.totals.tax).toBe(0);
    expect(summary.by_tax_code).toEqual([
      {
        code: 'SST6',
        rate_bp: 600,
        base: toRinggit(collected.get('SST6')?.base ?? sen(0)),
        tax: toRinggit(collected.get('SST6')?.tax ?? sen(0)),
      },
      {
        code: 'SST8',
        rate_bp: 800,
        base: toRinggit(collected.get('SST8')?.base ?? sen(0)),
        tax: toRinggit(collected.get('SST8')?.tax ?? sen(0)),
      },
    ]);
    // The next day compares with this one; a day long before has no tax fields at all.
    const next = (
      await post(manager, '/v1/admin/reports/sales_summary', { from: '2026-11-23', to: '2026-11-23' })
    ).json<SalesSummary>();
    expect(next.totals.tax).toBe(0);
    expect(next.previous.totals.tax).toBe(summary.totals.tax);
    expect(next).not.toHaveProperty('by_tax_code');
    const before = (
      await post(manager, '/v1/admin/reports/sales_summary', { from: '2026-11-01', to: '2026-11-01' })
    ).json<SalesSummary>();
    expect(before.totals).not.toHaveProperty('tax');
    expect(before).not.toHaveProperty('by_tax_code');
  });

  it("dashboard: a product's net sales are its lines' amounts less what refunds gave back of them, not the tax added on top", async () => {
    // From the orders as the wire has them: each line's amount (after its discount, before tax added on top), less
    // each refunded part's money, less its tax when the order had tax added on top (the refund gave that back too).
    const expected = new Map<string, Sen>();
    const add = (sku: string, amount: Sen) => expected.set(sku, addSen(expected.get(sku) ?? sen(0), amount));
    for (const order of orders) {
      if (order.status === 'CANCELED') continue;
      const { items, prices_include_tax: included } = order.order_details.cart;
      for (const item of items) {
        add(
          item.sku,
          lineAmount({
            price: fromRinggit(item.price.value),
            quantity: item.quantity,
            discount: item.discount ? { ...item.discount, amount: fromRinggit(item.discount.amount) } : null,
          }),
        );
      }
      for (const refund of order.refunds ?? []) {
        for (const line of refund.items) {
          const sku = items[line.line]?.sku ?? '';
          const tax = included === false && line.tax !== undefined ? fromRinggit(line.tax) : sen(0);
          add(sku, subtractSen(tax, fromRinggit(line.amount)));
        }
      }
    }
    const summary = (
      await post(manager, '/v1/admin/reports/sales_summary', { from: '2026-11-22', to: '2026-11-22' })
    ).json<SalesSummary>();
    const net = new Map<string, Sen>();
    for (const row of summary.by_product)
      net.set(row.sku, addSen(net.get(row.sku) ?? sen(0), fromRinggit(row.net_sales)));
    expect(Object.fromEntries(net)).toEqual(Object.fromEntries(expected));
    // The order refunded by line with tax on top is in it: GRIP-M's refunded unit is taken back without its tax.
    expect(
      orders.some((order) => order.order_details.cart.prices_include_tax === false && order.refunds),
    ).toBe(true);
  });

  it('dashboard in a zone whose offset has minutes (read per quarter hour from the orders): the same tax', async () => {
    const before = (
      await post(manager, '/v1/admin/reports/sales_summary', { from: '2026-11-22', to: '2026-11-22' })
    ).json<SalesSummary>();
    // The zone changes with no shift open.
    for (const session of [cashier, manager]) {
      const report = (await post(session, '/v1/admin/shift_report', {})).json<ShiftReport>();
      await post(session, '/v1/admin/end_shift', { ...report.expected });
    }
    await post(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Kolkata' });
    try {
      const kolkata = (
        await post(manager, '/v1/admin/reports/sales_summary', { from: '2026-11-22', to: '2026-11-22' })
      ).json<SalesSummary>();
      expect(kolkata.time_zone).toBe('Asia/Kolkata');
      expect(kolkata.totals.tax).toBe(toRinggit(totalOf(collectedOf(orders))));
      expect(kolkata.by_tax_code).toEqual(before.by_tax_code);
    } finally {
      await post(manager, '/v1/admin/settings/set', { time_zone: 'Asia/Kuala_Lumpur' });
    }
  });

  it("each order's tax_json is what the migration fills from its lines: per code, tax less refunded tax", async () => {
    const read = async () =>
      (await t.db.selectFrom('orders').select(['id', 'tax_json']).orderBy('id').execute()).map((row) => [
        row.id,
        row.tax_json === null ? null : JSON.parse(row.tax_json),
      ]);
    const kept = await read();
    expect(kept.filter(([, taxes]) => taxes !== null)).toHaveLength(5);
    // The order refunded by line: its tax per code as the wire has it, less what its refunds gave back.
    const byLine = orders.find((order) => (order.refunds?.length ?? 0) === 2);
    const left = collectedOf(byLine ? [byLine] : []);
    expect(kept.find(([id]) => id === byLine?._id)?.[1]).toEqual(
      [...left.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, entry]) => [code, entry.tax]),
    );
    await sql`update orders set tax_json = null`.execute(t.db);
    const { fillOrderTaxJson } = await import('../db/migrations/0032_order_tax_export');
    await fillOrderTaxJson(t.db as never);
    expect(await read()).toEqual(kept);
  });

  it("the products' roll-up holds what its definition adds up from the orders (migration 0037's), also after a refill", async () => {
    const read = async () =>
      (
        await t.db
          .selectFrom('sales_hour_products')
          .select(['hour', 'terminal_id', 'staff_id', 'sku', 'quantity', 'net_sen'])
          .orderBy('hour')
          .orderBy('terminal_id')
          .orderBy('staff_id')
          .orderBy('sku')
          .execute()
      ).map((row) => Object.values(row).map(String));
    const { salesHourProductsOf } = await import('../db/migrations/0027_sales_rollup');
    const { LINE_NET } = await import('../db/migrations/0037_product_net_of_tax');
    const { rows } = await sql
      .raw<Record<string, unknown>>(
        `select hour, terminal_id, staff_id, sku, quantity, net_sen from (${salesHourProductsOf('substr(o.created_at, 1, 13)', 'true', LINE_NET)}) p
          order by hour, terminal_id, staff_id, sku`,
      )
      .execute(t.db);
    const kept = await read();
    expect(rows.map((row) => Object.values(row).map(String))).toEqual(kept);
    const { refillSalesRollup } = await import('../db/refillSalesRollup');
    await t.db.transaction().execute((trx) => refillSalesRollup(trx as never));
    expect(await read()).toEqual(kept);
  });

  it('the roll-up holds what its definition adds up from the orders, and its figures survive a refill', async () => {
    const read = () =>
      t.db
        .selectFrom('sales_hour_taxes')
        .select([
          'hour',
          'store',
          'terminal_id',
          'staff_id',
          'tax_code',
          'tax_rate_bp',
          'lines',
          'base_sen',
          'tax_sen',
        ])
        .orderBy('hour')
        .orderBy('terminal_id')
        .orderBy('staff_id')
        .orderBy('tax_code')
        .orderBy('tax_rate_bp')
        .execute();
    const kept = (await read()).map((row) => Object.values(row).map(String));
    const { refillSalesRollup } = await import('../db/refillSalesRollup');
    await t.db.transaction().execute((trx) => refillSalesRollup(trx as never));
    expect((await read()).map((row) => Object.values(row).map(String))).toEqual(kept);
    expect(kept.length).toBeGreaterThan(0);
  });
});
