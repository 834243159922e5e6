import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { StorageAdapter } from './StorageAdapter';

/** Expands a leading `~` to the user's home directory. */
function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? resolve(homedir(), path.slice(2)) : resolve(path);
}

/** Reads the JSON object in `path`; `{}` when the file is missing or unreadable. */
function readValues(path: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') values[key] = value;
    return values;
  } catch {
    return {};
  }
}

/**
 * A {@link StorageAdapter} that keeps every key in one JSON file, readable by its owner only
 * (mode 0600, directory 0700): the CLI's per-user session and cart. Writes are atomic
 * (a temporary file renamed over the old one). Node only: import it from `pos-sdk/node`.
 *
 * @param path the file, e.g. `~/.config/pos/state.json` (`~` is expanded); created on first write.
 * @example
 * import { fileStorage } from 'pos-sdk/node';
 * const pos = createPos({ api: { baseUrl }, storage: fileStorage('~/.config/pos/state.json') });
 */
export function fileStorage(path: string): StorageAdapter {
  const file = expandHome(path);
  const write = (values: Record<string, string>): void => {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  };
  return {
    // Read through on every call so two processes (two CLI commands) see each other's writes.
    get: (key) => readValues(file)[key] ?? null,
    set: (key, value) => {
      write({ ...readValues(file), [key]: value });
    },
    remove: (key) => {
      const values = readValues(file);
      if (!(key in values)) return;
      delete values[key];
      write(values);
    },
  };
}
