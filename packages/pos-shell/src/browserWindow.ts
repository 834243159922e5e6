import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { ShellLog } from './log';

/** Where Chromium, Chrome or Edge is usually installed, per system, in the order they are tried. */
export function browserCandidates(
  platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter(
      (root): root is string => root !== undefined,
    );
    return roots.flatMap((root) => [
      join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
      join(root, 'Chromium', 'Application', 'chrome.exe'),
      join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
    ]);
  }
  if (platform === 'darwin') {
    return [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
    ];
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
    '/opt/google/chrome/chrome',
    '/usr/bin/microsoft-edge',
  ];
}

/** The browser to open the window with: the one set, or the first installed; undefined when there is none. */
export function findBrowser(
  set: string | undefined,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (set !== undefined) return exists(set) ? set : undefined;
  return browserCandidates().find((path) => exists(path));
}

/** The switches of the app window: its own profile, no first-run screens, DevTools over a pipe for the shell. */
export function windowArgs(options: {
  url: string;
  profileDir: string;
  kiosk: boolean;
  extra: readonly string[];
}): string[] {
  return [
    `--app=${options.url}`,
    `--user-data-dir=${options.profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-session-crashed-bubble',
    '--disable-features=Translate',
    '--remote-debugging-pipe',
    ...(options.kiosk ? ['--kiosk'] : []),
    ...options.extra,
  ];
}

/** Options of {@link openAppWindow}. */
export interface AppWindowOptions {
  readonly browser: string;
  readonly url: string;
  readonly profileDir: string;
  readonly kiosk: boolean;
  readonly extraArgs: readonly string[];
  readonly log: ShellLog;
}

/** The window the shell keeps open. */
export interface AppWindow {
  /** Closes the window for good (the shell is stopping). */
  close(): Promise<void>;
}

/** A window that closes this many times within a minute is given a pause before it is opened again. */
const QUICK_EXITS = 5;

/**
 * Opens the cashier UI in an app window of the browser and keeps it there: a page that crashes is loaded again (the
 * shell hears of it over the DevTools pipe), and a window that is closed or whose browser dies is opened again, at
 * once the first times, after 30 s when it keeps dying.
 */
export function openAppWindow(options: AppWindowOptions): AppWindow {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  const exits: number[] = [];

  const launch = () => {
    const args = windowArgs({
      url: options.url,
      profileDir: options.profileDir,
      kiosk: options.kiosk,
      extra: options.extraArgs,
    });
    const process_ = spawn(options.browser, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    child = process_;
    options.log(`Opened the window on ${options.url} with ${options.browser}`);
    process_.on('error', (error) => options.log(`Could not start ${options.browser}: ${error.message}`));
    process_.stderr?.resume();
    const toBrowser = process_.stdio[3] as Writable | null;
    const fromBrowser = process_.stdio[4] as Readable | null;
    let closedByHand = false;
    if (toBrowser && fromBrowser) {
      // The last page closed while the browser runs on (it may, without a window): started again, as an app window.
      watchPages(toBrowser, fromBrowser, options.log, () => {
        closedByHand = true;
        process_.kill('SIGTERM');
      });
    }
    process_.once('exit', (code, signal) => {
      if (child === process_) child = undefined;
      if (stopping) return;
      const now = Date.now();
      exits.push(now);
      while (exits.length > 0 && (exits[0] ?? now) < now - 60_000) exits.shift();
      const delay = exits.length >= QUICK_EXITS ? 30_000 : 1000;
      const why = closedByHand ? 'was closed' : `closed (${signal ?? `exit code ${code}`})`;
      options.log(`The window ${why}; opening it again in ${delay / 1000} s`);
      restartTimer = setTimeout(launch, delay);
    });
  };
  launch();

  return {
    close: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Listens on the DevTools pipe (`--remote-debugging-pipe`: JSON messages ended by a NUL byte) for a page that
 * crashed, and loads it again; calls `allClosed` when the last page has gone.
 */
function watchPages(toBrowser: Writable, fromBrowser: Readable, log: ShellLog, allClosed: () => void): void {
  const pages = new Set<string>();
  let nextId = 1;
  const waiting = new Map<number, (result: Record<string, unknown> | undefined) => void>();
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string) =>
    new Promise<Record<string, unknown> | undefined>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  toBrowser.on('error', () => undefined);
  fromBrowser.on('error', () => undefined);
  let buffered = '';
  fromBrowser.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let end = buffered.indexOf('\0');
    while (end !== -1) {
      const text = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\0');
      let message: {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: Record<string, unknown>;
      };
      try {
        message = JSON.parse(text);
      } catch {
        continue;
      }
      if (message.id !== undefined) {
        waiting.get(message.id)?.(message.result);
        waiting.delete(message.id);
      } else if (message.method === 'Target.targetCreated' || message.method === 'Target.targetInfoChanged') {
        const info = message.params?.targetInfo as { targetId?: string; type?: string } | undefined;
        if (info?.type === 'page' && typeof info.targetId === 'string') pages.add(info.targetId);
      } else if (message.method === 'Target.targetDestroyed') {
        const targetId = String(message.params?.targetId ?? '');
        if (pages.delete(targetId) && pages.size === 0) allClosed();
      } else if (message.method === 'Target.targetCrashed') {
        const targetId = String(message.params?.targetId ?? '');
        log(`The page crashed (${String(message.params?.status ?? 'unknown')}); loading it again`);
        void reload(targetId);
      }
    }
  });
  const reload = async (targetId: string) => {
    const attached = await send('Target.attachToTarget', { targetId, flatten: true });
    const sessionId = typeof attached?.sessionId === 'string' ? attached.sessionId : undefined;
    if (sessionId === undefined) return;
    await send('Page.reload', {}, sessionId);
    await send('Target.detachFromTarget', { sessionId });
  };
  void send('Target.setDiscoverTargets', { discover: true });
}
