import { afterAll, beforeAll, expect, it } from 'vitest';
import { explain } from '../../__tests__/support/explain';
import { cartItem, checkoutBody, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import {
  MIGRATIONS_AFTER_0016,
  undoMigrationsAfter0016,
  undoOrderExport,
} from '../../__tests__/support/undoMigrations';
import { migrateToLatest } from '../../db/migrateToLatest';
import { orderCsvPageQuery } from '../orderCsvPages';

const NOW = '2026-11-22T02:00:00.000Z';
const PERIOD = {
  origin: 'STORE',
  from: new Date('2026-11-01T00:00:00Z'),
  to: new Date('2026-12-01T00:00:00Z'),
};

/** What the export's columns of an order must hold, derived from its invoice, lines and tenders. */
interface ExportColumns {
  invoice_id: string | null;
  lines: [number, string, string | null][] | null;
  cash: number;
  card: number;
  ewallet: number;
}

describeOnEngines("the export's copy of each order's invoice, lines and tenders", (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock(NOW);
  const orderIds: string[] = [];

  /** The columns of migration 0015 of every order, by order id. */
  async function stored(): Promise<Map<string, ExportColumns>> {
    const rows = await t.db
      .selectFrom('orders')
      .select(['id', 'invoice_id', 'lines_json', 'cash_sen', 'card_sen', 'ewallet_sen'])
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          invoice_id: row.invoice_id,
          lines: row.lines_json === null ? null : JSON.parse(row.lines_json),
          cash: Number(row.cash_sen),
          card: Number(row.card_sen),
          ewallet: Number(row.ewallet_sen),
        },
      ]),
    );
  }

  /** The same, read from `invoices`, `order_items` and `tenders` (the truth). */
  async function derived(): Promise<Map<string, ExportColumns>> {
    const result = new Map<string, ExportColumns>();
    for (const { id } of await t.db.selectFrom('orders').select('id').execute()) {
      const invoice = await t.db
        .selectFrom('invoices')
        .select('id')
        .where('order_id', '=', id)
        .executeTakeFirst();
      const lines = await t.db
        .selectFrom('order_items')
        .select(['quantity', 'name', 'variant_group'])
        .where('order_id', '=', id)
        .orderBy('position')
        .execute();
      const tenders = await t.db
        .selectFrom('tenders')
        .select(['method', 'amount_sen'])
        .where('order_id', '=', id)
        .execute();
      const sum = (method: string) =>
        tenders
          .filter((tender) => tender.method === method)
          .reduce((total, tender) => total + Number(tender.amount_sen), 0);
      result.set(id, {
        invoice_id: invoice?.id ?? null,
        lines:
          lines.length === 0 ? null : lines.map((line) => [line.quantity, line.name, line.variant_group]),
        cash: sum('CASH'),
        card: sum('CREDIT CARD'),
        ewallet: sum('E-WALLET'),
      });
    }
    return result;
  }

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
    const now = clock();
    const sales = [
      checkoutBody(
        [cartItem('DAY-ADULT', 2, now), cartItem('GRIP-M', 1, now), cartItem('BOTTLE-750', 3, now)],
        {
          tenders: [
            ['CREDIT CARD', 50],
            ['CASH', 200],
          ],
          email: 'ana@example.com',
        },
      ),
      checkoutBody([cartItem('DAY-CHILD', 1, now)], { tenders: [['E-WALLET', 40]] }),
      checkoutBody([cartItem('GROUP-5', 5, now)]),
    ];
    for (const body of sales) {
      orderIds.push((await sell(t, session, body)).order._id);
      clock.advance(1_000);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('is written with the sale: the invoice id, the lines in cart order, the tenders summed per method', async () => {
    const columns = await stored();
    expect(columns).toEqual(await derived());
    const first = columns.get(orderIds[0] ?? '');
    expect(first?.invoice_id).toMatch(/^STORE-\d{6}$/);
    expect(first?.lines?.map(([quantity, name, group]) => [quantity, name, group])).toEqual([
      [2, 'Day Pass', 'Adult'],
      [1, 'Grip Socks', 'M'],
      [3, 'Water Bottle', '750ml'],
    ]);
    expect([first?.cash, first?.card, first?.ewallet]).toEqual([20_000, 5_000, 0]);
    expect(columns.get(orderIds[1] ?? '')).toMatchObject({ cash: 0, card: 0, ewallet: 4_000 });
  });

  it('follows any change of a line, a tender or an invoice, whoever makes it', async () => {
    const id = orderIds[0] ?? '';
    const [line] = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', id)
      .orderBy('position')
      .execute();
    await t.db
      .updateTable('order_items')
      .set({ name: 'Day Pass "Peak"', variant_group: null })
      .where('id', '=', line?.id ?? '')
      .execute();
    await t.db.deleteFrom('tenders').where('order_id', '=', id).where('method', '=', 'CASH').execute();
    await t.db
      .deleteFrom('tickets')
      .where('order_id', '=', orderIds[2] ?? '')
      .execute();
    await t.db
      .deleteFrom('order_items')
      .where('order_id', '=', orderIds[2] ?? '')
      .execute();
    const columns = await stored();
    expect(columns).toEqual(await derived());
    expect(columns.get(id)?.lines?.[0]).toEqual([2, 'Day Pass "Peak"', null]);
    expect(columns.get(id)).toMatchObject({ cash: 0, card: 5_000 });
    expect(columns.get(orderIds[2] ?? '')?.lines).toBeNull();
  });

  it('follows a line or a tender moved to another order, lines reordered, and an invoice deleted', async () => {
    const [first = '', second = '', third = ''] = orderIds;
    const lines = await t.db
      .selectFrom('order_items')
      .select(['id', 'position'])
      .where('order_id', '=', first)
      .orderBy('position')
      .execute();
    const [one, two] = lines;
    // Swap the first two lines' positions (through a free one: (order_id, position) is unique).
    await t.db
      .updateTable('order_items')
      .set({ position: 99 })
      .where('id', '=', one?.id ?? '')
      .execute();
    await t.db
      .updateTable('order_items')
      .set({ position: one?.position ?? 0 })
      .where('id', '=', two?.id ?? '')
      .execute();
    await t.db
      .updateTable('order_items')
      .set({ position: two?.position ?? 0 })
      .where('id', '=', one?.id ?? '')
      .execute();
    // The second order's line and tender move to the third order.
    await t.db
      .updateTable('order_items')
      .set({ order_id: third, position: 7 })
      .where('order_id', '=', second)
      .execute();
    await t.db
      .updateTable('tenders')
      .set({ order_id: third, position: 7 })
      .where('order_id', '=', second)
      .execute();
    await t.db.deleteFrom('invoices').where('order_id', '=', third).execute();
    const columns = await stored();
    expect(columns).toEqual(await derived());
    expect(
      columns
        .get(first)
        ?.lines?.slice(0, 2)
        .map(([, name]) => name),
    ).toEqual(['Grip Socks', 'Day Pass "Peak"']);
    expect(columns.get(second)).toMatchObject({ lines: null, ewallet: 0 });
    expect(columns.get(third)).toMatchObject({
      invoice_id: null,
      lines: [[1, 'Day Pass', 'Child']],
      ewallet: 4_000,
    });
  });

  it('is filled by the migration for the orders already there', async () => {
    await undoOrderExport(t);
    // An order written while the columns did not exist.
    orderIds.push((await sell(t, session, checkoutBody([cartItem('GRIP-L', 2, clock())]))).order._id);
    await undoMigrationsAfter0016(t);
    expect(await migrateToLatest(t.db, t.schema === undefined ? {} : { schema: t.schema })).toEqual([
      '0015_order_export',
      '0016_catalogue_version_search_path',
      ...MIGRATIONS_AFTER_0016,
    ]);
    const columns = await stored();
    expect(columns).toEqual(await derived());
    expect(columns.get(orderIds[3] ?? '')).toMatchObject({ lines: [[2, 'Grip Socks', 'L']], cash: 3_000 });
    // The triggers are back: the next sale is copied too.
    orderIds.push((await sell(t, session, checkoutBody([cartItem('DAY-CHILD', 1, clock())]))).order._id);
    expect(await stored()).toEqual(await derived());
  });

  it('lets the CSV export read one index range of orders and no other table', async () => {
    const plan = await explain(t, orderCsvPageQuery(t.db, PERIOD, undefined, 500).compile());
    expect(plan).toMatch(
      engine === 'postgres' ? /orders_store_created/ : /SEARCH orders USING INDEX orders_store_created/,
    );
    expect(plan).not.toMatch(/invoices|order_items|tenders/);
  });
});
