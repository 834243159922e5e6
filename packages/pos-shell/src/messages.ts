import { isHardwareError, type ShellMessage } from 'pos-sdk';
import type { PrintDocument } from 'pos-sdk/receipt';
import type { ShellLog } from './log';
import type { ShellPrinter } from './printer';

/** What the shell does with one message of the page; rejects with the printer's `HardwareError` on a fault. */
export type MessageHandler = (message: ShellMessage) => Promise<void>;

/** How a document is named in the log: 'the sale receipt STORE-000012', 'the Z report'. */
export function describeDocument(document: PrintDocument): string {
  switch (document.kind) {
    case 'sale':
      return `the sale receipt ${document.order.invoice?._id ?? document.order._id}`;
    case 'reprint':
      return `the receipt ${document.order.invoice?._id ?? document.order._id} again`;
    case 'refund':
      return `the refund slip of ${document.order.invoice?._id ?? document.order._id}`;
    case 'float':
      return 'the float slip';
    case 'x-report':
      return 'the X report';
    case 'z-report':
      return 'the Z report';
    default:
      return 'a document';
  }
}

/**
 * The spec's shell messages made real (sections 1 and 7): open drawer kicks the drawer, reprint prints the order,
 * print prints the sale, float and X/Z documents, app start is recorded in the log. Each outcome is logged in words;
 * a printer fault is logged and passed back to the page (the sale it belongs to stands).
 */
export function createMessageHandler(printer: ShellPrinter, log: ShellLog): MessageHandler {
  const attempt = async (what: string, done: string, job: () => Promise<void>): Promise<void> => {
    try {
      await job();
      log(done);
    } catch (error) {
      log(`Could not ${what}: ${isHardwareError(error) ? error.message : String(error)}`);
      throw error;
    }
  };
  return async (message) => {
    switch (message.type) {
      case 'pos:open-drawer':
        return attempt('open the cash drawer', 'Opened the cash drawer', () => printer.openDrawer());
      case 'pos:print': {
        const what = describeDocument(message.document);
        return attempt(`print ${what}`, `Printed ${what}`, () => printer.print(message.document));
      }
      case 'pos:reprint': {
        const what = `the receipt ${message.invoice} again`;
        return attempt(`print ${what}`, `Printed ${what}`, () => printer.print(message.document));
      }
      case 'pos:app-start':
        log(`The cashier UI started${message.version === undefined ? '' : ` (version ${message.version})`}`);
        return;
    }
  };
}
