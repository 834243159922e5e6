import type { StorageAdapter } from 'pos-sdk';
import { CLI_SETTINGS_KEY } from './cliStorage';

/** Where `pos login` signed in (or what `pos pair` made this computer): later commands use it unless told otherwise. */
export interface CliSettings {
  readonly server?: string;
  readonly hostId?: string;
  readonly store?: string;
}

/** The settings saved by the last `pos login` (`{}` when none or unreadable). */
export function readCliSettings(storage: StorageAdapter): CliSettings {
  try {
    const value: unknown = JSON.parse(storage.get(CLI_SETTINGS_KEY) ?? '{}');
    if (value === null || typeof value !== 'object') return {};
    const record = value as Record<string, unknown>;
    const text = (name: string) => (typeof record[name] === 'string' ? (record[name] as string) : undefined);
    const settings: { -readonly [K in keyof CliSettings]: CliSettings[K] } = {};
    const server = text('server');
    const hostId = text('hostId');
    const store = text('store');
    if (server !== undefined) settings.server = server;
    if (hostId !== undefined) settings.hostId = hostId;
    if (store !== undefined) settings.store = store;
    return settings;
  } catch {
    return {};
  }
}

/** Saves where the user signed in. */
export function writeCliSettings(storage: StorageAdapter, settings: CliSettings): void {
  storage.set(CLI_SETTINGS_KEY, JSON.stringify(settings));
}
