import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TERMINAL_ID_RULE_TEXT } from 'pos-sdk/rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCliSettings } from '../context/CliSettings';
import { cliStorage } from '../context/cliStorage';
import { sessionFilePath } from '../context/configPaths';
import { createContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { memoryIo } from './support/memoryIo';

/**
 * Where a command runs: the terminal and store that `pos login` or `pos pair` saved belong to the server they were
 * saved with, and a terminal id given on the command line is checked by the SDK's rule.
 */
describe('createContext: the saved terminal and store', () => {
  let dir: string;
  let env: Record<string, string>;
  /** The context of one command with these global options (disposed at once: only its settled values are read). */
  const contextOf = (options: Parameters<typeof createContext>[0], more: Record<string, string> = {}) => {
    const ctx = createContext(options, memoryIo({ ...env, ...more }));
    ctx.dispose();
    return { server: ctx.server, hostId: ctx.hostId, store: ctx.store, storeOverride: ctx.storeOverride };
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pos-cli-settings-'));
    env = { POS_CONFIG_DIR: dir };
    writeCliSettings(cliStorage(sessionFilePath(env)), {
      server: 'http://pos.bukitclimb.lan:8080',
      hostId: 'TICKET02',
      store: 'KL01',
    });
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("uses the saved server's terminal and store when no option names others", () => {
    expect(contextOf({})).toEqual({
      server: 'http://pos.bukitclimb.lan:8080',
      hostId: 'TICKET02',
      store: 'KL01',
      storeOverride: undefined,
    });
  });

  it('lets --store, POS_STORE, --host, --terminal and POS_HOST_ID override the saved ones', () => {
    expect(contextOf({ store: 'PJ01' })).toMatchObject({ store: 'PJ01', storeOverride: 'PJ01' });
    expect(contextOf({}, { POS_STORE: 'PJ01' })).toMatchObject({ store: 'PJ01', storeOverride: 'PJ01' });
    expect(contextOf({ host: 'TICKET03' }).hostId).toBe('TICKET03');
    expect(contextOf({ terminal: ' TICKET03 ' }).hostId).toBe('TICKET03');
    expect(contextOf({}, { POS_HOST_ID: 'TICKET04' }).hostId).toBe('TICKET04');
    expect(contextOf({ terminal: 'TICKET03', host: 'TICKET03' }).hostId).toBe('TICKET03');
  });

  it("does not carry one server's terminal and store to another server", () => {
    expect(contextOf({ server: 'http://127.0.0.1:8080' })).toEqual({
      server: 'http://127.0.0.1:8080',
      hostId: 'TICKET01',
      store: undefined,
      storeOverride: undefined,
    });
    expect(contextOf({}, { POS_SERVER: 'http://127.0.0.1:8080' })).toMatchObject({
      hostId: 'TICKET01',
      store: undefined,
    });
  });

  it('refuses a terminal id the rule refuses, naming where it came from, and two different terminals', () => {
    const rule = TERMINAL_ID_RULE_TEXT;
    expect(() => contextOf({ host: '-cmd' })).toThrow(new UsageError(`--host "-cmd": ${rule}`));
    expect(() => contextOf({ terminal: '-cmd' })).toThrow(new UsageError(`--terminal "-cmd": ${rule}`));
    expect(() => contextOf({}, { POS_HOST_ID: 'TICKET 2' })).toThrow(
      new UsageError(`POS_HOST_ID "TICKET 2": ${rule}`),
    );
    expect(() => contextOf({ terminal: 'TICKET02', host: 'TICKET03' })).toThrow(
      new UsageError('--terminal TICKET02 and --host TICKET03 name two terminals: give one'),
    );
  });
});
