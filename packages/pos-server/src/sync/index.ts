/**
 * What terminals replay after an outage: the time a replayed sale or redeem is booked at, and the sync conflicts
 * (replays the server refused for good) a manager reviews and resolves.
 */
export { hasReplayHeader, isReplayed, isReplayRefusal, saleTime } from './saleTime';
export { listSyncConflicts, recordSyncConflict, resolveSyncConflict } from './syncConflicts';
