import { sql } from 'kysely';
import type { OrderPage } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrateToLatest';
import { listOrdersPage, orderPageQuery, planSearch } from '../orders/listOrdersPage';
import type { SearchBy } from '../orders/searchCondition';
import { cartItem, checkoutBody, openShift, sell } from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

const DAY_START = '2026-11-21T16:00:00.000Z'; // 22-11-2026 00:00 in Kuala Lumpur
const A_YEAR_BEFORE = '2025-11-21T16:00:00.000Z';

/** The EXPLAIN text of a page of get_orders with this search, on the app's engine. */
async function planOf(t: TestApp, search: string): Promise<string> {
  const compiled = orderPageQuery(
    t.db,
    { origin: 'STORE', from: new Date(A_YEAR_BEFORE), search, searchBy: 'index' },
    { limit: 50 },
  ).compile();
  if (t.engine === 'postgres') {
    // A test table is tiny, so the planner would rightly scan it: forbid the scan to see that the index can answer.
    return t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
        ...compiled,
        sql: `explain ${compiled.sql}`,
      });
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }
  const { rows } = await t.db.executeQuery<{ detail: string }>({
    ...compiled,
    sql: `explain query plan ${compiled.sql}`,
  });
  return rows.map((row) => row.detail).join('\n');
}

describeOnEngines('order search through an index', (engine) => {
  let t: TestApp;
  let session: TestSession;
  const clock = createTestClock('2026-11-22T02:00:00.000Z');
  const invoices: string[] = [];
  const emails = [
    'Ana.Lim@Example.com',
    'ben@sports.example.org',
    '',
    'ana.lim@example.com',
    'chen_100%@mail.example',
  ];

  /** get_orders over HTTP (a small period: scanned). */
  const getOrders = async (text: string): Promise<OrderPage> => {
    const response = await t.post(session, '/v1/admin/get_orders', {
      origin: 'STORE',
      from: DAY_START,
      search: text,
      limit: 50,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<OrderPage>();
  };
  /** The same page both ways, which must agree: returns it. */
  const search = async (text: string): Promise<OrderPage> => {
    const by = async (searchBy: SearchBy) =>
      listOrdersPage(
        t.db,
        { origin: 'STORE', from: new Date(DAY_START), search: text, searchBy },
        { limit: 50 },
      );
    const [scanned, indexed, overHttp] = await Promise.all([by('scan'), by('index'), getOrders(text)]);
    expect(indexed).toEqual(scanned);
    expect(overHttp.orders.map((order) => order._id)).toEqual(scanned.orders.map((order) => order._id));
    return indexed;
  };
  const emailsOf = (page: OrderPage) => page.orders.map((order) => order.customer.email).sort();

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    session = await t.signIn(CASHIER);
    await openShift(t, session);
    for (const email of emails) {
      const receipt = await sell(t, session, checkoutBody([cartItem('BOTTLE-750', 1, clock())], { email }));
      invoices.push(receipt.order.invoice?._id ?? '');
      clock.advance(1_000);
    }
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('finds a customer email by any part of it, ignoring case', async () => {
    expect(emailsOf(await search('ANA.LIM@'))).toEqual(['Ana.Lim@Example.com', 'ana.lim@example.com']);
    expect(emailsOf(await search('sports.EXAMPLE'))).toEqual(['ben@sports.example.org']);
    expect(emailsOf(await search('nobody@nowhere'))).toEqual([]);
  });

  it('finds an invoice by its exact id and by a prefix, ignoring case', async () => {
    const third = invoices[2] ?? '';
    expect(third).toMatch(/^STORE-\d{6}$/);
    const exact = await search(third.toLowerCase());
    expect(exact.orders.map((order) => order.invoice?._id)).toEqual([third]);
    const prefix = await search('store-0');
    expect(prefix.total).toBe(emails.length);
  });

  it('takes LIKE wildcards and quotes in the text as plain characters', async () => {
    expect(emailsOf(await search('_100%'))).toEqual(['chen_100%@mail.example']);
    expect(emailsOf(await search('n_1'))).toEqual(['chen_100%@mail.example']);
    expect(emailsOf(await search('%@%'))).toEqual([]);
    expect(emailsOf(await search('"ana'))).toEqual([]);
  });

  it('answers texts shorter than a trigram too (by scanning the period)', async () => {
    expect(emailsOf(await search('BE'))).toEqual(['ben@sports.example.org']);
    expect((await search('9')).total).toBeGreaterThanOrEqual(0);
  });

  it('keeps the search in step with new orders in the same transaction', async () => {
    const receipt = await sell(
      t,
      session,
      checkoutBody([cartItem('BOTTLE-750', 1, clock())], { email: 'Late.Comer@Example.com' }),
    );
    clock.advance(1_000);
    const found = await search('late.comer');
    expect(found.orders.map((order) => order._id)).toEqual([receipt.order._id]);
    const byInvoice = await search(receipt.order.invoice?._id ?? 'missing');
    expect(byInvoice.orders.map((order) => order._id)).toEqual([receipt.order._id]);
  });

  it('reads the matches from the index, not every order of the period', async () => {
    const plan = await planOf(t, 'example.com');
    if (engine === 'postgres') {
      expect(plan).toMatch(/Bitmap Index Scan on orders_customer_email_trgm/);
      expect(plan).toMatch(/Bitmap Index Scan on invoices_id_trgm/);
    } else {
      expect(plan).toMatch(/SCAN order_search VIRTUAL TABLE INDEX 0:M/);
      expect(plan).not.toMatch(/orders_store_created/);
      expect(plan).not.toMatch(/SCAN orders\b/);
    }
  });

  it('scans a period small enough, asks the index over a long one, and scans texts shorter than a trigram', async () => {
    const filter = { origin: 'STORE', from: new Date(A_YEAR_BEFORE), search: 'example' };
    expect((await planSearch(t.db, filter)).searchBy).toBe('scan');
    expect((await planSearch(t.db, filter, emails.length - 1)).searchBy).toBe('index');
    expect((await planSearch(t.db, { ...filter, search: 'ex' }, 0)).searchBy).toBe('scan');
  });

  it('is added to a database whose orders were there before the migration', async () => {
    if (engine === 'postgres') {
      await sql`drop index orders_customer_email_trgm`.execute(t.db);
      await sql`drop index invoices_id_trgm`.execute(t.db);
    } else {
      for (const trigger of [
        'orders_insert_search',
        'orders_update_search',
        'orders_delete_search',
        'invoices_insert_search',
        'invoices_delete_search',
      ]) {
        await sql`drop trigger ${sql.id(trigger)}`.execute(t.db);
      }
      await sql`drop table order_search`.execute(t.db);
    }
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0013_order_search' as never)
      .execute();
    expect(await migrateToLatest(t.db, t.schema === undefined ? {} : { schema: t.schema })).toEqual([
      '0013_order_search',
    ]);
    expect(emailsOf(await search('ana.lim'))).toEqual(['Ana.Lim@Example.com', 'ana.lim@example.com']);
    expect((await search(invoices[0] ?? 'missing')).orders).toHaveLength(1);
    expect(await planOf(t, 'example.com')).toMatch(
      engine === 'postgres' ? /invoices_id_trgm/ : /order_search/,
    );
  });
});

describe('the search index of SQLite', () => {
  it('is trigram and case-insensitive in the SQLite that better-sqlite3 ships', async () => {
    const t = await createTestApp({ seed: false });
    try {
      await sql`insert into order_search (text, order_id) values ('Mixed.Case@Example.com', 'o1')`.execute(
        t.db,
      );
      const { rows } = await sql<{ order_id: string }>`
        select order_id from order_search where order_search match '"case@exam"'`.execute(t.db);
      expect(rows).toEqual([{ order_id: 'o1' }]);
    } finally {
      await t.close();
    }
  });
});
