import { memoryStorage, STORAGE_KEYS, type StorageAdapter } from 'pos-sdk';
import { fileStorage } from 'pos-sdk/node';

/** The key the CLI keeps its own settings under, next to the SDK's session. */
export const CLI_SETTINGS_KEY = 'pos.cli';

/** Keys that live in the session file; everything else (cart, tenders) lives for one command only. */
const FILE_KEYS: ReadonlySet<string> = new Set([STORAGE_KEYS.session, STORAGE_KEYS.venue, CLI_SETTINGS_KEY]);

/**
 * The CLI's storage: the SDK session (token, profile), the venue's settings (receipt header) and the CLI settings
 * go to the session file
 * through the SDK's `fileStorage` (mode 0600), so every command restores the sign-in; the cart and
 * tenders stay in memory, so each `pos sell` starts from an empty cart and a failed sale leaves
 * nothing behind for the next command.
 */
export function cliStorage(sessionFile: string): StorageAdapter {
  const file = fileStorage(sessionFile);
  const memory = memoryStorage();
  const pick = (key: string): StorageAdapter => (FILE_KEYS.has(key) ? file : memory);
  return {
    get: (key) => pick(key).get(key),
    set: (key, value) => pick(key).set(key, value),
    remove: (key) => pick(key).remove(key),
  };
}
