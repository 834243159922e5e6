import type { HardwareDriver, ReceiptColumns } from './HardwareDriver';
import { HARDWARE_ERROR_REASONS, HardwareError, type HardwareErrorReason } from './HardwareError';
import type { PrintDocument } from './PrintDocument';
import { renderDocument } from './renderDocument';
import type { ShellBridge, ShellMessage } from './ShellMessage';

/** Options of {@link createDesktopShellDriver}. */
export interface DesktopShellDriverOptions {
  /** Width the `text` of print and reprint messages is laid out for; default 42. */
  readonly columns?: ReceiptColumns;
  /** The app's version, sent with the app-start message. */
  readonly version?: string;
}

const NAME = 'desktop-shell';

/** The print or reprint message for a document. */
function printMessage(document: PrintDocument, columns: ReceiptColumns): ShellMessage {
  const text = renderDocument(document, { columns });
  if (document.kind === 'reprint') {
    const invoice = document.order.invoice?._id ?? document.order._id;
    return { type: 'pos:reprint', invoice, document, text, columns };
  }
  return { type: 'pos:print', document, text, columns };
}

const REASONS: readonly string[] = /* @__PURE__ */ Object.values(HARDWARE_ERROR_REASONS);

/** The fault a shell's bridge rejected with: an error with a known `reason` and a message, or nothing. */
function shellReportedFault(error: unknown): { reason: HardwareErrorReason; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { reason, message } = error as { reason?: unknown; message?: unknown };
  if (typeof reason !== 'string' || !REASONS.includes(reason)) return undefined;
  if (typeof message !== 'string' || message.trim() === '') return undefined;
  return { reason: reason as HardwareErrorReason, message };
}

/**
 * The driver for the desktop shell the app runs inside (spec sections 1 and 7): it sends the
 * shell's three messages (open drawer, reprint receipt, app start) plus `pos:print` for the
 * other documents, over an injected {@link ShellBridge}. The shell owns the printer and drawer.
 *
 * A bridge that rejects with an error whose `reason` is one of `HARDWARE_ERROR_REASONS` (as `pos-shell`'s does for a
 * printer fault) gives a `HardwareError` of that reason and message; any other rejection is `hardware_failed`,
 * 'The desktop shell did not take the … message'.
 *
 * @example
 * const bridge = detectDesktopShell() ?? windowPostMessageBridge(undefined, 'app://pos-shell')
 * const driver = createDesktopShellDriver(bridge, { version: '1.4.0' })
 * await driver.appStarted()
 */
export function createDesktopShellDriver(
  bridge: ShellBridge,
  options: DesktopShellDriverOptions = {},
): HardwareDriver {
  const columns = options.columns ?? 42;
  const send = async (message: ShellMessage): Promise<void> => {
    try {
      await bridge.send(message);
    } catch (error) {
      // A shell that reports the device's fault (a printer not reachable, out of paper, timed out) with a reason
      // of HARDWARE_ERROR_REASONS has its words shown as they are; anything else is the shell not taking it.
      const reported = shellReportedFault(error);
      throw new HardwareError(
        NAME,
        reported?.reason ?? HARDWARE_ERROR_REASONS.failed,
        reported?.message ?? `The desktop shell did not take the ${message.type} message`,
        { cause: error },
      );
    }
  };
  return {
    name: NAME,
    capabilities: { drawer: true, print: true, columns },
    openDrawer: () => send({ type: 'pos:open-drawer' }),
    print: async (document) => send(printMessage(document, columns)),
    appStarted: () =>
      send(
        options.version === undefined
          ? { type: 'pos:app-start' }
          : { type: 'pos:app-start', version: options.version },
      ),
  };
}
