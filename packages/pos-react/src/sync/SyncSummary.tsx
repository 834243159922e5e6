import { useEffect, useState } from 'react';
import type { SyncState } from '../hooks/useSync';
import { formatAge } from './formatAge';

/** How often the oldest waiting sale's age is brought up to date while it shows. */
const TICK_MS = 30_000;

/**
 * The offline queue at a glance, at the top of the user menu (docs/offline.md): the connection, how
 * many sales and scans wait to sync, how old the oldest is, and how many the server refused. `id`
 * lets the menu's Sync now be described by it.
 */
export function SyncSummary({ id, state }: { id: string; state: SyncState }) {
  const { sync, waiting, waitingSales, oldestWaitingAt } = state;
  const [now, setNow] = useState(() => sync.serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(sync.serverNow()), TICK_MS);
    return () => clearInterval(timer);
  }, [sync]);
  const rows: readonly [string, string, string][] = [
    // 'Online', 'Offline', 'Syncing'.
    ['Connection', state.connection[0]?.toUpperCase() + state.connection.slice(1), 'sync-connection'],
    [
      'Waiting to sync',
      waitingSales === 0 || waitingSales === waiting
        ? String(waiting)
        : `${waiting} (${waitingSales} ${waitingSales === 1 ? 'sale' : 'sales'})`,
      'sync-waiting',
    ],
    ['Oldest', oldestWaitingAt === null ? 'None' : formatAge(oldestWaitingAt, now), 'sync-oldest'],
    ['Conflicts', String(state.conflicts.length), 'sync-conflicts'],
  ];
  return (
    <dl
      id={id}
      data-testid="sync-summary"
      className="mb-1 flex flex-col gap-1 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60"
    >
      {rows.map(([label, value, testId]) => (
        <div key={testId} className="flex justify-between gap-3">
          <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
