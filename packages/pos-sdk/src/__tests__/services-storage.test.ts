import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileStorage } from '../node';
import { browserStorage } from '../storage/browserStorage';
import { memoryStorage } from '../storage/memoryStorage';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function tempFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'pos-storage-'));
  directories.push(directory);
  return join(directory, 'nested', 'state.json');
}

/** A Web Storage stand-in (Node has no localStorage by default). */
function fakeLocalStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
    values,
  };
}

describe('services storage', () => {
  it('memoryStorage gets, sets and removes', () => {
    const storage = memoryStorage({ a: '1' });
    expect(storage.get('a')).toBe('1');
    storage.set('b', '2');
    storage.remove('a');
    expect(storage.get('a')).toBeNull();
    expect(storage.get('b')).toBe('2');
  });

  it('browserStorage goes through Web Storage and survives a failing write', () => {
    const local = fakeLocalStorage();
    const storage = browserStorage(local);
    storage.set('k', 'v');
    expect(local.values.get('k')).toBe('v');
    expect(storage.get('k')).toBe('v');
    storage.remove('k');
    expect(storage.get('k')).toBeNull();
    const full = browserStorage({
      ...local,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(() => full.set('k', 'v')).not.toThrow();
  });

  it('fileStorage keeps every key in one JSON file readable by its owner only (0600)', () => {
    const path = tempFile();
    const storage = fileStorage(path);
    expect(storage.get('pos.session')).toBeNull();
    storage.set('pos.session', '{"token":"t"}');
    storage.set('pos.cart', '{"items":[]}');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      'pos.session': '{"token":"t"}',
      'pos.cart': '{"items":[]}',
    });
    const again = fileStorage(path);
    expect(again.get('pos.session')).toBe('{"token":"t"}');
    again.remove('pos.session');
    expect(storage.get('pos.session')).toBeNull();
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('fileStorage treats an unreadable file as empty', () => {
    const path = tempFile();
    const storage = fileStorage(path);
    storage.set('a', '1');
    rmSync(path);
    expect(storage.get('a')).toBeNull();
  });
});
