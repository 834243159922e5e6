import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AppWindow, findBrowser, openAppWindow } from './browserWindow';
import { printerName, type ShellConfig } from './config';
import type { ShellLog } from './log';
import { createMessageHandler } from './messages';
import { createShellPrinter } from './printer';
import { type ShellServer, startShellServer } from './shellServer';

/** The running shell. */
export interface RunningShell {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * The shell's key, made once and kept in the data folder (readable by the till's user only): the pages the browser
 * keeps for working offline carry it, so it stays the same from one start to the next.
 */
export function shellKey(dataDir: string): string {
  const file = join(dataDir, 'key');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9_-]{32,}$/.test(kept)) return kept;
  } catch {
    // no key yet
  }
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** Starts the shell: the local server with the printer behind it, then the app window on `/main`. */
export async function runShell(config: ShellConfig, log: ShellLog): Promise<RunningShell> {
  mkdirSync(config.dataDir, { recursive: true });
  const printer = createShellPrinter(config.printer, {
    columns: config.columns,
    profile: config.profile,
    drawer: config.drawer,
  });
  const server: ShellServer = await startShellServer({
    server: config.server,
    port: config.port,
    token: shellKey(config.dataDir),
    onMessage: createMessageHandler(printer, log),
    log,
  });
  log(`Serving the cashier UI of ${config.server} on ${server.url}`);
  log(
    config.printer === undefined
      ? 'No receipt printer set: printing and the drawer will answer with an error'
      : `Receipt printer ${printerName(config.printer)} (${config.columns} columns, ${config.profile}); cash drawer ${
          config.drawer ? "on the printer's kick port" : 'none'
        }`,
  );
  let window: AppWindow | undefined;
  if (config.window) {
    const browser = findBrowser(config.browser);
    if (browser === undefined) {
      await server.close();
      throw new Error(
        config.browser === undefined
          ? 'No Chromium, Chrome or Edge found: install one (apt-get install chromium) or name it with --browser PATH'
          : `No browser at ${config.browser}`,
      );
    }
    window = openAppWindow({
      browser,
      url: `${server.url}/main`,
      profileDir: join(config.dataDir, 'window-profile'),
      kiosk: config.kiosk,
      extraArgs: config.browserArgs,
      log,
    });
  } else {
    log(`No window (--no-window): open ${server.url}/main in Chromium or Chrome on this till`);
  }
  return {
    url: server.url,
    stop: async () => {
      await window?.close();
      await server.close();
      log('Stopped');
    },
  };
}
