export type { ConnectionState, SyncResult, SyncService } from './createSync';
export { SYNC_PROBE_INTERVAL_MS } from './createSync';
export { indexedDbOfflineStore } from './indexedDbOfflineStore';
export type { OfflineStore } from './OfflineStore';
export { memoryOfflineStore } from './OfflineStore';
export type { LocalConflict, QueuedOperation, QueuedRedeem, QueuedSale } from './offlineState';
