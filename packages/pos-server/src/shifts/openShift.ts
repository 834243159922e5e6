import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Shift } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import type { Database, Db, ShiftRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/preparedQuery';
import { HttpProblem } from '../http/HttpProblem';
import { shareVenueTimeZoneLock } from '../venue';
import { shiftToWire } from './shiftToWire';

/**
 * The terminal's open shift, or undefined.
 *
 * On PostgreSQL the shift's row is share-locked (`FOR KEY SHARE`) until the caller's transaction ends: whatever the
 * transaction books into the shift (a sale, a refund, a float entry) is then either committed before end_shift closes
 * the shift and adds up its report (end_shift's {@link lockOpenShiftToClose} waits for it), or finds the shift closed.
 * Without it, under READ COMMITTED, a sale that had read the shift open could commit into it after its report was
 * made, and the report and the drawer's expected cash left that sale out. The lock conflicts with nothing else
 * (sales of one terminal share it); SQLite runs one write transaction at a time, so there is nothing to lock.
 */
export async function findOpenShift(db: Db, terminalId: string): Promise<ShiftRow | undefined> {
  return openShiftOf.executeTakeFirst(db, terminalId);
}

/** The query of {@link findOpenShift}, compiled once (start_shift, set_float and every shift call read it). */
const openShiftOf = preparedQuery((db, terminalId: string) => {
  const query = db
    .selectFrom('shifts')
    .selectAll()
    .where('terminal_id', '=', terminalId)
    .where('closed_at', 'is', null);
  return isPostgres(db) ? query.forKeyShare() : query;
}, 1);

/**
 * The terminal's open shift, locked for end_shift (`FOR UPDATE` on PostgreSQL): it waits for every transaction that
 * holds the shift through {@link findOpenShift} (or the sale's `openShiftAndCatalogue`) to end, so the report added
 * up next sees all they wrote; one that asks for the shift later finds it closed.
 *
 * @throws {HttpProblem} 409 'No open shift' when the terminal has none (or it was closed meanwhile).
 */
export async function lockOpenShiftToClose(db: Db, terminalId: string): Promise<ShiftRow> {
  const shift = await openShiftToClose.executeTakeFirst(db, terminalId);
  if (shift === undefined) throw HttpProblem.conflict(SERVER_MESSAGES.noOpenShift);
  return shift;
}

const openShiftToClose = preparedQuery((db, terminalId: string) => {
  const query = db
    .selectFrom('shifts')
    .selectAll()
    .where('terminal_id', '=', terminalId)
    .where('closed_at', 'is', null);
  return isPostgres(db) ? query.forUpdate() : query;
}, 1);

/**
 * The terminal's open shift.
 *
 * @throws {HttpProblem} 409 'No open shift' when the terminal has none (start_shift first).
 */
export async function requireOpenShift(db: Db, terminalId: string): Promise<ShiftRow> {
  const shift = await findOpenShift(db, terminalId);
  if (shift === undefined) throw HttpProblem.conflict(SERVER_MESSAGES.noOpenShift);
  return shift;
}

/**
 * Returns the terminal's open shift, or opens one for this staff member (with an empty float).
 * Two terminals-worth of concurrent calls open only one shift: the partial unique index on open shifts decides.
 * Before it inserts a shift it shares the store's time-zone lock (PostgreSQL only), so that no shift opens across
 * a time-zone change ({@link shareVenueTimeZoneLock}).
 *
 * @returns the shift, and whether it was opened now.
 */
export async function openShift(
  db: Db,
  options: { terminalId: string; store: string; staffId: string; now: Date },
): Promise<{ shift: ShiftRow; opened: boolean }> {
  const existing = await findOpenShift(db, options.terminalId);
  if (existing !== undefined) return { shift: existing, opened: false };
  await shareVenueTimeZoneLock(db, options.store);
  // PostgreSQL: the terminal still registered, its row share-locked until the shift commits, so a terminal being
  // unregistered at this moment is waited for (and refused here) or waits for this shift and then refuses itself
  // (see unregisterTerminal).
  if (isPostgres(db)) {
    const terminal = await db
      .selectFrom('terminals')
      .select('id')
      .where('id', '=', options.terminalId)
      .where('retired_at', 'is', null)
      .forShare()
      .executeTakeFirst();
    if (terminal === undefined) {
      throw HttpProblem.forbidden(SERVER_MESSAGES.unregisteredTerminal(options.terminalId));
    }
  }
  const inserted = await db
    .insertInto('shifts')
    .values({
      id: randomUUID(),
      terminal_id: options.terminalId,
      store: options.store,
      staff_id: options.staffId,
      opened_at: options.now.toISOString(),
      closed_at: null,
      closed_by: null,
      counted_cash_sen: null,
      counted_card_sen: null,
      counted_ewallet_sen: null,
    })
    .onConflict((conflict) => conflict.column('terminal_id').where('closed_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted !== undefined) return { shift: inserted, opened: true };
  return { shift: await requireOpenShift(db, options.terminalId), opened: false };
}

/**
 * start_shift: the terminal's open shift, or one opened now for this staff member ({@link openShift}), in one
 * transaction with the `shift.opened` audit entry of a new shift.
 *
 * @returns the shift as the contract's Shift.
 */
export async function startShift(
  db: Kysely<Database>,
  options: { terminalId: string; store: string; staffId: string; now: Date },
): Promise<Shift> {
  return db.transaction().execute(async (trx) => {
    const { shift, opened } = await openShift(trx, options);
    if (opened) {
      await recordAudit(trx, {
        action: 'shift.opened',
        staffId: options.staffId,
        terminalId: options.terminalId,
        at: options.now,
        subject: { type: 'shift', id: shift.id },
      });
    }
    return shiftToWire(trx, shift);
  });
}
