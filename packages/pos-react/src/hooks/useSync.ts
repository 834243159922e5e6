import { useSignals } from '@preact/signals-react/runtime';
import type { ConnectionState, LocalConflict, QueuedOperation, SyncService } from 'pos-sdk';
import { signalValues } from './signalValues';
import { usePos } from './usePos';

/** What {@link useSync} returns. */
export interface SyncState {
  /** `online`, `offline` or `syncing`, from the outcomes of the terminal's real calls. */
  readonly connection: ConnectionState;
  /** 'Offline: 3 sales waiting to sync', 'Syncing: 3 waiting', or null while online. */
  readonly banner: string | null;
  /** The sales and scans made offline, oldest first. */
  readonly queue: readonly QueuedOperation[];
  readonly waiting: number;
  readonly waitingSales: number;
  /** When the oldest waiting one was made (server clock), or null. */
  readonly oldestWaitingAt: string | null;
  /** Replays the server refused. */
  readonly conflicts: readonly LocalConflict[];
  /** `syncNow`, `serverNow`... */
  readonly sync: SyncService;
}

/**
 * Working through an outage (docs/offline.md): the connection, the queue and the conflicts; null
 * when the terminal was made without offline selling. Re-renders when they change.
 */
export function useSync(): SyncState | null {
  useSignals();
  const { sync } = usePos();
  if (sync === undefined) return null;
  return Object.assign(
    signalValues(sync, [
      'connection',
      'banner',
      'queue',
      'waiting',
      'waitingSales',
      'oldestWaitingAt',
      'conflicts',
    ]),
    { sync },
  );
}
