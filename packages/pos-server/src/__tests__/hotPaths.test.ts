/**
 * Checkout's hot path: the statements one sale sends (counted through a Kysely plugin, not estimated),
 * the receipt built from the rows the sale wrote (it must be what the database gives back afterwards), and the
 * catalogue cache, which must never sell at a price a committed change replaced: on one server, and with two
 * servers on one PostgreSQL database.
 */
import type { FastifyInstance } from 'fastify';
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import type { Order, Receipt, Ticket } from 'pos-sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDb } from '../db/createDb';
import type { Database } from '../db/Database';
import { formatInvoiceId } from '../invoices/issueInvoice';
import {
  approve,
  cartItem,
  checkoutBody,
  discounted,
  openShift,
  ordersCount,
  postCheckout,
  sell,
} from './support/saleSupport';
import {
  CASHIER,
  createTestApp,
  DEMO_PASSWORD,
  describeOnEngines,
  MANAGER,
  PG_TEST_URL,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

/** The most statements a checkout of one pass line may send (BEGIN and COMMIT not counted). */
const MAX_STATEMENTS_PER_CHECKOUT = 12;

/**
 * A Kysely plugin counting the statements run through it, at their results: a statement compiled once and run again
 * (`preparedQuery`) is counted at each run, where `transformQuery` sees only its first compile.
 */
function statementCounter(): KyselyPlugin & { count: number } {
  const counter = {
    count: 0,
    transformQuery: (args: Parameters<KyselyPlugin['transformQuery']>[0]) => args.node,
    transformResult: async (args: Parameters<KyselyPlugin['transformResult']>[0]) => {
      counter.count += 1;
      return args.result;
    },
  };
  return counter;
}

/** Signs in on an app over inject (TICKET01): the headers of its calls. */
async function signInOn(app: FastifyInstance, email: string): Promise<TestSession> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/v1/identity/sign_in',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(signIn.statusCode).toBe(200);
  const login = await app.inject({
    method: 'POST',
    url: '/v1/admin_login',
    headers: { 'x-host-name': 'TICKET01' },
    payload: { idToken: signIn.json<{ idToken: string }>().idToken },
  });
  expect(login.statusCode).toBe(200);
  const { userToken, profile } = login.json<{ userToken: string; profile: TestSession['profile'] }>();
  return {
    token: userToken,
    profile,
    headers: { authorization: `Bearer ${userToken}`, 'x-host-name': 'TICKET01' },
  };
}

/** A second server on the test app's database (the same file or schema): its own caches, its own pool. */
async function secondServer(
  t: TestApp,
  db: Kysely<Database>,
): Promise<{
  app: FastifyInstance;
  post: (
    s: TestSession,
    url: string,
    body?: unknown,
  ) => Promise<{ statusCode: number; body: string; json: <T>() => T }>;
}> {
  const app = await buildApp({ db, config: t.config, clock: t.clock, checkResponses: true });
  return {
    app,
    post: (session, url, body = {}) =>
      app.inject({ method: 'POST', url, payload: body as Record<string, unknown>, headers: session.headers }),
  };
}

describeOnEngines('checkout hot path', (engine) => {
  let t: TestApp;
  const extra: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const closable of extra.splice(0)) await closable.close();
    await t?.close();
  });

  it(
    `sends at most ${MAX_STATEMENTS_PER_CHECKOUT} statements per checkout of one pass line, and no more for more lines`,
    async () => {
      t = await createTestApp({ engine });
      const counter = statementCounter();
      // The same database handle (SQLite: the same connection), every statement counted.
      const counted = await secondServer(t, t.db.withPlugin(counter));
      extra.push(counted.app);
      const cashier = await signInOn(counted.app, CASHIER);
      expect((await counted.post(cashier, '/v1/admin/start_shift')).statusCode).toBe(200);
      const sale = async (items: ReturnType<typeof cartItem>[]) => {
        const response = await counted.app.inject({
          method: 'POST',
          url: '/v1/checkout',
          payload: checkoutBody(items, { email: 'zoe@example.com' }) as unknown as Record<string, unknown>,
          headers: { ...cashier.headers, 'idempotency-key': crypto.randomUUID() },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<Receipt>();
      };
      const now = t.clock();
      const threeLines = [
        cartItem('DAY-ADULT', 2, now),
        cartItem('DAY-CHILD', 1, now),
        cartItem('GRIP-M', 1, now),
      ];
      await sale(threeLines); // the first sale of these SKUs fills the catalogue cache

      counter.count = 0;
      const receipt = await sale([cartItem('DAY-ADULT', 1, now)]);
      const onePass = counter.count;
      expect(receipt.tickets).toHaveLength(1);
      expect(onePass).toBeGreaterThan(0);
      expect(onePass).toBeLessThanOrEqual(MAX_STATEMENTS_PER_CHECKOUT);
      // PostgreSQL, keyed: the token check, the shift with the catalogue's version and the key's row, and the sale's
      // one statement that claims the key, without BEGIN/COMMIT (writeClaimedSale).
      if (engine === 'postgres') expect(onePass).toBe(3);

      counter.count = 0;
      await sale(threeLines);
      expect(counter.count).toBe(onePass);
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'answers a receipt equal to the order and tickets the database gives back afterwards',
    async () => {
      t = await createTestApp({ engine });
      const cashier = await t.signIn(CASHIER);
      await openShift(t, cashier);
      const now = t.clock();
      const approval = await approve(t, cashier);
      const discountedLine = discounted(
        cartItem('DAY-CHILD', 2, now),
        { type: 'percentage', value: 10 },
        approval,
      );
      const receipts = [
        await sell(
          t,
          cashier,
          checkoutBody([cartItem('DAY-ADULT', 3, now), discountedLine, cartItem('GRIP-M', 2, now)], {
            tenders: [
              ['CASH', 100],
              ['CREDIT CARD', 200],
            ],
            email: 'Zoe@Example.com',
          }),
        ),
        await sell(t, cashier, checkoutBody([cartItem('MEMBER-1M', 1, now)], { email: 'mei@example.com' })),
        await sell(t, cashier, checkoutBody([cartItem('BOTTLE-750', 1, now)])),
      ];
      for (const receipt of receipts) {
        const order = await t.post(cashier, '/v1/admin/get_order', { order_id: receipt.order._id });
        expect(order.statusCode).toBe(200);
        expect(receipt.order).toEqual(order.json<Order>());
        const tickets: Ticket[] = [];
        for (const ticket of receipt.tickets) {
          const read = await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: ticket._id });
          expect(read.statusCode).toBe(200);
          tickets.push(read.json<Ticket>());
        }
        expect(receipt.tickets).toEqual(tickets);
      }
      expect(receipts[0]?.tickets).toHaveLength(5);
      expect(receipts[0]?.order.order_details.cart.items[1]?.discount?.approver_name).toBe('Max Manager');
      expect(receipts[1]?.tickets[0]?.member?._id).toBe('mei@example.com');
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'names the invoice in the answer, its replay, the stored answer and the audit entry alike, past number 999,999',
    async () => {
      t = await createTestApp({ engine });
      const cashier = await t.signIn(CASHIER);
      await openShift(t, cashier);
      const store = t.config.store;
      // The counter row is made by the store's first sale: made here, the last number issued 999,998.
      await sql`insert into invoice_counters (store, last_number) values (${store}, 999998)
        on conflict (store) do update set last_number = 999998`.execute(t.db);
      const now = t.clock();
      const keyed = async (items: ReturnType<typeof cartItem>[]) => {
        const key = crypto.randomUUID();
        const body = checkoutBody(items, { email: 'zoe@example.com' });
        const first = await postCheckout(t, cashier, body, key);
        expect(first.statusCode, first.body).toBe(200);
        const again = await postCheckout(t, cashier, body, key);
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
        return { key, receipt: first.json<Receipt>() };
      };
      const sales = [
        await keyed([cartItem('DAY-ADULT', 2, now)]),
        await keyed([cartItem('GRIP-M', 1, now)]), // no tickets
        await sell(t, cashier, checkoutBody([cartItem('DAY-CHILD', 1, now)])), // no key: nothing stored
      ];
      const receipts = sales.map((sale) => ('receipt' in sale ? sale.receipt : sale));
      expect(receipts.map((receipt) => receipt.order.invoice?._id)).toEqual([
        formatInvoiceId(store, 999_999),
        formatInvoiceId(store, 1_000_000),
        formatInvoiceId(store, 1_000_001),
      ]);
      expect(formatInvoiceId(store, 1_000_000)).toBe(`${store}-1000000`);
      for (const receipt of receipts) {
        for (const ticket of receipt.tickets) expect(ticket.order.invoice).toEqual(receipt.order.invoice);
        const audit = await t.db
          .selectFrom('audit_log')
          .select('details')
          .where('action', '=', 'order.paid')
          .where('subject_id', '=', receipt.order._id)
          .execute();
        expect(audit.map((row) => JSON.parse(row.details ?? '{}').invoice)).toEqual([
          receipt.order.invoice?._id,
        ]);
      }
      for (const sale of sales) {
        if (!('key' in sale)) continue;
        const stored = await t.db
          .selectFrom('idempotency_keys')
          .select(['status', 'response_status', 'response_body'])
          .where('key', '=', sale.key)
          .executeTakeFirstOrThrow();
        expect(stored.status).toBe('done');
        expect(stored.response_status).toBe(200);
        expect(JSON.parse(stored.response_body ?? 'null')).toEqual(sale.receipt);
      }
      const { rows: invoices } = await sql<{ id: string; number: number }>`
        select id, number from invoices where number >= 999999 order by number`.execute(t.db);
      expect(invoices.map((row) => [row.id, Number(row.number)])).toEqual([
        [formatInvoiceId(store, 999_999), 999_999],
        [formatInvoiceId(store, 1_000_000), 1_000_000],
        [formatInvoiceId(store, 1_000_001), 1_000_001],
      ]);
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'sells at a price changed directly in the database from the next checkout on (no stale catalogue)',
    async () => {
      t = await createTestApp({ engine });
      const cashier = await t.signIn(CASHIER);
      await openShift(t, cashier);
      const now = t.clock();
      const old = cartItem('DAY-ADULT', 1, now);
      expect((await sell(t, cashier, checkoutBody([old]))).order.total_amount).toBe(49); // cached at RM 49

      await sql`update pass_prices set value_sen = 5500 where variant_id = (
        select id from pass_variants where sku = 'DAY-ADULT')`.execute(t.db);
      const stale = await postCheckout(t, cashier, checkoutBody([old]));
      expect(stale.statusCode).toBe(409);
      const repriced = cartItem('DAY-ADULT', 1, now, { price: { value: 55, currency: 'MYR' } });
      expect((await sell(t, cashier, checkoutBody([repriced]))).order.total_amount).toBe(55);
    },
    SETUP_TIMEOUT_MS,
  );
});

/** POST /v1/checkout on `app` with an Idempotency-Key (PostgreSQL sells it in one statement). */
const keyedCheckout = (app: FastifyInstance, session: TestSession, body: unknown, key: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/checkout',
    payload: body as Record<string, unknown>,
    headers: { ...session.headers, 'idempotency-key': key },
  });

describeOnEngines('keyed sales after the shift or the catalogue changed', (engine) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it(
    'sells at the new price, into the new shift, refuses without a shift, and replays earlier keys all along',
    async () => {
      t = await createTestApp({ engine });
      const cashier = await t.signIn(CASHIER);
      await openShift(t, cashier);
      const now = t.clock();
      const old = checkoutBody([cartItem('DAY-ADULT', 1, now)]);
      const first = await keyedCheckout(t.app, cashier, old, 'first');
      expect(first.statusCode, first.body).toBe(200);
      expect((await keyedCheckout(t.app, cashier, old, 'second')).statusCode).toBe(200);

      await sql`update pass_prices set value_sen = 5500 where variant_id = (
        select id from pass_variants where sku = 'DAY-ADULT')`.execute(t.db);
      expect((await keyedCheckout(t.app, cashier, old, 'old-price')).statusCode).toBe(409);
      const repriced = checkoutBody([
        cartItem('DAY-ADULT', 1, now, { price: { value: 55, currency: 'MYR' } }),
      ]);
      const third = await keyedCheckout(t.app, cashier, repriced, 'repriced');
      expect(third.statusCode, third.body).toBe(200);
      expect(third.json<Receipt>().order.total_amount).toBe(55);
      // The first key, sent again at the old price: its own answer, nothing sold.
      const count = await ordersCount(t);
      const replayed = await keyedCheckout(t.app, cashier, old, 'first');
      expect(replayed.statusCode, replayed.body).toBe(200);
      expect(replayed.json()).toEqual(first.json());

      const ended = await t.post(cashier, '/v1/admin/end_shift', { cash: 0, card: 0, ewallet: 0 });
      expect(ended.statusCode, ended.body).toBe(200);
      const closed = await keyedCheckout(t.app, cashier, repriced, 'no-shift');
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({ message: 'No open shift' });
      const again = await keyedCheckout(t.app, cashier, repriced, 'repriced');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(third.json());
      expect(await ordersCount(t)).toBe(count);

      await openShift(t, cashier);
      const open = await t.db
        .selectFrom('shifts')
        .select('id')
        .where('closed_at', 'is', null)
        .executeTakeFirstOrThrow();
      const inNewShift = await keyedCheckout(t.app, cashier, repriced, 'new-shift');
      expect(inNewShift.statusCode, inNewShift.body).toBe(200);
      const sold = await t.db
        .selectFrom('orders')
        .select('shift_id')
        .where('id', '=', inNewShift.json<Receipt>().order._id)
        .executeTakeFirstOrThrow();
      expect(sold.shift_id).toBe(open.id);
      expect(await ordersCount(t)).toBe(count + 1);
    },
    SETUP_TIMEOUT_MS,
  );
});

describe.skipIf(PG_TEST_URL === undefined)(
  'catalogue cache with two servers on one PostgreSQL database',
  () => {
    let t: TestApp;
    const extra: { close(): Promise<unknown> }[] = [];
    afterEach(async () => {
      for (const closable of extra.splice(0)) await closable.close();
      await t?.close();
    });

    it(
      'a price changed through one server is charged by the other from its next checkout on',
      async () => {
        t = await createTestApp({ engine: 'postgres' });
        const url = PG_TEST_URL ?? '';
        const otherDb = createDb(url, { schema: t.schema ?? '', poolSize: 2 });
        extra.push({ close: () => otherDb.destroy() });
        const other = await secondServer(t, otherDb);
        extra.unshift(other.app); // closed before its database

        const cashier = await t.signIn(CASHIER);
        await openShift(t, cashier);
        const now = t.clock();
        const old = cartItem('DAY-ADULT', 1, now);
        // The first server sells at RM 49 (and caches it), twice to be sure the second sale came from its cache.
        expect((await sell(t, cashier, checkoutBody([old]))).order.total_amount).toBe(49);
        expect((await sell(t, cashier, checkoutBody([old]))).order.total_amount).toBe(49);

        const manager = await signInOn(other.app, MANAGER);
        const edited = await other.post(manager, '/v1/admin/catalog/edit', {
          sku: 'DAY-ADULT',
          changes: { price: 52 },
        });
        expect(edited.statusCode, edited.body).toBe(200);

        const stale = await postCheckout(t, cashier, checkoutBody([old]));
        expect(stale.statusCode).toBe(409);
        expect(stale.json<{ message: string }>().message).toContain('DAY-ADULT');
        const repriced = cartItem('DAY-ADULT', 1, now, { price: { value: 52, currency: 'MYR' } });
        const sold = await sell(t, cashier, checkoutBody([repriced]));
        expect(sold.order.total_amount).toBe(52);

        // And back through the first server: the second one, which read RM 52 meanwhile, follows too.
        const managerHere = await t.signIn(MANAGER);
        const back = await t.post(managerHere, '/v1/admin/catalog/edit', {
          sku: 'DAY-ADULT',
          changes: { price: 49 },
        });
        expect(back.statusCode).toBe(200);
        const cashierThere = await signInOn(other.app, CASHIER);
        expect((await other.post(cashierThere, '/v1/checkout', checkoutBody([repriced]))).statusCode).toBe(
          409,
        );
        const soldThere = await other.post(cashierThere, '/v1/checkout', checkoutBody([old]));
        expect(soldThere.statusCode, soldThere.body).toBe(200);
        expect(soldThere.json<Receipt>().order.total_amount).toBe(49);
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'a price changed through one server is charged by the other from its next keyed checkout on',
      async () => {
        t = await createTestApp({ engine: 'postgres' });
        const otherDb = createDb(PG_TEST_URL ?? '', { schema: t.schema ?? '', poolSize: 2 });
        extra.push({ close: () => otherDb.destroy() });
        const other = await secondServer(t, otherDb);
        extra.unshift(other.app);

        const cashier = await t.signIn(CASHIER);
        await openShift(t, cashier);
        const now = t.clock();
        const old = checkoutBody([cartItem('DAY-ADULT', 1, now)]);
        // Two keyed sales, the second one priced from this server's catalogue cache.
        for (const key of ['k1', 'k2']) {
          const sold = await keyedCheckout(t.app, cashier, old, key);
          expect(sold.statusCode, sold.body).toBe(200);
          expect(sold.json<Receipt>().order.total_amount).toBe(49);
        }
        const manager = await signInOn(other.app, MANAGER);
        const edited = await other.post(manager, '/v1/admin/catalog/edit', {
          sku: 'DAY-ADULT',
          changes: { price: 52 },
        });
        expect(edited.statusCode, edited.body).toBe(200);

        const stale = await keyedCheckout(t.app, cashier, old, 'k3');
        expect(stale.statusCode).toBe(409);
        expect(stale.json<{ message: string }>().message).toContain('DAY-ADULT');
        const repriced = checkoutBody([
          cartItem('DAY-ADULT', 1, now, { price: { value: 52, currency: 'MYR' } }),
        ]);
        const sold = await keyedCheckout(t.app, cashier, repriced, 'k4');
        expect(sold.statusCode, sold.body).toBe(200);
        expect(sold.json<Receipt>().order.total_amount).toBe(52);
      },
      SETUP_TIMEOUT_MS,
    );

    it(
      'a price fixed by hand from a session of another search_path, the schema named in the statement, is charged by the next checkout',
      async () => {
        t = await createTestApp({ engine: 'postgres' });
        const schema = t.schema ?? '';
        // A psql session of the database: its search_path is another schema that holds a catalogue_version of its
        // own (another venue's), which the trigger must not bump instead of this venue's.
        const decoy = `${schema}_other`;
        const psql = createDb(PG_TEST_URL ?? '', { poolSize: 1 });
        extra.push({ close: () => psql.destroy() });
        await sql`create schema ${sql.id(decoy)}`.execute(psql);
        extra.unshift({ close: () => sql`drop schema ${sql.id(decoy)} cascade`.execute(psql) });
        await sql`create table ${sql.id(decoy, 'catalogue_version')} (id integer primary key, version integer not null)`.execute(
          psql,
        );
        await sql`insert into ${sql.id(decoy, 'catalogue_version')} values (1, 0)`.execute(psql);

        const cashier = await t.signIn(CASHIER);
        await openShift(t, cashier);
        const now = t.clock();
        const old = cartItem('DAY-ADULT', 1, now);
        expect((await sell(t, cashier, checkoutBody([old]))).order.total_amount).toBe(49); // cached at RM 49

        await psql.transaction().execute(async (trx) => {
          await sql`set local search_path = ${sql.id(decoy)}`.execute(trx);
          await sql`update ${sql.id(schema, 'pass_prices')} set value_sen = 5600 where variant_id = (
            select id from ${sql.id(schema, 'pass_variants')} where sku = 'DAY-ADULT')`.execute(trx);
        });
        const { rows: decoyVersion } = await sql<{ version: number }>`
          select version from ${sql.id(decoy, 'catalogue_version')}`.execute(psql);
        expect(decoyVersion).toEqual([{ version: 0 }]);

        const stale = await postCheckout(t, cashier, checkoutBody([old]));
        expect(stale.statusCode).toBe(409);
        const repriced = cartItem('DAY-ADULT', 1, now, { price: { value: 56, currency: 'MYR' } });
        expect((await sell(t, cashier, checkoutBody([repriced]))).order.total_amount).toBe(56);
      },
      SETUP_TIMEOUT_MS,
    );
  },
);
