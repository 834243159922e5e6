import { spawnSync } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createServer } from 'node:net';
import { isHardwareError } from 'pos-sdk';
import { findBrowser } from './browserWindow';
import { printerName, type ShellConfig } from './config';
import { createShellPrinter, type ShellPrinter } from './printer';

/** One line of the doctor's report. */
export interface DoctorCheck {
  readonly ok: boolean;
  readonly name: string;
  readonly detail: string;
}

/** What the doctor is asked to do beyond looking. */
export interface DoctorOptions {
  /** Print a test page on the receipt printer. */
  readonly testPage?: boolean;
  /** Kick the cash drawer. */
  readonly openDrawer?: boolean;
  /** The printer to use (tests); default the config's. */
  readonly printer?: ShellPrinter;
  /** How long to wait for the server; default 5000 ms. */
  readonly timeoutMs?: number;
}

/**
 * Checks what a till needs, in order: the server answers and serves the cashier UI, the printer is reachable (and
 * has paper, where it says so), the drawer, a browser for the window, and the local port.
 */
export async function runDoctor(config: ShellConfig, options: DoctorOptions = {}): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  const timeoutMs = options.timeoutMs ?? 5000;
  checks.push(await checkServer(config.server, timeoutMs));
  checks.push(await checkUi(config.server, timeoutMs));
  const printer =
    options.printer ??
    createShellPrinter(config.printer, {
      columns: config.columns,
      profile: config.profile,
      drawer: config.drawer,
    });
  checks.push(await checkPrinter(config, printer));
  if (options.testPage) {
    checks.push(
      await attempt('Test page', 'printed', () =>
        printer.testPage([
          'POS desktop shell: test page',
          `Printer: ${config.printer === undefined ? 'none' : printerName(config.printer)}`,
          `Columns: ${config.columns}  Profile: ${config.profile}`,
          '0123456789'.repeat(Math.floor(config.columns / 10)).slice(0, config.columns),
          'Café für Zoë',
        ]),
      ),
    );
  }
  if (!config.drawer) {
    checks.push({ ok: true, name: 'Drawer', detail: 'none set' });
  } else if (options.openDrawer) {
    checks.push(await attempt('Drawer', "kicked on the printer's kick port", () => printer.openDrawer()));
  } else {
    checks.push({ ok: true, name: 'Drawer', detail: "on the printer's kick port (--open-drawer kicks it)" });
  }
  checks.push(checkBrowser(config));
  checks.push(await checkPort(config.port));
  return checks;
}

/** The report as the terminal shows it, and whether every check passed. */
export function formatDoctor(checks: readonly DoctorCheck[]): string {
  const width = Math.max(...checks.map((check) => check.name.length));
  const lines = checks.map(
    (check) => `  ${(check.ok ? 'ok' : 'PROBLEM').padEnd(8)} ${check.name.padEnd(width)}  ${check.detail}`,
  );
  const failed = checks.filter((check) => !check.ok).length;
  const summary =
    failed === 0 ? `All ${checks.length} checks passed.` : `${failed} of ${checks.length} checks failed.`;
  return `pos-shell doctor\n${lines.join('\n')}\n${summary}\n`;
}

async function attempt(name: string, done: string, job: () => Promise<void>): Promise<DoctorCheck> {
  try {
    await job();
    return { ok: true, name, detail: done };
  } catch (error) {
    return { ok: false, name, detail: isHardwareError(error) ? error.message : String(error) };
  }
}

async function timedFetch(url: string, timeoutMs: number): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
  return { response, ms: Math.round(performance.now() - started) };
}

async function checkServer(server: string, timeoutMs: number): Promise<DoctorCheck> {
  try {
    const { response, ms } = await timedFetch(`${server}/v1/health`, timeoutMs);
    await response.body?.cancel();
    return response.ok
      ? { ok: true, name: 'Server', detail: `${server} answers (HTTP ${response.status}, ${ms} ms)` }
      : { ok: false, name: 'Server', detail: `${server} answers HTTP ${response.status} to /v1/health` };
  } catch (error) {
    return { ok: false, name: 'Server', detail: `${server} not reachable (${reasonOf(error)})` };
  }
}

async function checkUi(server: string, timeoutMs: number): Promise<DoctorCheck> {
  try {
    const { response } = await timedFetch(`${server}/main`, timeoutMs);
    const type = response.headers.get('content-type') ?? '';
    await response.body?.cancel();
    return response.ok && type.startsWith('text/html')
      ? { ok: true, name: 'Cashier UI', detail: 'served by the server' }
      : {
          ok: false,
          name: 'Cashier UI',
          detail: `the server does not serve it (HTTP ${response.status}): start pos-server with the UI build`,
        };
  } catch (error) {
    return { ok: false, name: 'Cashier UI', detail: `not reachable (${reasonOf(error)})` };
  }
}

async function checkPrinter(config: ShellConfig, printer: ShellPrinter): Promise<DoctorCheck> {
  const address = config.printer;
  if (address === undefined) {
    return {
      ok: false,
      name: 'Printer',
      detail: 'none set: --printer tcp://HOST[:PORT] or a device such as /dev/usb/lp0',
    };
  }
  const name = printerName(address);
  if (address.kind === 'device') {
    try {
      await access(address.path, constants.W_OK);
      return { ok: true, name: 'Printer', detail: `${name} can be written to` };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return {
        ok: false,
        name: 'Printer',
        detail:
          code === 'EACCES'
            ? `${name}: no permission to write (add the till's user to the printer's group, lp)`
            : `${name} not found (${code})`,
      };
    }
  }
  try {
    const paper = await printer.paperStatus();
    if (paper === 'paper-out') return { ok: false, name: 'Printer', detail: `${name} is out of paper` };
    return {
      ok: true,
      name: 'Printer',
      detail: `${name} reachable, ${paper === 'ok' ? 'paper loaded' : 'paper not reported by the printer'}`,
    };
  } catch (error) {
    return { ok: false, name: 'Printer', detail: isHardwareError(error) ? error.message : String(error) };
  }
}

function checkBrowser(config: ShellConfig): DoctorCheck {
  if (!config.window) return { ok: true, name: 'Browser', detail: 'no window (--no-window)' };
  const browser = findBrowser(config.browser);
  if (browser === undefined) {
    return {
      ok: false,
      name: 'Browser',
      detail:
        config.browser === undefined
          ? 'no Chromium, Chrome or Edge found: install one (apt-get install chromium) or set --browser PATH'
          : `nothing at ${config.browser}`,
    };
  }
  const version = spawnSync(browser, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const said = version.stdout?.trim();
  return { ok: true, name: 'Browser', detail: said ? `${browser} (${said})` : browser };
}

function checkPort(port: number): Promise<DoctorCheck> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve({
        ok: false,
        name: 'Local port',
        detail:
          error.code === 'EADDRINUSE'
            ? `127.0.0.1:${port} is in use (a pos-shell already running there, or another program: set --port)`
            : `127.0.0.1:${port} cannot be used (${error.code})`,
      }),
    );
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => resolve({ ok: true, name: 'Local port', detail: `127.0.0.1:${port} free` }));
    });
  });
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}
