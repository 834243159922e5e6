import { open } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { documentTicketCodes, HARDWARE_ERROR_REASONS, HardwareError } from 'pos-sdk';
import {
  ESC_POS_PROFILES,
  type EscPosProfileName,
  encodeEscPosDrawerKick,
  encodeEscPosReceipt,
  printableDocument,
} from 'pos-sdk/escpos';
import { type PrintDocument, renderDocument } from 'pos-sdk/receipt';
import { type Columns, type PrinterAddress, printerName } from './config';

/** The till's receipt printer and the cash drawer on its kick port, as the shell drives them. */
export interface ShellPrinter {
  /** Prints a document of the cashier UI (sale, reprint, refund slip, float slip, X or Z report). */
  print(document: PrintDocument): Promise<void>;
  /** Kicks the drawer. */
  openDrawer(): Promise<void>;
  /** Prints a short test page (the doctor's `--test-page`). */
  testPage(lines: readonly string[]): Promise<void>;
  /** Asks a network printer for its paper sensor: 'ok', 'paper-out', or 'no-answer' (it does not report). */
  paperStatus(): Promise<'ok' | 'paper-out' | 'no-answer'>;
}

/** Timings of the printer's connection. */
export interface PrinterTimings {
  /** How long to wait for the connection (or a device to open); default 3000 ms. */
  readonly connectTimeoutMs?: number;
  /** How long the printer may take with a job; default 10000 ms. */
  readonly timeoutMs?: number;
  /** How long to wait for the paper sensor's answer before printing anyway; default 400 ms. */
  readonly statusWaitMs?: number;
}

const NAME = 'escpos';

/** `DLE EOT 4`: the real-time request for the roll paper sensor's status (one byte back). */
export const PAPER_STATUS_REQUEST = Uint8Array.from([0x10, 0x04, 0x04]);

/** Bits 5 and 6 of the paper sensor's byte: the roll paper end sensor sees no paper. */
const PAPER_END_BITS = 0x60;

/** Is this answer to `DLE EOT 4` "out of paper"? */
export function isPaperOut(status: number): boolean {
  return (status & PAPER_END_BITS) === PAPER_END_BITS;
}

/**
 * The printer of the shell's settings. Jobs run one after another (a receipt printer serves one connection at a
 * time). A network printer is asked for its paper sensor before each print: out of paper fails the job at once
 * with 'Printer at … is out of paper'; a printer that does not answer the question prints anyway. Every failure is a
 * `HardwareError` (`hardware_unreachable`, `hardware_timeout`, `hardware_failed`) with a sentence for the cashier.
 */
export function createShellPrinter(
  address: PrinterAddress | undefined,
  options: { columns: Columns; profile: EscPosProfileName; drawer: boolean } & PrinterTimings,
): ShellPrinter {
  const { columns, profile } = options;
  const timings = {
    connectTimeoutMs: options.connectTimeoutMs ?? 3000,
    timeoutMs: options.timeoutMs ?? 10_000,
    statusWaitMs: options.statusWaitMs ?? 400,
  };
  const { codepage } = ESC_POS_PROFILES[profile];
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(job: () => Promise<T>): Promise<T> => {
    const running = queue.then(job);
    queue = running.catch(() => undefined);
    return running;
  };
  const noPrinter = () =>
    Promise.reject(
      new HardwareError(
        NAME,
        HARDWARE_ERROR_REASONS.unreachable,
        'No receipt printer is set in the desktop shell',
      ),
    );
  const send = (bytes: Uint8Array, askPaper: boolean): Promise<void> => {
    if (address === undefined) return noPrinter();
    return enqueue(() =>
      address.kind === 'tcp'
        ? sendTcp(address.host, address.port, bytes, askPaper, timings)
        : sendDevice(address.path, bytes, timings),
    );
  };
  const printText = async (text: () => string, qrCodes: () => readonly string[]) => {
    if (address === undefined) return noPrinter();
    return send(encodeEscPosReceipt(text(), { qrCodes: qrCodes(), profile }), true);
  };
  return {
    print: (document) =>
      printText(
        // Laid out from what the printer prints (accents its code page lacks transliterated), so columns align.
        () => renderDocument(printableDocument(document, codepage), { columns }),
        () => documentTicketCodes(document),
      ),
    openDrawer: () => {
      if (!options.drawer) {
        return Promise.reject(
          new HardwareError(
            NAME,
            HARDWARE_ERROR_REASONS.unreachable,
            'No cash drawer is set in the desktop shell',
          ),
        );
      }
      return send(encodeEscPosDrawerKick(), false);
    },
    testPage: (lines) =>
      printText(
        () => lines.join('\n'),
        () => ['pos-shell test page'],
      ),
    paperStatus: () => {
      if (address === undefined) return noPrinter();
      if (address.kind !== 'tcp') return Promise.resolve('no-answer');
      return enqueue(() => askPaperStatus(address.host, address.port, timings));
    },
  };
}

type Timings = Required<PrinterTimings>;

/** One job over a fresh TCP connection: the paper question first when asked, then the bytes. */
function sendTcp(
  host: string,
  port: number,
  bytes: Uint8Array,
  askPaper: boolean,
  timings: Timings,
): Promise<void> {
  return withSocket(host, port, timings, async (socket, where) => {
    if (askPaper && (await readPaperStatus(socket, timings.statusWaitMs)) === 'paper-out') {
      throw new HardwareError(NAME, HARDWARE_ERROR_REASONS.failed, `Printer at ${where} is out of paper`);
    }
    await new Promise<void>((resolve) => socket.end(bytes, () => resolve()));
  });
}

function askPaperStatus(
  host: string,
  port: number,
  timings: Timings,
): Promise<'ok' | 'paper-out' | 'no-answer'> {
  return withSocket(host, port, timings, async (socket) => {
    const status = await readPaperStatus(socket, timings.statusWaitMs);
    socket.end();
    return status;
  });
}

/** Sends `DLE EOT 4` and waits for the one byte of the answer. */
function readPaperStatus(
  socket: import('node:net').Socket,
  waitMs: number,
): Promise<'ok' | 'paper-out' | 'no-answer'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('data', onData);
      resolve('no-answer');
    }, waitMs);
    const onData = (chunk: Buffer) => {
      clearTimeout(timer);
      socket.off('data', onData);
      const status = chunk[0];
      resolve(status !== undefined && isPaperOut(status) ? 'paper-out' : 'ok');
    };
    socket.on('data', onData);
    socket.write(PAPER_STATUS_REQUEST);
  });
}

/**
 * Connects, runs `work` and settles once: a refused or unknown host is `hardware_unreachable`, no connection in time
 * or a printer that stops answering `hardware_timeout`, a socket error mid-job `hardware_failed`.
 */
function withSocket<T>(
  host: string,
  port: number,
  timings: Timings,
  work: (socket: import('node:net').Socket, where: string) => Promise<T>,
): Promise<T> {
  const where = `${host}:${port}`;
  return new Promise<T>((resolve, reject) => {
    const socket = createConnection({ host, port });
    let connected = false;
    let settled = false;
    const settle = (error: HardwareError | undefined, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      socket.setTimeout(0);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        resolve(value as T);
      }
    };
    const connectTimer = setTimeout(
      () =>
        settle(
          new HardwareError(
            NAME,
            HARDWARE_ERROR_REASONS.timeout,
            `Printer at ${where} did not answer within ${timings.connectTimeoutMs} ms`,
          ),
        ),
      timings.connectTimeoutMs,
    );
    // For the socket's whole life: an error after the job settled must not crash the shell.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code ?? error.message;
      settle(
        connected
          ? new HardwareError(
              NAME,
              HARDWARE_ERROR_REASONS.failed,
              `Printing to ${where} failed (${reason})`,
              {
                cause: error,
              },
            )
          : new HardwareError(
              NAME,
              HARDWARE_ERROR_REASONS.unreachable,
              `Printer not reachable at ${where} (${reason})`,
              {
                cause: error,
              },
            ),
      );
    });
    socket.once('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      socket.setTimeout(timings.timeoutMs, () =>
        settle(
          new HardwareError(NAME, HARDWARE_ERROR_REASONS.timeout, `Printer at ${where} stopped answering`),
        ),
      );
      work(socket, where).then(
        (value) => settle(undefined, value),
        (error: unknown) =>
          settle(
            error instanceof HardwareError
              ? error
              : new HardwareError(NAME, HARDWARE_ERROR_REASONS.failed, `Printing to ${where} failed`, {
                  cause: error,
                }),
          ),
      );
    });
  });
}

/** One job written to a printer device (`/dev/usb/lp0`, a serial port): opened, written, closed. */
async function sendDevice(path: string, bytes: Uint8Array, timings: Timings): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new HardwareError(NAME, HARDWARE_ERROR_REASONS.timeout, `Printer at ${path} stopped answering`),
        ),
      timings.timeoutMs,
    );
  });
  const write = (async () => {
    let handle: import('node:fs/promises').FileHandle;
    try {
      // Appending: a device takes it as a plain write, and a file named by mistake is never emptied.
      handle = await open(path, 'a');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      const message =
        code === 'EACCES' || code === 'EPERM'
          ? `No permission to write to the printer at ${path} (${code}): add the till's user to the printer's group (lp)`
          : `Printer not reachable at ${path} (${code})`;
      throw new HardwareError(NAME, HARDWARE_ERROR_REASONS.unreachable, message, { cause: error });
    }
    try {
      await handle.write(bytes);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new HardwareError(NAME, HARDWARE_ERROR_REASONS.failed, `Printing to ${path} failed (${code})`, {
        cause: error,
      });
    } finally {
      await handle.close().catch(() => undefined);
    }
  })();
  try {
    await Promise.race([write, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The printer's name for the log and the doctor. */
export function describePrinter(address: PrinterAddress | undefined): string {
  return address === undefined ? 'none' : printerName(address);
}
