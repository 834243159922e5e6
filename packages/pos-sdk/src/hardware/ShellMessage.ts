import type { ReceiptColumns } from './HardwareDriver';
import type { PrintDocument, ReprintDocument } from './PrintDocument';

/** The `type` of every desktop-shell message (spec section 7: open drawer, reprint receipt, app start). */
export const SHELL_MESSAGE_TYPES = {
  /** Open the cash drawer. */
  openDrawer: 'pos:open-drawer',
  /** Print a document (a sale receipt, a float slip, an X or Z report). */
  print: 'pos:print',
  /** Reprint an order's receipt from the orders screen. */
  reprint: 'pos:reprint',
  /** The app has started (loaded and ready). */
  appStart: 'pos:app-start',
} as const;

/** Open the cash drawer. */
export interface OpenDrawerMessage {
  readonly type: 'pos:open-drawer';
}

/** Print a document. `text` is the document laid out for `columns`; a shell may print it as is. */
export interface PrintMessage {
  readonly type: 'pos:print';
  readonly document: PrintDocument;
  readonly text: string;
  readonly columns: ReceiptColumns;
}

/**
 * Reprint a receipt (spec: "Reprint sends the order to the desktop shell"). `invoice` is the
 * invoice id (the order `_id` when the order has no invoice); `text` is laid out for `columns`.
 */
export interface ReprintMessage {
  readonly type: 'pos:reprint';
  readonly invoice: string;
  readonly document: ReprintDocument;
  readonly text: string;
  readonly columns: ReceiptColumns;
}

/** The app has started; `version` is the app's version when the app knows it. */
export interface AppStartMessage {
  readonly type: 'pos:app-start';
  readonly version?: string;
}

/**
 * A message from the app to the desktop shell: plain JSON, safe for `postMessage`, Electron IPC
 * or a WebView bridge. See docs/hardware.md for the protocol.
 */
export type ShellMessage = OpenDrawerMessage | PrintMessage | ReprintMessage | AppStartMessage;

/** How messages reach the desktop shell: `window.postMessage`, an Electron preload, a test double. */
export interface ShellBridge {
  /** Delivers one message. A rejection or throw means the shell did not take it. */
  send(message: ShellMessage): void | Promise<void>;
}

const TYPES: readonly string[] = /* @__PURE__ */ Object.values(SHELL_MESSAGE_TYPES);

/**
 * Is `value` a {@link ShellMessage}? For shells written in TypeScript that receive messages
 * from an untrusted channel; it checks the `type` and the fields each type needs.
 */
export function isShellMessage(value: unknown): value is ShellMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  if (typeof message.type !== 'string' || !TYPES.includes(message.type)) return false;
  switch (message.type) {
    case SHELL_MESSAGE_TYPES.print:
      return isDocumentLike(message.document) && typeof message.text === 'string';
    case SHELL_MESSAGE_TYPES.reprint:
      return (
        typeof message.invoice === 'string' &&
        isDocumentLike(message.document) &&
        typeof message.text === 'string'
      );
    case SHELL_MESSAGE_TYPES.appStart:
      return message.version === undefined || typeof message.version === 'string';
    default:
      return true;
  }
}

/** Has it the shape of a document (an object with a string `kind`)? */
function isDocumentLike(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string'
  );
}
