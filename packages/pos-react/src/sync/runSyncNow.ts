import type { Pos, SyncResult } from 'pos-sdk';
import { OFFLINE_MESSAGES } from 'pos-sdk/messages';

/**
 * Sync now (user menu, Offline sales): sends the waiting sales and scans in order. The SDK says what
 * was synced and what was refused; when the server still does not answer, the cashier is told that
 * they are still waiting, in the banner's words.
 */
export async function runSyncNow(pos: Pos): Promise<SyncResult | undefined> {
  const sync = pos.sync;
  if (sync === undefined) return undefined;
  const result = await sync.syncNow();
  if (result.waiting > 0 && result.synced === 0 && result.refused === 0) {
    pos.notices.push({ kind: 'warning', message: OFFLINE_MESSAGES.banner(sync.waitingSales.value) });
  }
  return result;
}
