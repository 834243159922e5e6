import type { HardwareDriver, ReceiptColumns } from './HardwareDriver';
import { HARDWARE_ERROR_REASONS, HardwareError } from './HardwareError';
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

/**
 * The driver for the desktop shell the app runs inside (spec sections 1 and 7): it sends the
 * shell's three messages (open drawer, reprint receipt, app start) plus `pos:print` for the
 * other documents, over an injected {@link ShellBridge}. The shell owns the printer and drawer.
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
      throw new HardwareError(
        NAME,
        HARDWARE_ERROR_REASONS.failed,
        `The desktop shell did not take the ${message.type} message`,
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
