import type { Kysely } from 'kysely';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { isTerminalId } from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import { ensureStore } from '../catalogue';
import type { Database, Db, IsoTime } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { HttpProblem } from '../http/HttpProblem';

/** A registered terminal. */
export interface TerminalEntry {
  id: string;
  store: string;
  registeredAt: IsoTime;
  registeredBy: string | null;
}

/**
 * Registers a terminal (host id) for a store, so staff can sign in on it. Registering one that is registered already
 * changes nothing (it keeps its store); registering one that was unregistered registers it again, for `store`.
 *
 * @returns true when it was (re-)registered now, false when it was registered already.
 * @throws {HttpProblem} 400 for a malformed host id.
 */
export async function registerTerminal(
  db: Db,
  input: { id: string; store: string; by: string; now: Date },
): Promise<boolean> {
  if (!isTerminalId(input.id)) throw HttpProblem.invalidRequest(SERVER_MESSAGES.invalidHostId);
  await ensureStore(db, input.store, input.now);
  const at = input.now.toISOString();
  const changed = await db
    .insertInto('terminals')
    .values({ id: input.id, store: input.store, created_at: at, last_seen_at: at, registered_by: input.by })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ retired_at: null, registered_by: input.by, created_at: at, store: input.store })
        .where('terminals.retired_at', 'is not', null),
    )
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** The store a registered (and not unregistered) terminal sells for, or undefined when it is not registered. */
export async function terminalStore(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('terminals')
    .select('store')
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return row?.store;
}

/** The registered terminals, by id. */
export async function listTerminals(db: Db): Promise<TerminalEntry[]> {
  const rows = await db
    .selectFrom('terminals')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    store: row.store,
    registeredAt: row.created_at,
    registeredBy: row.registered_by,
  }));
}

/**
 * Unregisters a terminal: no one can sign in on it any more, and the tokens issued on it stop working at once.
 * Its row stays, for its shifts and orders; a terminal with an open shift cannot be unregistered (end it first).
 *
 * @returns false when no such terminal was registered.
 * @throws {HttpProblem} 409 while the terminal has an open shift.
 */
export async function unregisterTerminal(db: Db, id: string, now: Date): Promise<boolean> {
  // PostgreSQL: the terminal's row first (FOR UPDATE), so a start_shift opening a shift on it at this moment (which
  // share-locks the row, see openShift) is waited for and its shift seen below, or waits for this and then finds the
  // terminal retired. Checked apart (READ COMMITTED), a shift could open on a terminal being retired, and nobody could
  // end it until the terminal was registered again. SQLite runs one write transaction at a time.
  if (isPostgres(db)) {
    await db.selectFrom('terminals').select('id').where('id', '=', id).forUpdate().execute();
  }
  const open = await db
    .selectFrom('shifts')
    .select('id')
    .where('terminal_id', '=', id)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  if (open !== undefined) throw HttpProblem.conflict(SERVER_MESSAGES.terminalHasOpenShift(id));
  const at = now.toISOString();
  const retired = await db
    .updateTable('terminals')
    .set({ retired_at: at })
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (retired === undefined) return false;
  await db
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('terminal_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

/**
 * terminals/remove: a manager unregisters a terminal ({@link unregisterTerminal}), in one transaction with the
 * `terminal.unregistered` audit entry.
 *
 * @throws {HttpProblem} 404 when no such terminal is registered; 409 while it has an open shift.
 */
export async function removeTerminal(
  db: Kysely<Database>,
  options: { terminal: string; staffId: string; terminalId: string; now: Date },
): Promise<{ terminal: string; removed: true }> {
  const { terminal, now } = options;
  await db.transaction().execute(async (trx) => {
    if (!(await unregisterTerminal(trx, terminal, now))) {
      throw HttpProblem.notFound(SERVER_MESSAGES.noRegisteredTerminal(terminal));
    }
    await recordAudit(trx, {
      action: 'terminal.unregistered',
      staffId: options.staffId,
      terminalId: options.terminalId,
      at: now,
      details: { terminal },
    });
  });
  return { terminal, removed: true };
}
