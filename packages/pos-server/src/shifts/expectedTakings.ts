import type { Kysely, Transaction } from 'kysely';
import type { MethodTotals, SalesSummary } from 'pos-sdk/contract';
import { fromRinggit, sen } from 'pos-sdk/money';
import type { Database, Db, ShiftRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { whenDurable } from '../db/groupCommit';
import { staffNames } from '../staff';
import { computeShiftReport, type MethodTotalsSen, methodTotalsToWire, varianceOf } from './shiftReport';

/** Where only a report's money is read (expected takings, variances): its tax is not added up. */
const MONEY_ONLY = { withTax: false } as const;

/** The end-of-shift report's amounts per method, from the wire's ringgit back to sen (exact: see `toRinggit`). */
const inSen = (totals: MethodTotals): MethodTotalsSen => ({
  cash: fromRinggit(totals.cash),
  card: fromRinggit(totals.card),
  ewallet: fromRinggit(totals.ewallet),
});

/**
 * Keeps a closed shift's expected takings (`shifts.expected_*_sen`): the `expected` of its end-of-shift report, so that
 * a list of many shifts gives their variances without adding up each one's report again.
 */
export async function recordExpectedTakings(db: Db, shiftId: string, expected: MethodTotals): Promise<void> {
  const inSenExpected = inSen(expected);
  await db
    .updateTable('shifts')
    .set({
      expected_cash_sen: inSenExpected.cash,
      expected_card_sen: inSenExpected.card,
      expected_ewallet_sen: inSenExpected.ewallet,
    })
    .where('id', '=', shiftId)
    .execute();
}

/**
 * Whether the shift is closed; a closed one is locked (`FOR UPDATE` on PostgreSQL) until the transaction ends. A
 * replayed offline sale booked into a closed shift calls it before it writes, and {@link refreshExpectedTakings}
 * after: two such replays into one shift then add up its report one after the other, each seeing the other's sale
 * (and none holds the row's key-share lock of its own sale when it asks for the update lock).
 */
export async function lockIfClosed(trx: Transaction<Database>, shiftId: string): Promise<boolean> {
  const query = trx
    .selectFrom('shifts')
    .select('id')
    .where('id', '=', shiftId)
    .where('closed_at', 'is not', null);
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  return row !== undefined;
}

/**
 * Adds up a closed shift's end-of-shift report again (`computeShiftReport`) and keeps its expected takings: a sale
 * made offline while it was open and replayed after it closed changes what the drawer should have held.
 */
export async function refreshExpectedTakings(trx: Transaction<Database>, shiftId: string): Promise<void> {
  const shift = await trx
    .selectFrom('shifts')
    .selectAll()
    .where('id', '=', shiftId)
    .executeTakeFirstOrThrow();
  const report = await computeShiftReport(trx, shift, undefined, MONEY_ONLY);
  await recordExpectedTakings(trx, shiftId, report.expected);
}

/** Closed shifts per transaction of {@link fillShiftExpectations}. */
const FILL_BATCH = 200;

/**
 * Adds up the end-of-shift report (`computeShiftReport`) of every closed shift whose expected takings are not kept
 * yet (those closed before migration 0027), and keeps them: `pos-server` runs it at its start, before it listens.
 * Once done it costs one query.
 *
 * @returns how many shifts it filled.
 */
export async function fillShiftExpectations(db: Kysely<Database>): Promise<number> {
  const unfilled = (handle: Db) =>
    handle
      .selectFrom('shifts')
      .selectAll()
      .where('closed_at', 'is not', null)
      .where('expected_cash_sen', 'is', null)
      .orderBy('id')
      .limit(FILL_BATCH);
  // Read first, outside a transaction: on SQLite a transaction holds the write lock until its batch commits, and
  // there is nothing to write on every start but the first after the migration.
  if ((await unfilled(db).limit(1).execute()).length === 0) return 0;
  let filled = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const shifts = await unfilled(trx).execute();
      for (const shift of shifts) {
        const report = await computeShiftReport(trx, shift, undefined, MONEY_ONLY);
        await recordExpectedTakings(trx, shift.id, report.expected);
      }
      return shifts.length;
    });
    filled += done;
    if (done < FILL_BATCH) break;
  }
  // On disk before the server goes on (SQLite's group commit): nothing of the start is left holding the write lock.
  await whenDurable();
  return filled;
}

/** A shift as the sales summary lists it. */
export type ShiftVariance = SalesSummary['shifts'][number];

/** The counted takings of a closed shift, or undefined when a column is empty. */
function countedOf(shift: ShiftRow): MethodTotalsSen | undefined {
  const { counted_cash_sen: cash, counted_card_sen: card, counted_ewallet_sen: ewallet } = shift;
  if (cash === null || card === null || ewallet === null) return undefined;
  return { cash: sen(Number(cash)), card: sen(Number(card)), ewallet: sen(Number(ewallet)) };
}

/** The kept expected takings of a shift, or undefined when not kept. */
function expectedOf(shift: ShiftRow): MethodTotalsSen | undefined {
  const { expected_cash_sen: cash, expected_card_sen: card, expected_ewallet_sen: ewallet } = shift;
  if (cash === null || card === null || ewallet === null) return undefined;
  return { cash: sen(Number(cash)), card: sen(Number(card)), ewallet: sen(Number(ewallet)) };
}

/**
 * The shifts opened in `[from, to)` in a store (all stores when `store` is undefined), oldest first, each with its
 * variance per method once closed: counted − expected as its end-of-shift report gives it (`varianceOf` of the
 * counted takings and the kept expected ones; a closed shift whose expected takings are not kept yet has its report
 * added up now), null while open.
 */
export async function shiftsOpenedIn(
  db: Db,
  period: { store: string | undefined; from: Date; to: Date },
): Promise<ShiftVariance[]> {
  let query = db
    .selectFrom('shifts')
    .selectAll()
    .where('opened_at', '>=', period.from.toISOString())
    .where('opened_at', '<', period.to.toISOString());
  if (period.store !== undefined) query = query.where('store', '=', period.store);
  const shifts = await query.orderBy('opened_at').orderBy('id').execute();
  const names = await staffNames(
    db,
    shifts.map((shift) => shift.staff_id),
  );
  const listed: ShiftVariance[] = [];
  for (const shift of shifts) {
    const counted = countedOf(shift);
    let variance: MethodTotals | null = null;
    if (shift.closed_at !== null && counted !== undefined) {
      const expected = expectedOf(shift);
      variance =
        expected === undefined
          ? (await computeShiftReport(db, shift, counted, MONEY_ONLY)).variance
          : methodTotalsToWire(varianceOf(counted, expected));
    }
    listed.push({
      shift_id: shift.id,
      terminal: shift.terminal_id,
      staff: names.get(shift.staff_id) ?? shift.staff_id,
      opened_at: shift.opened_at,
      closed_at: shift.closed_at,
      variance,
    });
  }
  return listed;
}
