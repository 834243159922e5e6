import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { OfflineStore } from '../sync/OfflineStore';

/** Expands a leading `~` to the user's home directory. */
function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? resolve(homedir(), path.slice(2)) : resolve(path);
}

/** Writes `text` to `path` and flushes it to disk before returning. */
function writeSynced(path: string, text: string): void {
  const fd = openSync(path, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * An offline store in one JSON file, readable by its owner only (mode 0600, directory 0700): the CLI's waiting
 * sales and scans (docs/offline.md). A write goes to a temporary file that is synced to disk, renamed over the old
 * one and the directory synced, so a crash or power cut leaves the old value or the new one, never half of either.
 * Node only: import it from `pos-sdk/node`.
 *
 * @example
 * import { fileOfflineStore } from 'pos-sdk/node';
 * createPos({ ..., offline: { store: fileOfflineStore('~/.config/pos/offline.json') } });
 */
export function fileOfflineStore(path: string): OfflineStore {
  const file = expandHome(path);
  return {
    async read() {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
    async write(value) {
      const folder = dirname(file);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      writeSynced(temporary, `${JSON.stringify(value)}\n`);
      renameSync(temporary, file);
      // The rename itself is durable once the directory is synced.
      const directory = openSync(folder, 'r');
      try {
        fsyncSync(directory);
      } finally {
        closeSync(directory);
      }
    },
  };
}
