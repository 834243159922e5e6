import { createConnection } from 'node:net';
import { encodeEscPosDrawerKick, encodeEscPosReceipt } from './encodeEscPos';
import { DEFAULT_ESC_POS_PROFILE, ESC_POS_PROFILES, type EscPosProfileName } from './escPosProfiles';
import type { HardwareDriver, ReceiptColumns } from './HardwareDriver';
import { HARDWARE_ERROR_REASONS, HardwareError } from './HardwareError';
import { printableDocument } from './printableText';
import { renderDocument } from './renderDocument';
import { documentQrCodes } from './ticketCodes';

/** Options of {@link createEscPosDriver}. */
export interface EscPosDriverOptions {
  /** The printer's address, e.g. `'192.168.1.50'`. */
  readonly host: string;
  /** Its raw TCP port; default 9100. */
  readonly port?: number;
  /** Characters per line of the printer's font: 42 or 48 on 80 mm paper, 32 on 58 mm; default 42. */
  readonly columns?: ReceiptColumns;
  /**
   * The printer family, which says the code page the text is printed in (PC858, selected with its `ESC t n`);
   * default `epson`. See `ESC_POS_PROFILES`.
   */
  readonly profile?: EscPosProfileName;
  /** How long to wait for the connection; default 3000 ms. */
  readonly connectTimeoutMs?: number;
  /** How long the connection may stay idle while sending; default 10000 ms. */
  readonly timeoutMs?: number;
}

const NAME = 'escpos';

/** Sends one job over a fresh connection; resolves once every byte is handed to the network. */
function sendJob(
  bytes: Uint8Array,
  host: string,
  port: number,
  connectTimeoutMs: number,
  timeoutMs: number,
): Promise<void> {
  const where = `${host}:${port}`;
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    let isConnected = false;
    let isSettled = false;
    const settle = (error?: HardwareError) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(connectTimer);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        resolve();
      }
    };
    const connectTimer = setTimeout(() => {
      settle(
        new HardwareError(
          NAME,
          HARDWARE_ERROR_REASONS.timeout,
          `Printer at ${where} did not answer within ${connectTimeoutMs} ms`,
        ),
      );
    }, connectTimeoutMs);
    // A listener for the socket's whole life: an error after the job settled must not crash the process.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code ?? error.message;
      settle(
        isConnected
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
      isConnected = true;
      clearTimeout(connectTimer);
      socket.setTimeout(timeoutMs, () => {
        settle(
          new HardwareError(NAME, HARDWARE_ERROR_REASONS.timeout, `Printer at ${where} stopped answering`),
        );
        socket.destroy();
      });
      // Printers may answer with status bytes; read and drop them so the socket can close.
      socket.resume();
      socket.end(bytes, () => settle());
    });
  });
}

/**
 * A driver for an ESC/POS receipt printer on the network (raw TCP, port 9100), with the cash
 * drawer on the printer's kick-out port. Node only: import it from `pos-sdk/node`.
 *
 * Text is printed in the code page of the printer's `profile` (PC858 for Latin text: `Café für Zoë`); a
 * character it lacks is transliterated (`王小明` -> `WangXiaoMing`), never printed as `?`.
 *
 * A sale or reprint of a PAID order prints one QR code per ticket after the text (`GS ( k`, model 2, error
 * correction M); the code holds the ticket id.
 *
 * Each print or drawer kick is one job on its own connection; jobs run one after another
 * because such printers serve one connection at a time. Failures reject with a `HardwareError`
 * (`hardware_unreachable` for a refused or unknown host, `hardware_timeout`, `hardware_failed`).
 *
 * @example
 * import { createEscPosDriver } from 'pos-sdk/node'
 * const driver = createEscPosDriver({ host: '192.168.1.50', columns: 48 })
 */
export function createEscPosDriver(options: EscPosDriverOptions): HardwareDriver {
  const {
    host,
    port = 9100,
    columns = 42,
    profile = DEFAULT_ESC_POS_PROFILE,
    connectTimeoutMs = 3000,
    timeoutMs = 10_000,
  } = options;
  const { codepage } = ESC_POS_PROFILES[profile];
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = (bytes: Uint8Array): Promise<void> => {
    const job = queue.then(() => sendJob(bytes, host, port, connectTimeoutMs, timeoutMs));
    queue = job.catch(() => undefined);
    return job;
  };
  return {
    name: NAME,
    capabilities: { drawer: true, print: true, columns },
    openDrawer: () => enqueue(encodeEscPosDrawerKick()),
    print: async (document) =>
      enqueue(
        // Laid out from what the printer prints (accents its code page lacks transliterated), so columns align.
        encodeEscPosReceipt(renderDocument(printableDocument(document, codepage), { columns }), {
          qrCodes: documentQrCodes(document),
          profile,
        }),
      ),
    appStarted: async () => {},
  };
}
