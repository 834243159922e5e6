import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The name of the per-user session file (token, profile, the server signed in to). */
export const SESSION_FILE_NAME = 'session.json';

/**
 * The folder of the per-user config: `$POS_CONFIG_DIR`, else `$XDG_CONFIG_HOME/pos`, else
 * `~/.config/pos`.
 */
export function configDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.POS_CONFIG_DIR) return resolve(env.POS_CONFIG_DIR);
  if (env.XDG_CONFIG_HOME) return resolve(env.XDG_CONFIG_HOME, 'pos');
  return join(homedir(), '.config', 'pos');
}

/** The offline queue: `<configDir>/offline.json` (mode 0600, written by the SDK's `fileOfflineStore`). */
export function offlineFilePath(env: Readonly<Record<string, string | undefined>>): string {
  return join(configDir(env), 'offline.json');
}

/** The session file: `<configDir>/session.json` (mode 0600, written by the SDK's `fileStorage`). */
export function sessionFilePath(env: Readonly<Record<string, string | undefined>>): string {
  return join(configDir(env), SESSION_FILE_NAME);
}
