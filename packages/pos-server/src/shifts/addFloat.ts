import { randomUUID } from 'node:crypto';
import { type Sen, sumSen } from 'pos-sdk/money';
import { validateFloat } from 'pos-sdk/rules';
import type { Db, ShiftRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { floatEntriesOf } from './shiftToWire';

/**
 * Appends a float entry (an amount in ringgit, as on the wire) to a shift. A negative entry (cash taken out) is allowed, a negative float total is not
 * (`validateFloat` of pos-sdk). Call it inside a transaction so the position and the total are consistent.
 *
 * @throws {HttpProblem} 422 `rule` with the rule's message when the total would drop below zero.
 */
export async function addFloat(
  db: Db,
  options: { shift: ShiftRow; ringgit: number; staffId: string; now: Date },
): Promise<Sen> {
  const entries = await floatEntriesOf(db, options.shift.id);
  // validateFloat reads the amount as the cashier typed it (ringgit), as the clients do.
  const checked = validateFloat(options.ringgit, {
    currentFloatTotal: sumSen(entries.map((entry) => entry.cash)),
  });
  if (!checked.ok) {
    const message = checked.errors.float ?? 'Invalid float';
    throw HttpProblem.rule(message, [{ path: 'float', message }]);
  }
  await db
    .insertInto('float_entries')
    .values({
      id: randomUUID(),
      shift_id: options.shift.id,
      position: entries.length + 1,
      cash_sen: checked.value.float,
      staff_id: options.staffId,
      at: options.now.toISOString(),
    })
    .execute();
  return checked.value.float;
}
