import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  defaultConfigFile,
  defaultDataDir,
  parsePrinter,
  printerName,
  readConfigFile,
  resolveConfig,
} from '../config';

const ENV = { XDG_STATE_HOME: '/state', XDG_CONFIG_HOME: '/config' };

describe('parsePrinter', () => {
  it('reads tcp://HOST[:PORT] with port 9100 unless given, device paths, COM ports and none', () => {
    expect(parsePrinter('tcp://192.168.1.50:9100')).toEqual({
      kind: 'tcp',
      host: '192.168.1.50',
      port: 9100,
    });
    expect(parsePrinter('tcp://printer.local')).toEqual({ kind: 'tcp', host: 'printer.local', port: 9100 });
    expect(parsePrinter('TCP://10.0.0.5:9101/')).toEqual({ kind: 'tcp', host: '10.0.0.5', port: 9101 });
    expect(parsePrinter('/dev/usb/lp0')).toEqual({ kind: 'device', path: '/dev/usb/lp0' });
    expect(parsePrinter('COM3')).toEqual({ kind: 'device', path: '\\\\.\\COM3' });
    expect(parsePrinter('none')).toBeUndefined();
    expect(parsePrinter('')).toBeUndefined();
  });

  it('refuses anything else with the forms it takes', () => {
    for (const bad of [
      '192.168.1.50',
      'http://printer',
      'tcp://',
      'tcp://host:99999',
      'tcp://host/queue',
      'lp0',
    ]) {
      expect(() => parsePrinter(bad)).toThrow(
        new ConfigError(
          `The printer must be tcp://HOST[:PORT] or a device such as /dev/usb/lp0 (got '${bad}')`,
        ),
      );
    }
  });

  it('names a printer as the log shows it', () => {
    expect(printerName({ kind: 'tcp', host: '10.0.0.5', port: 9100 })).toBe('tcp://10.0.0.5:9100');
    expect(printerName({ kind: 'device', path: '/dev/usb/lp0' })).toBe('/dev/usb/lp0');
  });
});

describe('resolveConfig', () => {
  it('takes the flags over the file, with defaults for the rest', () => {
    const config = resolveConfig(
      { server: 'http://file:8080', printer: 'tcp://10.0.0.5', columns: 48, kiosk: true, port: 6000 },
      { server: 'http://flag:8080/main', port: '7000' },
      ENV,
    );
    expect(config).toEqual({
      server: 'http://flag:8080',
      printer: { kind: 'tcp', host: '10.0.0.5', port: 9100 },
      drawer: true,
      columns: 48,
      profile: 'epson',
      port: 7000,
      kiosk: true,
      browser: undefined,
      browserArgs: [],
      window: true,
      dataDir: join('/state', 'pos-shell'),
    });
  });

  it('has no drawer without a printer, and none when told so', () => {
    expect(resolveConfig({ server: 'http://s' }, {}, ENV)).toMatchObject({
      printer: undefined,
      drawer: false,
      port: 5180,
    });
    expect(
      resolveConfig({ server: 'http://s', printer: '/dev/usb/lp0', drawer: 'none' }, {}, ENV).drawer,
    ).toBe(false);
  });

  it('says what is wrong with a setting', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Say which POS server to use: --server URL (or "server" in the config file)'],
      [{ server: 'pos.local' }, "The server must be a URL such as http://pos.local:8080 (got 'pos.local')"],
      [
        { server: 'ftp://pos.local' },
        "The server must be an http:// or https:// URL (got 'ftp://pos.local')",
      ],
      [{ server: 'http://s', columns: 40 }, "Columns must be 32, 42 or 48 (got '40')"],
      [
        { server: 'http://s', profile: 'star' },
        "Unknown printer profile 'star' (known: epson, bixolon, citizen, xprinter, pos-5890, sunmi, hp)",
      ],
      [{ server: 'http://s', port: 'x' }, "The port must be a whole number from 0 to 65535 (got 'x')"],
      [{ server: 'http://s', drawer: 'printer' }, 'The drawer hangs on the printer: set --printer too'],
      [
        { server: 'http://s', printer: 'none', drawer: 'usb' },
        "The drawer must be 'printer' or 'none' (got 'usb')",
      ],
      [{ server: 'http://s', browserArgs: '--kiosk' }, 'browserArgs must be a list of strings'],
    ];
    for (const [file, message] of cases) {
      expect(() => resolveConfig(file as never, {}, ENV)).toThrow(new ConfigError(message));
    }
  });
});

describe('the config file', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('is read as JSON; a missing default file is no settings, a missing named one an error', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pos-shell-config-'));
    dir = folder;
    const file = join(folder, 'config.json');
    writeFileSync(file, JSON.stringify({ server: 'http://pos.local:8080', printer: '/dev/usb/lp0' }));
    expect(readConfigFile(file, true)).toEqual({ server: 'http://pos.local:8080', printer: '/dev/usb/lp0' });
    expect(readConfigFile(join(folder, 'none.json'), false)).toEqual({});
    expect(() => readConfigFile(join(folder, 'none.json'), true)).toThrow(
      /^Cannot read the config file .*none\.json \(ENOENT\)$/,
    );
  });

  it('refuses a file that is not one JSON object of known settings', () => {
    dir = mkdtempSync(join(tmpdir(), 'pos-shell-config-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, '{ server: ');
    expect(() => readConfigFile(file, true)).toThrow(/is not JSON/);
    writeFileSync(file, '[]');
    expect(() => readConfigFile(file, true)).toThrow(/must hold one JSON object/);
    writeFileSync(file, JSON.stringify({ server: 'http://s', printr: 'x' }));
    expect(() => readConfigFile(file, true)).toThrow(
      /has unknown settings: printr \(known: server, printer, /,
    );
  });

  it('lives in the XDG folders on Linux and in AppData on Windows', () => {
    expect(defaultConfigFile(ENV, 'linux')).toBe(join('/config', 'pos-shell', 'config.json'));
    expect(defaultDataDir(ENV, 'linux')).toBe(join('/state', 'pos-shell'));
    expect(defaultConfigFile({ APPDATA: 'C:\\Users\\till\\AppData\\Roaming' }, 'win32')).toContain(
      'pos-shell',
    );
    expect(defaultDataDir({ LOCALAPPDATA: 'C:\\Users\\till\\AppData\\Local' }, 'win32')).toContain(
      'pos-shell',
    );
  });
});
