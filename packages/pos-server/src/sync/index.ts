export { hasReplayHeader, isReplayed, isReplayRefusal, saleTime } from './saleTime';
export { listSyncConflicts, recordSyncConflict, resolveSyncConflict } from './syncConflicts';
