import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ESC_POS_PROFILES, type EscPosProfileName } from 'pos-sdk/escpos';

/** Where the receipt printer is: a raw TCP port on the network, or a device the system writes to. */
export type PrinterAddress =
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number }
  | { readonly kind: 'device'; readonly path: string };

/** Receipt widths the layouts support (80 mm paper: 42 or 48; 58 mm: 32). */
export type Columns = 32 | 42 | 48;

/** Everything the shell runs with: the config file's settings under the command line's. */
export interface ShellConfig {
  /** The POS server the cashier UI and its API come from, e.g. `http://pos.local:8080`. */
  readonly server: string;
  /** The receipt printer; undefined: none (printing and the drawer answer with a clear error). */
  readonly printer: PrinterAddress | undefined;
  /** Whether a cash drawer hangs on the printer's kick port. */
  readonly drawer: boolean;
  /** Characters per receipt line. */
  readonly columns: Columns;
  /** The printer family, which says its code page. */
  readonly profile: EscPosProfileName;
  /** The local port the UI is served on (`http://127.0.0.1:PORT`); keep it fixed: the till's sign-in lives there. */
  readonly port: number;
  /** Full screen with no way out but the keyboard shortcut of the system (a counter till). */
  readonly kiosk: boolean;
  /** The Chromium or Chrome to open the window with; undefined: the first one installed. */
  readonly browser: string | undefined;
  /** More switches for the browser (e.g. `--force-device-scale-factor=1.25`). */
  readonly browserArgs: readonly string[];
  /** Whether to open the window at all (false: serve the UI and the printer only, for a browser opened by hand). */
  readonly window: boolean;
  /** Where the shell keeps its key, the window's profile and its log. */
  readonly dataDir: string;
}

/** The settings as the config file or the command line give them (strings where a person types them). */
export interface ShellSettings {
  server?: string;
  printer?: string;
  drawer?: string | boolean;
  columns?: string | number;
  profile?: string;
  port?: string | number;
  kiosk?: boolean;
  browser?: string;
  browserArgs?: string[];
  window?: boolean;
  dataDir?: string;
}

/** A setting that cannot be used, in words for the person starting the shell. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The local port the UI is served on unless set. */
export const DEFAULT_PORT = 5180;

/** The raw TCP port of a network receipt printer unless set. */
export const DEFAULT_PRINTER_PORT = 9100;

const SETTING_KEYS: readonly (keyof ShellSettings)[] = [
  'server',
  'printer',
  'drawer',
  'columns',
  'profile',
  'port',
  'kiosk',
  'browser',
  'browserArgs',
  'window',
  'dataDir',
];

/**
 * The printer setting read: `tcp://HOST[:PORT]` (port 9100 unless given), a device path (`/dev/usb/lp0`,
 * `/dev/ttyUSB0`, `\\.\COM3`, `COM3`), or `none`.
 */
export function parsePrinter(value: string): PrinterAddress | undefined {
  const text = value.trim();
  if (text === '' || text === 'none') return undefined;
  if (/^tcp:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ConfigError(printerProblem(value));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (host === '' || (url.pathname !== '' && url.pathname !== '/'))
      throw new ConfigError(printerProblem(value));
    return { kind: 'tcp', host, port: url.port === '' ? DEFAULT_PRINTER_PORT : Number(url.port) };
  }
  if (text.startsWith('/') || /^\\\\\.\\/.test(text) || /^COM\d+$/i.test(text)) {
    return { kind: 'device', path: /^COM\d+$/i.test(text) ? `\\\\.\\${text.toUpperCase()}` : text };
  }
  throw new ConfigError(printerProblem(value));
}

function printerProblem(value: string): string {
  return `The printer must be tcp://HOST[:PORT] or a device such as /dev/usb/lp0 (got '${value}')`;
}

/** How the printer is named in the log and in messages: `tcp://192.168.1.50:9100` or the device path. */
export function printerName(printer: PrinterAddress): string {
  return printer.kind === 'tcp' ? `tcp://${printer.host}:${printer.port}` : printer.path;
}

/** The config file unless `--config` names another: `$XDG_CONFIG_HOME/pos-shell/config.json` (Windows: `%APPDATA%`). */
export function defaultConfigFile(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'pos-shell', 'config.json');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'pos-shell', 'config.json');
}

/** The data folder unless set: `$XDG_STATE_HOME/pos-shell` (Windows: `%LOCALAPPDATA%\pos-shell`). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'pos-shell');
  return join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'pos-shell');
}

/**
 * Reads a config file (JSON with the keys of {@link ShellSettings}). A missing file is no settings when it is the
 * default one, and an error when it was named.
 */
export function readConfigFile(path: string, named: boolean): ShellSettings {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (!named && (error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(
      `Cannot read the config file ${path} (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`The config file ${path} is not JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`The config file ${path} must hold one JSON object`);
  }
  const unknown = Object.keys(parsed).filter((key) => !SETTING_KEYS.includes(key as keyof ShellSettings));
  if (unknown.length > 0) {
    throw new ConfigError(
      `The config file ${path} has unknown settings: ${unknown.join(', ')} (known: ${SETTING_KEYS.join(', ')})`,
    );
  }
  return parsed as ShellSettings;
}

/** The settings made whole and checked: `flags` over `file`, defaults for the rest. */
export function resolveConfig(file: ShellSettings, flags: ShellSettings, env = process.env): ShellConfig {
  const pick = <K extends keyof ShellSettings>(key: K): ShellSettings[K] => flags[key] ?? file[key];
  const server = pick('server');
  if (server === undefined || String(server).trim() === '') {
    throw new ConfigError('Say which POS server to use: --server URL (or "server" in the config file)');
  }
  const serverUrl = parseServer(String(server));
  const printerSetting = pick('printer');
  const printer = printerSetting === undefined ? undefined : parsePrinter(String(printerSetting));
  const drawer = parseDrawer(pick('drawer'), printer);
  const columns = Number(pick('columns') ?? 42);
  if (columns !== 32 && columns !== 42 && columns !== 48) {
    throw new ConfigError(`Columns must be 32, 42 or 48 (got '${pick('columns')}')`);
  }
  const profile = String(pick('profile') ?? 'epson');
  if (!Object.hasOwn(ESC_POS_PROFILES, profile)) {
    throw new ConfigError(
      `Unknown printer profile '${profile}' (known: ${Object.keys(ESC_POS_PROFILES).join(', ')})`,
    );
  }
  const portSetting = pick('port') ?? DEFAULT_PORT;
  const port = Number(portSetting);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`The port must be a whole number from 0 to 65535 (got '${portSetting}')`);
  }
  const browserArgs = pick('browserArgs') ?? [];
  if (!Array.isArray(browserArgs) || browserArgs.some((arg) => typeof arg !== 'string')) {
    throw new ConfigError('browserArgs must be a list of strings');
  }
  return {
    server: serverUrl,
    printer,
    drawer,
    columns,
    profile: profile as EscPosProfileName,
    port,
    kiosk: pick('kiosk') === true,
    browser: pick('browser'),
    browserArgs,
    window: pick('window') !== false,
    dataDir: pick('dataDir') ?? defaultDataDir(env),
  };
}

/** The server's URL, its origin only (`http://host:port`); an http(s) URL or a clear error. */
function parseServer(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`The server must be a URL such as http://pos.local:8080 (got '${value}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`The server must be an http:// or https:// URL (got '${value}')`);
  }
  return url.origin;
}

/** `printer` (the kick port of the printer, the default with a printer) or `none`. */
function parseDrawer(value: string | boolean | undefined, printer: PrinterAddress | undefined): boolean {
  if (value === undefined) return printer !== undefined;
  if (value === true || value === 'printer') {
    if (printer === undefined) throw new ConfigError('The drawer hangs on the printer: set --printer too');
    return true;
  }
  if (value === false || value === 'none') return false;
  throw new ConfigError(`The drawer must be 'printer' or 'none' (got '${value}')`);
}
