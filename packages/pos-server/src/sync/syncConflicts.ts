import { randomUUID } from 'node:crypto';
import type { SyncConflict, SyncConflictKind } from 'pos-sdk/contract';
import { SYNC_MESSAGES } from 'pos-sdk/messages';
import { type Sen, sen, toRinggit } from 'pos-sdk/money';
import { recordAudit } from '../audit';
import type { Db, SyncConflictsTable } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { staffNames } from '../staff';

/** The most conflicts one get_sync_conflicts answers (newest first). */
export const SYNC_CONFLICTS_MAX = 500;

/** A refused replay, as recorded. */
export interface RefusedReplay {
  kind: SyncConflictKind;
  /** The sale's idempotency key or the redeem's nonce. */
  key: string;
  terminalId: string;
  staffId: string;
  happenedAt: Date;
  now: Date;
  message: string;
  code: string;
  ticketId?: string;
  /** What the terminal took for a refused sale. */
  amount?: Sen;
  request: unknown;
}

/**
 * Keeps a replay the server refused, for the manager (`pos sync conflicts`): one row per (kind, key), so a replay
 * refused again is still one conflict. Written outside the refused work's transaction (which rolled back), with an
 * audit entry.
 */
export async function recordSyncConflict(db: Db, refused: RefusedReplay): Promise<void> {
  const inserted = await db
    .insertInto('sync_conflicts')
    .values({
      id: randomUUID(),
      kind: refused.kind,
      key: refused.key,
      terminal_id: refused.terminalId,
      staff_id: refused.staffId,
      happened_at: refused.happenedAt.toISOString(),
      recorded_at: refused.now.toISOString(),
      message: refused.message,
      code: refused.code,
      ticket_id: refused.ticketId ?? null,
      amount_sen: refused.amount ?? 0,
      request: JSON.stringify(refused.request),
      resolved_at: null,
      resolved_by: null,
      resolution_note: null,
    })
    .onConflict((conflict) => conflict.columns(['kind', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) return;
  await recordAudit(db, {
    action: 'sync.conflict',
    staffId: refused.staffId,
    terminalId: refused.terminalId,
    at: refused.now,
    subject: { type: refused.kind === 'sale' ? 'order' : 'ticket', id: refused.ticketId ?? refused.key },
    details: { kind: refused.kind, key: refused.key, message: refused.message },
  });
}

type ConflictRow = { [K in keyof SyncConflictsTable]: SyncConflictsTable[K] };

function toWire(row: ConflictRow, names: Map<string, string>): SyncConflict {
  return {
    _id: row.id,
    kind: row.kind,
    key: row.key,
    terminal: row.terminal_id,
    staff: names.get(row.staff_id) ?? row.staff_id,
    happened_at: row.happened_at,
    recorded_at: row.recorded_at,
    message: row.message,
    code: row.code,
    ticket_id: row.ticket_id,
    amount: toRinggit(sen(row.amount_sen)),
    request: row.request,
    resolved:
      row.resolved_at === null
        ? null
        : {
            by: names.get(row.resolved_by ?? '') ?? row.resolved_by ?? '',
            at: row.resolved_at,
            note: row.resolution_note ?? '',
          },
  };
}

/** The conflicts, newest first: the open ones, or all with `includeResolved`; at most {@link SYNC_CONFLICTS_MAX}. */
export async function listSyncConflicts(
  db: Db,
  options: { includeResolved?: boolean | undefined } = {},
): Promise<SyncConflict[]> {
  let query = db.selectFrom('sync_conflicts').selectAll();
  if (options.includeResolved !== true) query = query.where('resolved_at', 'is', null);
  const rows = await query
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SYNC_CONFLICTS_MAX)
    .execute();
  const names = await staffNames(
    db,
    rows.flatMap((row) => [row.staff_id, row.resolved_by]),
  );
  return rows.map((row) => toWire(row, names));
}

/**
 * Closes a conflict with the manager's note of what was done (audited). Resolving a resolved conflict again keeps
 * the first resolution and answers it.
 *
 * @throws {HttpProblem} 404 'Sync conflict not found'.
 */
export async function resolveSyncConflict(
  db: Db,
  options: { id: string; note: string; staffId: string; terminalId: string; now: Date },
): Promise<SyncConflict> {
  const updated = await db
    .updateTable('sync_conflicts')
    .set({
      resolved_at: options.now.toISOString(),
      resolved_by: options.staffId,
      resolution_note: options.note,
    })
    .where('id', '=', options.id)
    .where('resolved_at', 'is', null)
    .executeTakeFirst();
  const row = await db
    .selectFrom('sync_conflicts')
    .selectAll()
    .where('id', '=', options.id)
    .executeTakeFirst();
  if (row === undefined) throw HttpProblem.notFound(SYNC_MESSAGES.conflictNotFound);
  if (Number(updated.numUpdatedRows) > 0) {
    await recordAudit(db, {
      action: 'sync.resolved',
      staffId: options.staffId,
      terminalId: options.terminalId,
      at: options.now,
      subject: { type: row.kind === 'sale' ? 'order' : 'ticket', id: row.ticket_id ?? row.key },
      details: { conflict: row.id, note: options.note },
    });
  }
  return toWire(row, await staffNames(db, [row.staff_id, row.resolved_by]));
}
