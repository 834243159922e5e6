import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Shift } from 'pos-sdk/contract';
import { type Sen, sumSen } from 'pos-sdk/money';
import { validateFloat } from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import type { Database, Db, ShiftRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { requireOpenShift } from './openShift';
import { floatEntriesOf, shiftToWire } from './shiftToWire';

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

/**
 * set_float: appends a float entry to the terminal's open shift ({@link addFloat}), in one transaction with the
 * `shift.float_set` audit entry.
 *
 * @returns the shift as the contract's Shift, with the new entry.
 * @throws {HttpProblem} 409 'No open shift' without an open shift; 422 as {@link addFloat}.
 */
export async function setFloat(
  db: Kysely<Database>,
  options: { terminalId: string; ringgit: number; staffId: string; now: Date },
): Promise<Shift> {
  const { terminalId, staffId, now } = options;
  return db.transaction().execute(async (trx) => {
    const shift = await requireOpenShift(trx, terminalId);
    const cash = await addFloat(trx, { shift, ringgit: options.ringgit, staffId, now });
    await recordAudit(trx, {
      action: 'shift.float_set',
      staffId,
      terminalId,
      at: now,
      subject: { type: 'shift', id: shift.id },
      amount: cash,
    });
    return shiftToWire(trx, shift);
  });
}
