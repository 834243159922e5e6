import type { LocalConflict, QueuedOperation } from 'pos-sdk';
import { OFFLINE_MESSAGES } from 'pos-sdk/messages';
import { formatRM, fromRinggit } from 'pos-sdk/money';
import { formatVenueDateTime, itemTitle } from 'pos-sdk/rules';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { PosDialog } from '../components/PosDialog';
import { usePos } from '../hooks/usePos';
import { usePosAction } from '../hooks/usePosAction';
import { useSync } from '../hooks/useSync';
import { runSyncNow } from './runSyncNow';

/** When an operation happened on the terminal, what it was ('Day Pass - Adult x2'; 'Entry, pass T…') and what it took. */
function describe(operation: QueuedOperation): { at: string; what: string; amount: number | null } {
  if (operation.kind === 'redeem') {
    return { at: operation.used_at, what: `Entry, pass ${operation.ticket_id}`, amount: null };
  }
  const { order } = operation.receipt;
  const items = order.order_details.cart.items.map((item) => `${itemTitle(item)} x${item.quantity}`);
  return { at: order.date, what: items.join(', '), amount: order.total_amount };
}

/** One waiting sale or scan, or one refused by the server (with the server's message). */
function OperationRow({
  operation,
  conflict,
  timeZone,
}: {
  operation: QueuedOperation;
  conflict?: LocalConflict;
  timeZone: string;
}) {
  const { at, what, amount } = describe(operation);
  return (
    <li
      className="flex flex-col gap-1 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
      data-testid={conflict ? 'sync-conflict' : 'sync-waiting-item'}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
          {formatVenueDateTime(at, timeZone)}
        </span>
        {conflict ? (
          <Badge tone="red">{OFFLINE_MESSAGES.refusedBadge}</Badge>
        ) : (
          <Badge tone="amber">{OFFLINE_MESSAGES.pendingBadge}</Badge>
        )}
      </div>
      <p className="flex flex-wrap justify-between gap-x-3 font-semibold">
        <span>{what}</span>
        {amount !== null ? <span className="tabular-nums">{formatRM(fromRinggit(amount))}</span> : null}
      </p>
      {conflict ? (
        <p className="text-red-800 dark:text-red-200" data-testid="sync-conflict-message">
          {conflict.message}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The user menu's 'Offline sales' (docs/offline.md): the sales and scans made offline that wait to
 * sync, oldest first, each marked Pending sync, and the ones the server refused, each with the
 * server's message (a manager sees them too: `pos sync conflicts`). Sync now sends the waiting ones.
 * Loaded the first time it is opened, not with the sales screen.
 */
export function SyncDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const pos = usePos();
  const state = useSync();
  const syncNow = usePosAction(() => runSyncNow(pos));
  if (state === null) return null;
  const { queue, conflicts, connection } = state;
  const timeZone = pos.config.timeZone;
  return (
    <PosDialog
      open={open}
      onClose={onClose}
      title="Offline sales"
      description={
        state.banner ??
        (queue.length === 0
          ? 'Online: nothing is waiting to sync'
          : `Online: ${queue.length} waiting to sync`)
      }
      size="lg"
      testId="sync-dialog"
      footer={
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={onClose}
            className="sm:min-w-28"
            // Nothing to send: the focus starts on Close.
            {...(queue.length === 0 ? { 'data-autofocus': true } : {})}
          >
            Close
          </Button>
          <Button
            variant="primary"
            icon="history"
            loading={syncNow.busy || connection === 'syncing'}
            disabled={queue.length === 0}
            onClick={() => void syncNow.run()}
            className="sm:min-w-32"
            {...(queue.length > 0 ? { 'data-autofocus': true } : {})}
          >
            Sync now
          </Button>
        </div>
      }
    >
      <section aria-labelledby="sync-waiting-heading" className="flex flex-col gap-2">
        <h3 id="sync-waiting-heading" className="font-bold">
          Waiting to sync ({queue.length})
        </h3>
        {queue.length === 0 ? (
          <EmptyState icon="check" title="Nothing is waiting to sync" />
        ) : (
          <ul className="flex flex-col gap-2">
            {queue.map((operation) => (
              <OperationRow
                key={operation.kind === 'sale' ? operation.key : operation.nonce}
                operation={operation}
                timeZone={timeZone}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sync-conflicts-heading" className="flex flex-col gap-2">
        <h3 id="sync-conflicts-heading" className="font-bold">
          Refused by the server ({conflicts.length})
        </h3>
        {conflicts.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">None.</p>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Kept on this terminal; a manager sees them in the back office (pos sync conflicts).
            </p>
            <ul className="flex flex-col gap-2">
              {conflicts.map((conflict) => (
                <OperationRow
                  key={`${conflict.at}-${conflict.operation.kind === 'sale' ? conflict.operation.key : conflict.operation.nonce}`}
                  operation={conflict.operation}
                  conflict={conflict}
                  timeZone={timeZone}
                />
              ))}
            </ul>
          </>
        )}
      </section>
    </PosDialog>
  );
}
