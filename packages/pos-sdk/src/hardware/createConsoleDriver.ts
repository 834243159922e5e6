import type { HardwareDriver, ReceiptColumns } from './HardwareDriver';
import { renderDocument } from './renderDocument';

/** Options of {@link createConsoleDriver}. */
export interface ConsoleDriverOptions {
  /** Where text goes; default `console.log`. */
  readonly write?: (text: string) => void;
  /** Receipt width; default 42. */
  readonly columns?: ReceiptColumns;
}

/** What the console driver writes for Open Drawer. */
export const CONSOLE_DRAWER_TEXT = '[drawer opened]';

/**
 * A driver that writes receipts as text and `[drawer opened]` to the console: for the CLI and
 * for a terminal without hardware. App start writes nothing.
 *
 * @example createConsoleDriver({ write: (text) => process.stdout.write(`${text}\n`), columns: 32 })
 */
export function createConsoleDriver(options: ConsoleDriverOptions = {}): HardwareDriver {
  const write = options.write ?? ((text: string) => console.log(text));
  const columns = options.columns ?? 42;
  return {
    name: 'console',
    capabilities: { drawer: true, print: true, columns },
    openDrawer: async () => write(CONSOLE_DRAWER_TEXT),
    print: async (document) => write(renderDocument(document, { columns })),
    appStarted: async () => {},
  };
}
