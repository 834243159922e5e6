import { SERVER_MESSAGES } from 'pos-sdk/messages';
import type { Db, ShiftRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import type { MethodTotalsSen } from './shiftReport';

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
