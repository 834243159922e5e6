import { sql } from 'kysely';
import type { OrderPage } from 'pos-sdk/contract';
import { ordersMatching } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../__tests__/support/explain';
import { cartItem, checkoutBody, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import {
  MIGRATIONS_AFTER_0016,
  undoMigrationsAfter0016,
  undoOrderExport,
} from '../../__tests__/support/undoMigrations';
import { migrateToLatest } from '../../db/migrateToLatest';
import {
  countOrders,
  indexMatchesQuery,
  listOrdersPage,
  orderPageQuery,
  planSearch,
  SEARCH_COUNT_MAX,
} from '../listOrdersPage';
import { type SearchBy, searchKeys } from '../searchCondition';

const DAY_START = '2026-11-21T16:00:00.000Z'; // 22-11-2026 00:00 in Kuala Lumpur
const A_YEAR_BEFORE = '2025-11-21T16:00:00.000Z';

/** The EXPLAIN text of the statement that reads an index search's matches (a year of orders). */
async function planOf(t: TestApp, search: string): Promise<string> {
  return explain(
    t,
    indexMatchesQuery(t.db, {
      origin: 'STORE',
      from: new Date(A_YEAR_BEFORE),
      search,
      searchBy: 'index',
    }).compile(),
  );
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
  /**
   * The same page every way, which must agree: by scan, through the index asked for the whole text and for each of
   * its parts (`searchKeys`), and as planned over HTTP. Returns it.
   */
  const search = async (text: string): Promise<OrderPage> => {
    const by = async (searchBy: SearchBy, searchKey?: string) =>
      listOrdersPage(
        t.db,
        { origin: 'STORE', from: new Date(DAY_START), search: text, searchBy, searchKey },
        { limit: 50 },
      );
    const [scanned, indexed, overHttp] = await Promise.all([by('scan'), by('index'), getOrders(text)]);
    expect(indexed).toEqual(scanned);
    expect(overHttp.orders.map((order) => order._id)).toEqual(scanned.orders.map((order) => order._id));
    expect(overHttp.total).toBe(scanned.total);
    for (const key of searchKeys(text.trim())) expect(await by('index', key)).toEqual(scanned);
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

  it('asks the index for a text it finds in few orders, scans the period for a common one, and scans texts shorter than a trigram', async () => {
    // PostgreSQL answers "how many" from the planner's statistics of the emails.
    if (engine === 'postgres') await sql`analyze orders`.execute(t.db);
    const filter = { origin: 'STORE', from: new Date(A_YEAR_BEFORE), search: 'example' };
    expect(await planSearch(t.db, filter)).toMatchObject({ searchBy: 'index', searchInvoices: false });
    expect(await planSearch(t.db, filter, { indexMax: 1 })).toMatchObject({
      searchBy: 'scan',
      searchInvoices: false,
    });
    expect(await planSearch(t.db, { ...filter, search: 'ex' })).toMatchObject({ searchBy: 'scan' });
    expect(await planSearch(t.db, { ...filter, search: invoices[0] ?? '' })).toMatchObject({
      searchBy: 'index',
      searchInvoices: true,
    });
  });

  it('asks the index for a part of the text, the first one it finds in few orders', async () => {
    const filter = { origin: 'STORE', from: new Date(A_YEAR_BEFORE), search: 'Ana.Lim@Example.com' };
    expect(searchKeys(filter.search)[0]).toBe('Exampl');
    expect(await planSearch(t.db, filter)).toMatchObject({ searchBy: 'index', searchKey: 'Exampl' });
  });

  it('scans a common text newest first on the store and time index, stopping at the page', async () => {
    if (engine === 'postgres') return; // the planner's choice on a tiny table says nothing
    const page = orderPageQuery(
      t.db,
      {
        origin: 'STORE',
        from: new Date(A_YEAR_BEFORE),
        search: 'example',
        searchBy: 'scan',
        searchInvoices: false,
      },
      { limit: 50 },
    ).compile();
    const plan = await explain(t, page);
    expect(plan).toMatch(/SEARCH orders USING INDEX orders_store_created/);
    // Ties of one time are sorted by id as they come (LAST TERM), never the whole period.
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY|order_search/);
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
    // The migrations after 0013 are undone too: Kysely runs migrations in order only.
    await undoOrderExport(t);
    await sql`drop table sync_conflicts`.execute(t.db);
    await sql`drop table offline_ticket_ids`.execute(t.db);
    await sql`drop index ticket_uses_nonce`.execute(t.db);
    await sql`drop index ticket_uses_at`.execute(t.db);
    await sql`alter table ticket_uses drop column nonce`.execute(t.db);
    await t.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, 'in', ['0013_order_search', '0014_offline'] as never)
      .execute();
    await undoMigrationsAfter0016(t);
    expect(await migrateToLatest(t.db, t.schema === undefined ? {} : { schema: t.schema })).toEqual([
      '0013_order_search',
      '0014_offline',
      '0015_order_export',
      '0016_catalogue_version_search_path',
      ...MIGRATIONS_AFTER_0016,
    ]);
    expect(emailsOf(await search('ana.lim'))).toEqual(['Ana.Lim@Example.com', 'ana.lim@example.com']);
    expect((await search(invoices[0] ?? 'missing')).orders).toHaveLength(1);
    expect(await planOf(t, 'example.com')).toMatch(
      engine === 'postgres' ? /invoices_id_trgm/ : /order_search/,
    );
  });
});

describeOnEngines('counting a search', (engine) => {
  let t: TestApp;
  const clock = createTestClock('2026-11-22T02:00:00.000Z');
  /** One order more than a scanning search counts, each with a `regular.N@example.com` email. */
  const ORDERS = SEARCH_COUNT_MAX + 2;
  const filter = { origin: 'STORE', from: new Date(DAY_START), search: 'regular' };

  beforeAll(async () => {
    t = await createTestApp({ engine, clock });
    const session = await t.signIn(CASHIER);
    await openShift(t, session);
    await sell(
      t,
      session,
      checkoutBody([cartItem('BOTTLE-750', 1, clock())], { email: 'regular.0@example.com' }),
    );
    // Copies of that order, a second apart, one statement each (selling them all would take a while).
    const sold = await t.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    for (let i = 1; i < ORDERS; i += 1) {
      await t.db
        .insertInto('orders')
        .values({
          ...sold,
          id: `${sold.id.slice(0, -4)}${String(i).padStart(4, '0')}`,
          customer_email: `regular.${i}@example.com`,
          created_at: new Date(Date.parse(sold.created_at) + i * 1000).toISOString(),
        })
        .execute();
    }
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('counts a scanned search up to 100 matches, then says "more than 100 orders"', async () => {
    const first = await listOrdersPage(t.db, { ...filter, searchBy: 'scan' }, { limit: 50 });
    expect(first).toMatchObject({ total: SEARCH_COUNT_MAX, total_is_estimate: true });
    expect(ordersMatching(first.total, first.total_is_estimate)).toBe('more than 100 orders');
    expect(first.orders).toHaveLength(50);
    const second = await listOrdersPage(
      t.db,
      { ...filter, searchBy: 'scan' },
      { limit: 50, cursor: first.next_cursor ?? undefined },
    );
    expect(second).toMatchObject({ total: SEARCH_COUNT_MAX, total_is_estimate: true });
    expect(second.orders.map((order) => order._id)).not.toContain(first.orders[49]?._id);
    // A page larger than the count's bound is counted as far as the page goes.
    const large = await listOrdersPage(t.db, { ...filter, searchBy: 'scan' }, { limit: 200 });
    expect(large).toMatchObject({ total: ORDERS, total_is_estimate: false });
  });

  it('counts a search through the index exactly, and orders without a search up to 10,000', async () => {
    const indexed = await listOrdersPage(t.db, { ...filter, searchBy: 'index' }, { limit: 50 });
    expect(indexed).toMatchObject({ total: ORDERS, total_is_estimate: false });
    const all = await listOrdersPage(t.db, { origin: 'STORE', from: new Date(DAY_START) }, { limit: 50 });
    expect(all).toMatchObject({ total: ORDERS, total_is_estimate: false });
    expect(await countOrders(t.db, { ...filter, searchBy: 'scan' }, 5)).toEqual({ total: 5, estimate: true });
  });

  it("asks the index when the period's newest orders scanned do not hold the page and its count", async () => {
    const scanned = { ...filter, searchBy: 'scan' as const };
    const indexed = { ...filter, searchBy: 'index' as const };
    const first = await listOrdersPage(t.db, scanned, { limit: 50 }, { scanMax: 10 });
    expect(first).toEqual(await listOrdersPage(t.db, indexed, { limit: 50 }));
    expect(first).toMatchObject({ total: ORDERS, total_is_estimate: false });
    const cursor = first.next_cursor ?? undefined;
    expect(await listOrdersPage(t.db, scanned, { limit: 50, cursor }, { scanMax: 10 })).toEqual(
      await listOrdersPage(t.db, indexed, { limit: 50, cursor }),
    );
  });

  it('never says more orders match than do, however the search is planned', async () => {
    if (engine === 'postgres') await sql`analyze orders`.execute(t.db);
    const page = await listOrdersPage(t.db, filter, { limit: 50 });
    if (page.total_is_estimate) expect(page.total).toBeLessThan(ORDERS);
    else expect(page.total).toBe(ORDERS);
    const rest = await listOrdersPage(t.db, filter, { limit: 50, cursor: page.next_cursor ?? undefined });
    expect([...page.orders, ...rest.orders].map((order) => order._id)).toEqual(
      (await listOrdersPage(t.db, { ...filter, searchBy: 'index' }, { limit: 100 })).orders.map(
        (order) => order._id,
      ),
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
