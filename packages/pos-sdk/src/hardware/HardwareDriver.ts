import type { PrintDocument } from './PrintDocument';

/** The receipt widths the layouts support, in characters per line (58 mm paper: 32; 80 mm: 42 or 48). */
export type ReceiptColumns = 32 | 42 | 48;

/** Every supported {@link ReceiptColumns} value. */
export const RECEIPT_COLUMNS: readonly ReceiptColumns[] = [32, 42, 48];

/** What a driver can do, so a UI can hide an Open Drawer button or a Print action it cannot honour. */
export interface DriverCapabilities {
  /** Can it open a cash drawer? When false, `openDrawer()` resolves without doing anything. */
  readonly drawer: boolean;
  /** Can it print? When false, `print()` resolves without doing anything. */
  readonly print: boolean;
  /** The receipt width it prints at, when it prints text. */
  readonly columns?: ReceiptColumns;
}

/**
 * The SDK's door to the till hardware: cash drawer, receipt printer and the desktop shell.
 *
 * Services call it after the server has answered (a checkout prints its receipt and opens the
 * drawer on cash; a float prints a float slip; ending a shift prints the Z report). A driver
 * rejects with a `HardwareError` when the device fails; it never throws synchronously.
 *
 * Drivers in the SDK: `createDesktopShellDriver` (the spec's shell messages),
 * `createMemoryDriver` (tests), `createConsoleDriver` (CLI), `createPrintViewDriver` (browser
 * print dialog) and `createEscPosDriver` (network printer, from `pos-sdk/node`).
 *
 * @example
 * const driver: HardwareDriver = createConsoleDriver({ columns: 32 })
 * await driver.print({ kind: 'sale', header: createDocumentHeader(), order: receipt.order })
 */
export interface HardwareDriver {
  /** Short name for logs and errors: 'desktop-shell', 'escpos', 'console', 'memory', 'print-view'. */
  readonly name: string;
  /** What this driver can do. */
  readonly capabilities: DriverCapabilities;
  /** Opens the cash drawer (Menu > Open Drawer, a cash checkout, opening the float dialog). */
  openDrawer(): Promise<void>;
  /** Prints a document: a sale receipt, a reprint, a float slip, an X or Z report. */
  print(document: PrintDocument): Promise<void>;
  /** Tells the device the app has started (the spec's "app start" shell message); a no-op for most drivers. */
  appStarted(): Promise<void>;
}
