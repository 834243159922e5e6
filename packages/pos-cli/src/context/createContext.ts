import {
  AuthError,
  createConsoleDriver,
  createPos,
  type Pos,
  STORAGE_KEYS,
  type StorageAdapter,
} from 'pos-sdk';
import { VenueSettingsSchema } from 'pos-sdk/contract';
import { fileOfflineStore } from 'pos-sdk/node';
import { checkTerminalId, DEFAULT_TIMEZONE, formatVenueDateTime } from 'pos-sdk/rules';

import { UsageError } from '../errors/UsageError';
import { createPaint, type Paint } from '../output/Paint';
import { loadInquirerPrompts } from '../prompts/loadInquirerPrompts';
import type { Prompts } from '../prompts/Prompts';
import type { CliIo } from './CliIo';
import { readCliSettings } from './CliSettings';
import { cliStorage } from './cliStorage';
import { offlineFilePath, sessionFilePath } from './configPaths';

/** The server `pos` talks to when neither `--server`, `POS_SERVER` nor a login says otherwise. */
export const DEFAULT_SERVER = 'http://localhost:8080';

/** The global options every command accepts (parsed by commander). */
export interface GlobalOptions {
  /** `--server URL`; else `POS_SERVER`, else the server of the last login, else {@link DEFAULT_SERVER}. */
  readonly server?: string;
  /** `--host ID`; else `POS_HOST_ID`, else the last login's (or `pos pair`'s), else TICKET01. */
  readonly host?: string;
  /** `--store CODE`; else `POS_STORE`, else the store of the last login's terminal, else STORE. */
  readonly store?: string;
  /** `--json`: the contract's shapes on stdout and nothing else. */
  readonly json?: boolean;
  /** `--no-color` sets it false. */
  readonly color?: boolean;
}

/** The options a context is created from: the global ones, and `pos login --terminal ID` (`--host` by another name). */
export interface ContextOptions extends GlobalOptions {
  readonly terminal?: string;
}

/** What a command runs with: settled options, output, the SDK instance and the prompts. */
export interface CliContext {
  readonly io: CliIo;
  /** `--json` output. */
  readonly json: boolean;
  /** Can the command ask for what is missing? (a terminal, and not told otherwise) */
  readonly interactive: boolean;
  readonly paint: Paint;
  /** Colour on (tables' headings). */
  readonly color: boolean;
  readonly server: string;
  readonly hostId: string;
  /** The store code, when one was chosen (the SDK defaults to STORE). */
  readonly store: string | undefined;
  /**
   * The store given on this command line (`--store`, else `POS_STORE`): it overrides the store of the terminal that
   * `pos login` remembers. Undefined when neither is given.
   */
  readonly storeOverride: string | undefined;
  /**
   * The venue's time zone: dates and "today". `POS_TIMEZONE`, else the venue settings' (kept from the last load),
   * else Asia/Kuala_Lumpur.
   */
  readonly timeZone: string;
  /** The session file (`session.json`, mode 0600). */
  readonly sessionFile: string;
  /** The storage the SDK runs on (session file + memory). */
  readonly storage: StorageAdapter;
  /** The SDK: services, rules, receipts (the console driver prints to stdout in human mode). */
  readonly pos: Pos;
  /** Writes a line of human output to stdout (nothing under `--json`). */
  print(text: string): void;
  /** Writes a value as JSON to stdout (only under `--json`). */
  printJson(value: unknown): void;
  /** Writes a remark to stderr (nothing under `--json`). */
  note(text: string): void;
  /** The prompts; throws a {@link UsageError} when there is no terminal to ask on. */
  prompts(): Promise<Prompts>;
  /** The SDK, after checking there is a stored session. @throws AuthError (exit 3) when signed out. */
  signedIn(): Pos;
  /**
   * {@link signedIn}, with the venue's settings loaded afresh first: for a command that prints a document (receipt,
   * float slip, shift report), whose header carries them. A failed load keeps the settings last loaded.
   */
  signedInToPrint(): Promise<Pos>;
  /** An instant as `DD-MM-YYYY HH:mm:ss` in the venue's time zone. */
  formatDate(instant: string | Date): string;
  /** Stops the SDK's timers so the process can exit. */
  dispose(): void;
}

/** Is `zone` an IANA time zone this Node knows? */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The time zone of the venue's settings kept by the last load (`pos login`, `pos settings`, a print), if any. */
function storedVenueTimeZone(storage: StorageAdapter): string | undefined {
  const text = storage.get(STORAGE_KEYS.venue);
  if (text === null) return undefined;
  try {
    const settings = VenueSettingsSchema.safeParse(JSON.parse(text));
    return settings.success ? settings.data.time_zone : undefined;
  } catch {
    return undefined;
  }
}

/** A non-empty trimmed value, or undefined. */
function given(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/**
 * The terminal id of `--host` / `--terminal` / `POS_HOST_ID`, the last login's or TICKET01, checked by the SDK's rule
 * before anything is sent: `--host -cmd` is refused in the rule's words (exit 2), not sent as a header the server
 * refuses.
 */
function settleHostId(options: ContextOptions, env: CliIo['env'], saved: string | undefined): string {
  const terminal = given(options.terminal);
  const host = given(options.host);
  const flag = terminal ?? host;
  if (terminal !== undefined && host !== undefined && terminal !== host) {
    throw new UsageError(`--terminal ${terminal} and --host ${host} name two terminals: give one`);
  }
  const [source, text] =
    flag !== undefined
      ? [terminal !== undefined ? '--terminal' : '--host', flag]
      : given(env.POS_HOST_ID) !== undefined
        ? ['POS_HOST_ID', env.POS_HOST_ID ?? '']
        : ['the saved terminal (pos login --terminal ID)', saved ?? 'TICKET01'];
  const checked = checkTerminalId(text);
  if (!checked.ok) throw new UsageError(`${source} "${text.trim()}": ${checked.message}`);
  return checked.value;
}

/**
 * Settles the global options (flag, then environment, then the last login, then the default),
 * creates the SDK instance over the session file and wires its notices and console printer
 * to the output.
 *
 * @throws UsageError for an unusable `--server`, terminal id or `POS_TIMEZONE`.
 */
export function createContext(options: ContextOptions, io: CliIo): CliContext {
  const { env } = io;
  const json = options.json === true;
  const sessionFile = sessionFilePath(env);
  const storage = cliStorage(sessionFile);
  const saved = readCliSettings(storage);

  const server = given(options.server) ?? given(env.POS_SERVER) ?? saved.server ?? DEFAULT_SERVER;
  try {
    const url = new URL(server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(url.protocol);
  } catch {
    throw new UsageError(`--server must be an http(s) address such as ${DEFAULT_SERVER}, got "${server}"`);
  }
  // The terminal and store saved by `pos login` or `pos pair` are that server's: another server has its own.
  const savedHere = saved.server === undefined || saved.server === server ? saved : {};
  const hostId = settleHostId(options, env, savedHere.hostId);
  const storeOverride = given(options.store) ?? given(env.POS_STORE);
  const store = storeOverride ?? savedHere.store;
  // The venue's time zone: POS_TIMEZONE when set, else the one of the venue's settings as last loaded, else the default.
  const timeZone = given(env.POS_TIMEZONE) ?? storedVenueTimeZone(storage) ?? DEFAULT_TIMEZONE;
  if (!isTimeZone(timeZone)) {
    throw new UsageError(
      `POS_TIMEZONE must be an IANA time zone such as ${DEFAULT_TIMEZONE}, got "${timeZone}"`,
    );
  }

  const color = !json && options.color !== false && !env.NO_COLOR && io.isStdoutTTY;
  const paint = createPaint(color);
  const print = (text: string): void => {
    if (!json) io.stdout.write(`${text}\n`);
  };

  const pos = createPos({
    api: { baseUrl: server, hostId, ...(store === undefined ? {} : { store }) },
    storage,
    // Sales and scans made while the server is down wait in a synced file until `pos sync now` (docs/offline.md).
    offline: { store: fileOfflineStore(offlineFilePath(env)), probeIntervalMs: 0, prepareOnSignIn: false },
    timeZone,
    // Receipts and reports are the SDK's layout, printed as text; under --json stdout is JSON only.
    hardware: createConsoleDriver({ write: print }),
  });
  // Success toasts ('Checkout completed', 'Order updated successfully'...) are part of the human
  // output. Warnings and errors are not printed here: the failure is reported once, by main.
  const stopNotices = pos.notices.subscribe((notice) => {
    if (notice.kind === 'success' || notice.kind === 'info') print(paint.green(notice.message));
  });

  const signedIn = (): Pos => {
    if (!pos.session.isSignedIn.value) throw new AuthError('Not signed in: run "pos login" first');
    return pos;
  };

  let prompts: Promise<Prompts> | undefined;
  const interactive = io.isInteractive || io.prompts !== undefined;

  return {
    io,
    json,
    interactive,
    paint,
    color,
    server,
    hostId,
    store,
    storeOverride,
    timeZone,
    sessionFile,
    storage,
    pos,
    print,
    printJson: (value) => {
      io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    note: (text) => {
      if (!json) io.stderr.write(`${text}\n`);
    },
    prompts: () => {
      if (!interactive) throw new UsageError('no terminal to ask on');
      if (io.prompts) return Promise.resolve(io.prompts);
      prompts ??= loadInquirerPrompts(json ? io.stderr : undefined);
      return prompts;
    },
    signedIn,
    signedInToPrint: async () => {
      const signedInPos = signedIn();
      await signedInPos.venue.load().catch(() => undefined);
      return signedInPos;
    },
    formatDate: (instant) => formatVenueDateTime(instant, timeZone),
    dispose: () => {
      stopNotices();
      pos.dispose();
    },
  };
}
