import type { Kysely } from 'kysely';
import type { ShiftReport } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import type { Database, Db, ShiftRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { recordExpectedTakings } from './expectedTakings';
import { lockOpenShiftToClose } from './openShift';
import { computeShiftReport, type MethodTotalsSen } from './shiftReport';

/**
 * Closes an open shift with the takings counted at the end. Call it inside a transaction with the report.
 *
 * @returns the closed shift.
 * @throws {HttpProblem} 409 'No open shift' when it was closed meanwhile (two end_shift calls at once).
 */
export async function closeShift(
  db: Db,
  options: { shift: ShiftRow; counted: MethodTotalsSen; staffId: string; now: Date },
): Promise<ShiftRow> {
  const closed = await db
    .updateTable('shifts')
    .set({
      closed_at: options.now.toISOString(),
      closed_by: options.staffId,
      counted_cash_sen: options.counted.cash,
      counted_card_sen: options.counted.card,
      counted_ewallet_sen: options.counted.ewallet,
    })
    .where('id', '=', options.shift.id)
    .where('closed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (closed === undefined) throw HttpProblem.conflict(SERVER_MESSAGES.noOpenShift);
  return closed;
}

/**
 * end_shift: closes the terminal's open shift with the counted takings ({@link closeShift}) and adds up its
 * end-of-shift report, in one transaction with the `shift.closed` audit entry and the report's expected takings kept
 * on the shift (`recordExpectedTakings`).
 *
 * @throws {HttpProblem} 409 'No open shift' without an open shift (or when another end_shift closed it first).
 */
export async function endShift(
  db: Kysely<Database>,
  options: { terminalId: string; counted: MethodTotalsSen; staffId: string; now: Date },
): Promise<ShiftReport> {
  const { terminalId, counted, staffId, now } = options;
  return db.transaction().execute(async (trx) => {
    // Waits for the sales, refunds and float entries still being written into the shift (see lockOpenShiftToClose).
    const open = await lockOpenShiftToClose(trx, terminalId);
    const shift = await closeShift(trx, { shift: open, counted, staffId, now });
    const report = await computeShiftReport(trx, shift, counted);
    // Kept with the shift: the sales summary lists the variances of many shifts without adding each one up again.
    await recordExpectedTakings(trx, shift.id, report.expected);
    await recordAudit(trx, {
      action: 'shift.closed',
      staffId,
      terminalId,
      at: now,
      subject: { type: 'shift', id: shift.id },
      amount: counted.cash,
      details: { counted: report.counted, expected: report.expected, variance: report.variance },
    });
    return report;
  });
}
