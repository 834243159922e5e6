/**
 * The seam between checking a sale and storing it: `sell` builds the rows once, and every writer of the engine stores
 * the same sale for them (the same invoice, the same receipt), the receipt being what the database gives back.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Order, Receipt, Ticket } from 'pos-sdk/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, staffId, TZ } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import type { Database } from '../../db/Database';
import { hashRequestBody, type KeyTaken, statementClaim } from '../../http/idempotency';
import { formatInvoiceId } from '../../invoices/issueInvoice';
import { openShiftAndCatalogue, type SaleContext, sell } from '../checkout';
import {
  postgresSaleWriter,
  type SaleToWrite,
  type SaleWriter,
  type SoldSale,
  saleWriterFor,
  sqliteSaleWriter,
} from '../saleWriter';

/** Thrown to roll a transaction back with what its work answered. */
class RolledBack<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}

/** What `work` answers in a transaction that is then rolled back: nothing it wrote stays. */
async function rolledBack<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    await db.transaction().execute(async (trx) => {
      throw new RolledBack(await work(trx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('The transaction was not rolled back');
}

describeOnEngines('sale writers', (engine) => {
  let t: TestApp;
  let cashier: TestSession;
  let context: SaleContext;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    cashier = await t.signIn(CASHIER);
    await openShift(t, cashier);
    context = {
      staffId: await staffId(t, CASHIER),
      terminalId: 'TICKET01',
      store: t.config.store,
      timeZone: TZ,
      now: t.clock(),
    };
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  /** A sale of two passes and a T-shirt with a receipt by mail, checked and built once. */
  const built = async (): Promise<SaleToWrite> => {
    const now = t.clock();
    const body = checkoutBody([cartItem('DAY-ADULT', 2, now), cartItem('GRIP-M', 1, now)], {
      email: 'zoe@example.com',
    });
    const opened = await t.db.transaction().execute((trx) => openShiftAndCatalogue(trx, 'TICKET01'));
    return sell(t.db, body, { ...context, now }, opened);
  };
  const invoiceCount = async () => (await t.db.selectFrom('invoices').select('id').execute()).length;
  /** A key claimed (pending) for `withIdempotency`'s answer slot, in `trx`. */
  const claimKey = (trx: Transaction<Database>, key: string) =>
    trx
      .insertInto('idempotency_keys')
      .values({
        scope: 'checkout',
        key,
        staff_id: context.staffId,
        body_hash: 'hash',
        status: 'pending',
        response_status: null,
        response_body: null,
        created_at: t.clock().toISOString(),
        completed_at: null,
      })
      .execute();

  it('is chosen by the engine: only PostgreSQL makes a keyed sale without a transaction', () => {
    const writer = saleWriterFor(t.db);
    expect(writer).toBe(engine === 'postgres' ? postgresSaleWriter : sqliteSaleWriter);
    expect(writer.inStatement === undefined).toBe(engine === 'sqlite');
  });

  it(
    'stores the same sale for the same rows with every writer of the engine: what the database gives back',
    async () => {
      const sale = await built();
      const before = await invoiceCount();
      // The statement-per-table writer runs on both engines; PostgreSQL's own writers only there.
      const writers: SaleWriter[] = engine === 'postgres' ? [sqliteSaleWriter, postgresSaleWriter] : [];
      const stored: SoldSale[] = [];
      for (const writer of writers)
        stored.push(await rolledBack(t.db, (trx) => writer.write(trx, sale, undefined)));
      expect(await invoiceCount()).toBe(before);
      // The last one commits: a keyed sale in one statement on PostgreSQL, the sale in a transaction on SQLite.
      const inStatement = postgresSaleWriter.inStatement;
      let last: SoldSale | KeyTaken;
      if (engine === 'postgres' && inStatement !== undefined) {
        const key = crypto.randomUUID();
        const claim = statementClaim({
          key,
          scope: 'checkout',
          staffId: context.staffId,
          bodyHash: hashRequestBody({}),
          now: t.clock(),
        });
        last = await inStatement.write(t.db, sale, claim);
        const answer = await t.db
          .selectFrom('idempotency_keys')
          .select('response_body')
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        expect(last.kind === 'sold' && last.answerStored).toBe(true);
        if (last.kind === 'sold') expect(JSON.parse(answer.response_body ?? 'null')).toEqual(last.receipt);
      } else {
        last = await t.db.transaction().execute((trx) => sqliteSaleWriter.write(trx, sale, undefined));
      }
      if (last.kind !== 'sold') throw new Error('The sale was not stored');
      stored.push(last);

      const number = before + 1;
      for (const sold of stored) {
        expect({ invoiceId: sold.invoiceId, receipt: sold.receipt }).toEqual({
          invoiceId: formatInvoiceId(t.config.store, number),
          receipt: last.receipt,
        });
      }
      const receipt: Receipt = last.receipt;
      expect(receipt.order.invoice?._id).toBe(last.invoiceId);
      expect(receipt.tickets).toHaveLength(2);
      const order = await t.post(cashier, '/v1/admin/get_order', { order_id: receipt.order._id });
      expect(order.statusCode).toBe(200);
      expect(receipt.order).toEqual(order.json<Order>());
      for (const ticket of receipt.tickets) {
        const read = await t.post(cashier, '/v1/admin/get_ticket', { ticket_id: ticket._id });
        expect(read.json<Ticket>()).toEqual(ticket);
      }
      const audit = await t.db
        .selectFrom('audit_log')
        .select('details')
        .where('action', '=', 'order.paid')
        .where('subject_id', '=', sale.orderId)
        .execute();
      expect(audit.map((row) => JSON.parse(row.details ?? '{}').invoice)).toEqual([last.invoiceId]);
    },
    SETUP_TIMEOUT_MS,
  );

  it('stores the answer with the sale only where the writer says so, as the receipt it returns', async () => {
    const sale = await built();
    const key = crypto.randomUUID();
    const slot = { scope: 'checkout', key, completedAt: t.clock().toISOString() };
    const writers = engine === 'postgres' ? [sqliteSaleWriter, postgresSaleWriter] : [sqliteSaleWriter];
    for (const writer of writers) {
      const { sold, row } = await rolledBack(t.db, async (trx) => {
        await claimKey(trx, key);
        const written = await writer.write(trx, sale, slot);
        const read = await trx
          .selectFrom('idempotency_keys')
          .select(['status', 'response_body', 'completed_at'])
          .where('key', '=', key)
          .executeTakeFirstOrThrow();
        return { sold: written, row: read };
      });
      expect(sold.answerStored).toBe(writer === postgresSaleWriter);
      if (sold.answerStored) {
        expect(row.status).toBe('done');
        expect(row.completed_at).toBe(slot.completedAt);
        expect(JSON.parse(row.response_body ?? 'null')).toEqual(sold.receipt);
      } else {
        // withIdempotency stores it after the work.
        expect(row).toMatchObject({ status: 'pending', response_body: null });
      }
    }
  });

  // Only PostgreSQL's writer makes a keyed sale without a transaction (see the first test).
  if (engine === 'postgres') {
    it('answers `taken` without writing when the key is taken before the sale or while it is built', async () => {
      const inStatement = postgresSaleWriter.inStatement;
      if (inStatement === undefined) throw new Error('PostgreSQL makes keyed sales in one statement');
      const request = {
        scope: 'checkout',
        staffId: context.staffId,
        bodyHash: hashRequestBody({}),
        now: t.clock(),
      };
      // Taken before: the first statement finds the key's row.
      const done = crypto.randomUUID();
      const sale = await built();
      await inStatement.write(t.db, sale, statementClaim({ ...request, key: done }));
      const taken = await inStatement.open(t.db, 'TICKET01', statementClaim({ ...request, key: done }));
      expect(taken).toMatchObject({ kind: 'taken', row: { key: done, status: 'done' } });
      // Taken meanwhile: the claim of the last statement loses, and nothing is written.
      const key = crypto.randomUUID();
      const claim = statementClaim({ ...request, key });
      const opened = await inStatement.open(t.db, 'TICKET01', claim);
      expect(opened).toMatchObject({ kind: 'open', shiftId: sale.shiftId });
      const other = await built();
      await t.db.transaction().execute((trx) => claimKey(trx, key));
      const before = await invoiceCount();
      expect(await inStatement.write(t.db, other, claim)).toEqual({ kind: 'taken', row: null });
      expect(await invoiceCount()).toBe(before);
      const orders = await t.db.selectFrom('orders').select('id').where('id', '=', other.orderId).execute();
      expect(orders).toEqual([]);
    });
  }
});
