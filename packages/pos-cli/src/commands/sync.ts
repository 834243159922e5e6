import { type LocalConflict, NetworkError, type QueuedOperation } from 'pos-sdk';
import type { SyncConflict } from 'pos-sdk/contract';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';

/** Options of `pos sync conflicts`. */
export interface SyncConflictsOptions {
  /** Resolved conflicts too. */
  readonly all?: boolean;
}

/** Options of `pos sync resolve`. */
export interface SyncResolveOptions {
  readonly note?: string;
}

/** One waiting operation, as `pos sync status` lists it. */
function describeOperation(ctx: CliContext, operation: QueuedOperation): string[] {
  if (operation.kind === 'sale') {
    const { order } = operation.receipt;
    return [ctx.formatDate(order.date), 'sale', formatRM(fromRinggit(order.total_amount)), operation.key];
  }
  return [ctx.formatDate(operation.used_at), 'redeem', operation.ticket_id, operation.nonce];
}

/** A refusal kept on this computer. */
function describeLocalConflict(ctx: CliContext, conflict: LocalConflict): string[] {
  return [
    ctx.formatDate(conflict.at),
    ...describeOperation(ctx, conflict.operation).slice(1, 3),
    conflict.message,
  ];
}

/**
 * `pos sync status`: what this computer made while the server could not be reached and has not synced yet (sales
 * and redeems, oldest first), and the replays the server refused (docs/offline.md).
 */
export async function syncStatus(ctx: CliContext): Promise<void> {
  const sync = ctx.pos.sync;
  if (sync === undefined) throw new UsageError('offline selling is off');
  await sync.ready();
  if (ctx.json) {
    return ctx.printJson({
      waiting: sync.waiting.value,
      waiting_sales: sync.waitingSales.value,
      oldest_waiting_at: sync.oldestWaitingAt.value,
      queue: sync.queue.value,
      conflicts: sync.conflicts.value,
      policy: sync.policy.value,
    });
  }
  const waiting = sync.waiting.value;
  if (waiting === 0) ctx.print('Nothing waiting to sync');
  else {
    ctx.print(
      renderTable(
        ['WHEN', 'WHAT', 'AMOUNT / PASS', 'KEY'],
        sync.queue.value.map((operation) => describeOperation(ctx, operation)),
        { color: ctx.color },
      ),
    );
    ctx.print(
      `${waiting} waiting (${sync.waitingSales.value} ${sync.waitingSales.value === 1 ? 'sale' : 'sales'}), the oldest from ${ctx.formatDate(sync.oldestWaitingAt.value ?? '')}: run "pos sync now" when the server is back`,
    );
  }
  const conflicts = sync.conflicts.value;
  if (conflicts.length > 0) {
    ctx.print('Refused by the server (a manager sees them with "pos sync conflicts"):');
    ctx.print(
      renderTable(
        ['WHEN', 'WHAT', 'AMOUNT / PASS', 'WHY'],
        conflicts.map((conflict) => describeLocalConflict(ctx, conflict)),
        { color: ctx.color },
      ),
    );
  }
}

/** `pos sync now`: sends what waits, in order; says what was booked, refused and is still waiting. */
export async function syncNow(ctx: CliContext): Promise<void> {
  const pos = ctx.signedIn();
  const sync = pos.sync;
  if (sync === undefined) throw new UsageError('offline selling is off');
  const result = await sync.syncNow();
  if (result.waiting === 0 && result.synced === 0 && result.refused === 0) {
    await sync.prepare().catch(() => undefined);
  }
  if (ctx.json) ctx.printJson(result);
  else ctx.print(`Synced ${result.synced}, refused ${result.refused}, still waiting ${result.waiting}`);
  // Something still waits: the server stopped answering (exit 4, 'Server not responding'); run it again later.
  if (result.waiting > 0) throw new NetworkError();
}

/** One server-side conflict as a table row. */
function conflictRow(ctx: CliContext, conflict: SyncConflict): string[] {
  return [
    conflict._id,
    ctx.formatDate(conflict.happened_at),
    conflict.terminal,
    conflict.staff,
    conflict.kind,
    conflict.kind === 'sale' ? formatRM(fromRinggit(conflict.amount)) : (conflict.ticket_id ?? ''),
    conflict.message,
    conflict.resolved === null ? '' : `${conflict.resolved.by}: ${conflict.resolved.note}`,
  ];
}

/** `pos sync conflicts` (manager): every terminal's replays the server refused, open ones unless `--all`. */
export async function syncConflicts(ctx: CliContext, options: SyncConflictsOptions): Promise<void> {
  const pos = ctx.signedIn();
  const conflicts = await pos.api.syncConflicts(options.all === true ? { include_resolved: true } : {});
  if (ctx.json) return ctx.printJson(conflicts);
  if (conflicts.length === 0) return ctx.print('No sync conflicts');
  ctx.print(
    renderTable(
      ['ID', 'WHEN', 'TERMINAL', 'STAFF', 'WHAT', 'AMOUNT / PASS', 'WHY', 'RESOLVED'],
      conflicts.map((conflict) => conflictRow(ctx, conflict)),
      { color: ctx.color },
    ),
  );
  ctx.print(
    `${conflicts.length} conflict${conflicts.length === 1 ? '' : 's'}: pos sync resolve <id> --note "..."`,
  );
}

/** `pos sync resolve <id> --note` (manager): closes a conflict, saying what was done. */
export async function syncResolve(ctx: CliContext, id: string, options: SyncResolveOptions): Promise<void> {
  const pos = ctx.signedIn();
  if (options.note === undefined || options.note.trim() === '') {
    throw new UsageError('--note is required: say what was done (e.g. --note "charged the difference")');
  }
  const conflict = await pos.api.resolveSyncConflict({ id, note: options.note });
  if (ctx.json) return ctx.printJson(conflict);
  ctx.print(`Resolved: ${conflict.message} (${conflict.kind} on ${conflict.terminal})`);
}
