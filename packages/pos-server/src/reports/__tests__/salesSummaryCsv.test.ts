import type { SalesSummary } from 'pos-sdk/contract';
import { fromRinggit, sumSen, toRinggit } from 'pos-sdk/money';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEngines, SETUP_TIMEOUT_MS } from '../../__tests__/support/testApp';
import { averageSale } from '../averageSale';
import { buildVenueMonth, type CsvFigures, exportCsv, figuresOfCsv, ok, type VenueMonth } from './venueMonth';

/** The figures of a summary that the export's CSV can give too. */
function csvFiguresOf(summary: SalesSummary): CsvFigures {
  const { average_sale: _, ...totals } = summary.totals;
  return {
    totals,
    by_day: summary.by_day,
    by_hour: summary.by_hour,
    by_staff: summary.by_staff,
    by_terminal: summary.by_terminal,
    methods: toRinggit(sumSen(summary.by_method.map((method) => fromRinggit(method.amount)))),
  };
}

describeOnEngines('sales_summary against the order export of the same period', (engine) => {
  let month: VenueMonth;
  let csv: { STORE: string; STORE2: string };

  beforeAll(async () => {
    month = await buildVenueMonth(engine);
    csv = {
      STORE: await exportCsv(month.manager, 'STORE', month.from, month.to),
      STORE2: await exportCsv(month.manager, 'STORE2', month.from, month.to),
    };
  }, 10 * SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await month?.close();
  });

  const summary = (store?: string) =>
    ok<SalesSummary>(month.manager, '/v1/admin/reports/sales_summary', {
      from: month.from,
      to: month.to,
      ...(store === undefined ? {} : { store }),
    });
  const days = () => Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);

  it('a month of two stores: totals, days, hours, staff, terminals and the methods are those the CSV adds up to', async () => {
    const all = await summary();
    const fromCsv = figuresOfCsv([csv.STORE, csv.STORE2], days());
    expect(csvFiguresOf(all)).toEqual(fromCsv);
    // The month is what it should be: refunds of both kinds, cancels, discounts, sales at either end of the day.
    expect(all.totals.refunded_orders).toBeGreaterThan(10);
    expect(all.totals.canceled_orders).toBeGreaterThan(5);
    expect(all.totals.discounts).toBeGreaterThan(0);
    expect(all.by_hour[0]?.orders).toBeGreaterThan(0);
    expect(all.by_hour[23]?.orders).toBeGreaterThan(0);
    expect(all.by_terminal.map((slice) => slice.terminal).sort()).toEqual([
      'TICKET01',
      'TICKET02',
      'TICKET03',
    ]);
    expect(all.by_staff).toHaveLength(3);
    expect(all.store).toBeNull();
    expect(all.time_zone).toBe('Asia/Kuala_Lumpur');
    expect(all.by_day.map((slice) => slice.day)).toEqual(days());
    expect(all.by_hour.map((slice) => slice.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
  });

  it('one store: the figures of its own export only', async () => {
    const one = await summary('STORE2');
    expect(csvFiguresOf(one)).toEqual(figuresOfCsv([csv.STORE2], days()));
    expect(one.store).toBe('STORE2');
    expect(one.by_terminal.map((slice) => slice.terminal)).toEqual(['TICKET03']);
    expect(csvFiguresOf(await summary('STORE'))).toEqual(figuresOfCsv([csv.STORE], days()));
  });

  it('average_sale is net_sales / orders rounded half up to the sen; products and categories add up to net_sales', async () => {
    const all = await summary();
    const net = fromRinggit(all.totals.net_sales);
    expect(all.totals.average_sale).toBe(toRinggit(averageSale(net, all.totals.orders)));
    const sum = (amounts: readonly number[]) => sumSen(amounts.map(fromRinggit));
    expect(sum(all.by_product.map((product) => product.net_sales))).toBe(net);
    expect(sum(all.by_category.map((category) => category.net_sales))).toBe(net);
    expect(sum(all.by_method.map((method) => method.amount))).toBe(net);
    expect(all.by_category.map((category) => category.category).sort()).toEqual([
      'membership',
      'merchandise',
      'pass',
    ]);
  });

  it('the hourly roll-up holds what its definition adds up from the orders, after a month of sales, refunds and cancels', async () => {
    const { salesHoursOf, salesHourProductsOf } = await import('../../db/migrations/0027_sales_rollup');
    const { sql } = await import('kysely');
    const hour = 'substr(o.created_at, 1, 13)';
    const key = (row: Record<string, unknown>) =>
      JSON.stringify(
        Object.entries(row).map(([name, value]) => [name, typeof value === 'string' ? value : Number(value)]),
      );
    const rows = async (query: string) =>
      (await sql.raw<Record<string, unknown>>(query).execute(month.t.db)).rows.map(key).sort();
    const figures =
      'orders, gross_sen, refunds_sen, discount_sen, refunded_orders, canceled_orders, cash_sen, card_sen, ewallet_sen';
    expect(await rows(`select hour, store, terminal_id, staff_id, ${figures} from sales_hours`)).toEqual(
      await rows(
        `select hour, store, terminal_id, staff_id, ${figures} from (${salesHoursOf(hour, 'true')}) s`,
      ),
    );
    const products =
      'hour, store, terminal_id, staff_id, sku, name, variant_group, category, quantity, net_sen';
    expect(
      await rows(`select ${products} from sales_hour_products where quantity <> 0 or net_sen <> 0`),
    ).toEqual(
      await rows(
        `select ${products} from (${salesHourProductsOf(hour, 'true')}) p where quantity <> 0 or net_sen <> 0`,
      ),
    );
  });
});
