import type { Kysely } from 'kysely';
import type { MethodTotals, ShiftReport } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { addSen, type Sen, sen, subtractSen, sumSen, toRinggit, ZERO } from 'pos-sdk/money';
import type { Database, Db, ShiftRow, TenderMethod } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { staffDisplayName } from '../staff';
import { shiftTax } from './shiftTax';
import { floatEntriesOf } from './shiftToWire';

/** Amounts per payment method, in sen. */
export interface MethodTotalsSen {
  cash: Sen;
  card: Sen;
  ewallet: Sen;
}

/** Which report column each tender method adds to. */
export const METHOD_COLUMN: Readonly<Record<TenderMethod, keyof MethodTotalsSen>> = {
  CASH: 'cash',
  'CREDIT CARD': 'card',
  'E-WALLET': 'ewallet',
};

const NONE: MethodTotalsSen = { cash: ZERO, card: ZERO, ewallet: ZERO };

const toWire = (totals: MethodTotalsSen): MethodTotals => ({
  cash: toRinggit(totals.cash),
  card: toRinggit(totals.card),
  ewallet: toRinggit(totals.ewallet),
});

const byMethod = (rows: { method: TenderMethod; total: number | null }[]): MethodTotalsSen => {
  const totals = { ...NONE };
  for (const row of rows) {
    const column = METHOD_COLUMN[row.method];
    totals[column] = addSen(totals[column], sen(Number(row.total ?? 0)));
  }
  return totals;
};

/** A count's variance per method: counted − expected (positive is over), as the end-of-shift report gives it. */
export function varianceOf(counted: MethodTotalsSen, expected: MethodTotalsSen): MethodTotalsSen {
  return {
    cash: subtractSen(counted.cash, expected.cash),
    card: subtractSen(counted.card, expected.card),
    ewallet: subtractSen(counted.ewallet, expected.ewallet),
  };
}

/** Amounts per method in sen as the contract's ringgit (`MethodTotals`). */
export function methodTotalsToWire(totals: MethodTotalsSen): MethodTotals {
  return toWire(totals);
}

/**
 * Tenders per method of the orders matching a column (the shift's sales, or the orders reversed in it). Of the
 * reversed ones only those without refunds by line (`refunded_sen` 0: cancellations and whole refunds made before
 * migration 0020); refunds by line are counted from what each gave back ({@link refundTendersIn}).
 */
async function tendersBy(db: Db, column: 'shift_id' | 'reversed_in_shift_id', shiftId: string) {
  let query = db
    .selectFrom('tenders')
    .innerJoin('orders', 'orders.id', 'tenders.order_id')
    .select((eb) => ['tenders.method', eb.fn.sum<number>('tenders.amount_sen').as('total')])
    .where(`orders.${column}`, '=', shiftId);
  if (column === 'reversed_in_shift_id') query = query.where('orders.refunded_sen', '=', 0);
  const rows = await query.groupBy('tenders.method').execute();
  return byMethod(rows);
}

/** Sum of the change given on the orders matching a column (reversed ones: as {@link tendersBy} counts them). */
async function changeBy(db: Db, column: 'shift_id' | 'reversed_in_shift_id', shiftId: string): Promise<Sen> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.sum<number>('change_sen').as('total'))
    .where(column, '=', shiftId);
  if (column === 'reversed_in_shift_id') query = query.where('refunded_sen', '=', 0);
  const row = await query.executeTakeFirst();
  return sen(Number(row?.total ?? 0));
}

/** What the refunds made in a shift gave back, per method (migration 0020). */
async function refundTendersIn(db: Db, shiftId: string): Promise<MethodTotalsSen> {
  const rows = await db
    .selectFrom('order_refund_tenders')
    .innerJoin('order_refunds', 'order_refunds.id', 'order_refund_tenders.refund_id')
    .select((eb) => [
      'order_refund_tenders.method as method',
      eb.fn.sum<number>('order_refund_tenders.amount_sen').as('total'),
    ])
    .where('order_refunds.shift_id', '=', shiftId)
    .groupBy('order_refund_tenders.method')
    .execute();
  return byMethod(rows);
}

/** Orders refunded in part in a shift: a refund in it, still PAID. */
async function countRefundedInPart(db: Db, shiftId: string): Promise<number> {
  const row = await db
    .selectFrom('order_refunds')
    .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
    .select((eb) => eb.fn.count<number>('order_refunds.order_id').distinct().as('n'))
    .where('order_refunds.shift_id', '=', shiftId)
    .where('orders.status', '=', 'PAID')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function countOrders(
  db: Db,
  column: 'shift_id' | 'reversed_in_shift_id',
  shiftId: string,
  status?: 'REFUNDED' | 'CANCELED',
): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', shiftId);
  if (status !== undefined) query = query.where('status', '=', status);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The shift report (contract: ShiftReport), computed from the orders and tenders tables.
 *
 * - `float`: the sum of the shift's float entries.
 * - `sales`: what was taken per method on the orders of this shift (`orders.shift_id`), whatever their status now;
 *   cash net of the change handed back (`change_given`, always cash, reported for information).
 * - `refunds`: money handed back in this shift: by cancellations (`orders.reversed_in_shift_id`: card and e-wallet
 *   tenders, and cash tendered minus the change given on those orders) and by refunds (`order_refunds.shift_id`:
 *   what each gave back per method; whole refunds made before migration 0020 count as cancellations do).
 * - `expected`: float + sales − refunds per method (cash: float + net cash sales − cash refunded): the report's
 *   columns reconcile, and counted − expected = variance.
 * - `counted` / `variance` (counted − expected, positive is over): only when `counted` is given (end of shift).
 * - `orders`: orders taken in this shift, and orders refunded / canceled in it.
 * - `tax`: the tax collected in it, per code and in total, net of what its refunds and cancellations gave back
 *   (`shiftTax`); only when it sold or gave back a line with a tax code.
 *
 * Assumes a checkout never gives more change than the cash tendered (change is cash).
 */
export async function computeShiftReport(
  db: Db,
  shift: ShiftRow,
  counted?: MethodTotalsSen,
  options: {
    /** Add up the tax collected (default true); false where only the money is wanted (expected takings). */
    withTax?: boolean;
  } = {},
): Promise<ShiftReport> {
  const float = sumSen((await floatEntriesOf(db, shift.id)).map((entry) => entry.cash));
  const tendered = await tendersBy(db, 'shift_id', shift.id);
  const changeGiven = await changeBy(db, 'shift_id', shift.id);
  // Cash sales are what stayed in the drawer: cash handed over minus the change given back (a RM 98 sale paid with
  // RM 200 is RM 98 of cash sales, not RM 200), so the columns add up.
  const sales: MethodTotalsSen = { ...tendered, cash: subtractSen(tendered.cash, changeGiven) };
  const reversed = await tendersBy(db, 'reversed_in_shift_id', shift.id);
  const byLine = await refundTendersIn(db, shift.id);
  const refunds: MethodTotalsSen = {
    cash: addSen(
      subtractSen(reversed.cash, await changeBy(db, 'reversed_in_shift_id', shift.id)),
      byLine.cash,
    ),
    card: addSen(reversed.card, byLine.card),
    ewallet: addSen(reversed.ewallet, byLine.ewallet),
  };
  const expected: MethodTotalsSen = {
    cash: subtractSen(addSen(float, sales.cash), refunds.cash),
    card: subtractSen(sales.card, refunds.card),
    ewallet: subtractSen(sales.ewallet, refunds.ewallet),
  };
  const variance = counted === undefined ? null : varianceOf(counted, expected);
  const refundedInPart = await countRefundedInPart(db, shift.id);
  const tax = options.withTax === false ? undefined : await shiftTax(db, shift.id);
  return {
    shift_id: shift.id,
    terminal: shift.terminal_id,
    staff: await staffDisplayName(db, shift.staff_id),
    opened_at: shift.opened_at,
    closed_at: shift.closed_at,
    float: toRinggit(float),
    sales: toWire(sales),
    change_given: toRinggit(changeGiven),
    refunds: toWire(refunds),
    expected: toWire(expected),
    counted: counted === undefined ? null : toWire(counted),
    variance: variance === null ? null : toWire(variance),
    orders: {
      count: await countOrders(db, 'shift_id', shift.id),
      refunded: await countOrders(db, 'reversed_in_shift_id', shift.id, 'REFUNDED'),
      canceled: await countOrders(db, 'reversed_in_shift_id', shift.id, 'CANCELED'),
      // Only when there are some: reports without refunds by line keep the shape they had.
      ...(refundedInPart > 0 ? { refunded_in_part: refundedInPart } : {}),
    },
    // Only with tax: the report of a shift that sold nothing with a tax code keeps the shape it had.
    ...(tax === undefined ? {} : { tax }),
  };
}

/**
 * The X report of the terminal's open shift (shift_report), read in one transaction: its figures are added up from
 * several statements (float, tenders, change, refunds, counts), and read one by one a sale committing between two of
 * them was counted by some and not others (its cash tendered without its change: a report that did not add up).
 * PostgreSQL reads them from one snapshot (REPEATABLE READ, read only); on SQLite the transaction holds the one
 * connection, so no write comes between them.
 *
 * @throws {HttpProblem} 409 'No open shift'.
 */
export async function readShiftReport(db: Kysely<Database>, terminalId: string): Promise<ShiftReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const shift = await trx
        .selectFrom('shifts')
        .selectAll()
        .where('terminal_id', '=', terminalId)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (shift === undefined) throw HttpProblem.conflict(SERVER_MESSAGES.noOpenShift);
      return computeShiftReport(trx, shift);
    });
}

/**
 * Any shift's report by its id (the back office): the X report while it is open, the end-of-shift report once closed
 * (with what was counted, and the variance against what was expected).
 *
 * @throws {HttpProblem} 404 'Shift not found'.
 */
export async function readShiftReportOf(db: Kysely<Database>, shiftId: string): Promise<ShiftReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const shift = await trx.selectFrom('shifts').selectAll().where('id', '=', shiftId).executeTakeFirst();
      if (shift === undefined) throw HttpProblem.notFound(SERVER_MESSAGES.shiftNotFound);
      const counted =
        shift.closed_at === null
          ? undefined
          : {
              cash: sen(Number(shift.counted_cash_sen ?? 0)),
              card: sen(Number(shift.counted_card_sen ?? 0)),
              ewallet: sen(Number(shift.counted_ewallet_sen ?? 0)),
            };
      return computeShiftReport(trx, shift, counted);
    });
}
