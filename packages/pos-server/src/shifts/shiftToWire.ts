import type { Shift } from 'pos-sdk/contract';
import { type Sen, sen, toRinggit } from 'pos-sdk/money';
import type { Db, ShiftRow } from '../db/Database';
import { preparedQuery } from '../db/preparedQuery';
import { staffDisplayName } from '../staff';

/** The float entries of a shift, in order, in sen. */
export async function floatEntriesOf(db: Db, shiftId: string): Promise<{ cash: Sen; at: string }[]> {
  const rows = await floatEntriesQuery.execute(db, shiftId);
  return rows.map((row) => ({ cash: sen(row.cash_sen), at: row.at }));
}

/** The query of {@link floatEntriesOf}, compiled once. */
const floatEntriesQuery = preparedQuery(
  (db, shiftId: string) =>
    db
      .selectFrom('float_entries')
      .select(['cash_sen', 'at'])
      .where('shift_id', '=', shiftId)
      .orderBy('position'),
  1,
);

/** A shift as the contract's Shift: `{_id, terminal, staff, opened_at, float: [{cash, at}]}` (cash in ringgit). */
export async function shiftToWire(db: Db, shift: ShiftRow): Promise<Shift> {
  const entries = await floatEntriesOf(db, shift.id);
  return {
    _id: shift.id,
    terminal: shift.terminal_id,
    staff: await staffDisplayName(db, shift.staff_id),
    opened_at: shift.opened_at,
    float: entries.map((entry) => ({ cash: toRinggit(entry.cash), at: entry.at })),
  };
}
