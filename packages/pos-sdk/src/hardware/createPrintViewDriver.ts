import type { HardwareDriver, ReceiptColumns } from './HardwareDriver';
import { HARDWARE_ERROR_REASONS, HardwareError } from './HardwareError';
import { renderDocument } from './renderDocument';
import { documentQrCodes } from './ticketCodes';

/** The little of a browser `Window` the print view uses; `window.open(...)` returns one. */
export interface PrintViewWindow {
  readonly document: {
    open(): unknown;
    write(html: string): void;
    close(): void;
  };
  focus?(): void;
  print(): void;
  close?(): void;
}

/** Opens an empty window for the print view; `null` when the browser blocked it. */
export type OpenPrintWindow = () => PrintViewWindow | null | undefined;

/** Options of {@link createPrintViewDriver}. */
export interface PrintViewDriverOptions {
  /** Receipt width; default 42. */
  readonly columns?: ReceiptColumns;
  /** Close the window once `print()` returns (the dialog is modal in browsers); default true. */
  readonly closeAfterPrint?: boolean;
  /**
   * Makes the image of a ticket's QR code (its payload is the ticket id): a URL an `<img>` can show, such as a
   * `data:image/png;base64,…` URL. Given, a sale or reprint shows one code per ticket under the text; the SDK
   * carries no QR encoder itself (the cashier UI passes one built on the `qrcode` package).
   */
  readonly qrCodeImage?: (payload: string) => Promise<string> | string;
}

/** A ticket's QR code on the print view: its image and its payload (the ticket id). */
export interface PrintViewCode {
  readonly payload: string;
  readonly image: string;
}

/** `window.open` for a narrow receipt window; throws when there is no browser window. */
const openBrowserWindow: OpenPrintWindow = () => {
  const open = (
    globalThis as { open?: (url: string, target: string, features: string) => PrintViewWindow | null }
  ).open;
  return open?.('', '_blank', 'width=420,height=640');
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The print view page: the receipt text in a `<pre>`, monospace, no margins; then each ticket's QR code. */
export function renderPrintViewHtml(
  text: string,
  title = 'Receipt',
  codes: readonly PrintViewCode[] = [],
): string {
  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
  const blocks = codes.map(
    (code) =>
      `<figure class="qr"><img src="${escapeHtml(code.image)}" alt="${/^https?:/.test(code.payload) ? 'QR code of the e-invoice request page' : `QR code of ticket ${escapeHtml(code.payload)}`}" width="132" height="132"><figcaption>${escapeHtml(code.payload)}</figcaption></figure>`,
  );
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>`,
    '<style>@page{margin:0}body{margin:0}pre{margin:0;padding:4mm;font:12px/1.25 monospace;white-space:pre}',
    '.qr{margin:0 0 4mm;text-align:center;font:12px monospace}.qr img{display:block;margin:0 auto;image-rendering:pixelated}</style>',
    `</head><body><pre>${escapeHtml(text)}</pre>${blocks.join('')}</body></html>`,
  ].join('');
}

/**
 * A browser driver without hardware: each document opens a small window with the text receipt
 * in a `<pre>` and calls the browser's print dialog. It has no drawer: `openDrawer()` does
 * nothing and `capabilities.drawer` is false.
 *
 * @param openWindow opens the window; default `window.open('', '_blank', ...)`. Inject a fake in tests.
 * @example createPrintViewDriver(undefined, { columns: 32 })
 */
export function createPrintViewDriver(
  openWindow: OpenPrintWindow = openBrowserWindow,
  options: PrintViewDriverOptions = {},
): HardwareDriver {
  const columns = options.columns ?? 42;
  const closeAfterPrint = options.closeAfterPrint ?? true;
  return {
    name: 'print-view',
    capabilities: { drawer: false, print: true, columns },
    openDrawer: async () => {},
    print: async (document) => {
      const view = openWindow();
      if (!view) {
        throw new HardwareError(
          'print-view',
          HARDWARE_ERROR_REASONS.unreachable,
          'The print window was blocked; allow pop-ups for this site',
        );
      }
      const codes: PrintViewCode[] = [];
      if (options.qrCodeImage !== undefined) {
        for (const payload of documentQrCodes(document)) {
          codes.push({ payload, image: await options.qrCodeImage(payload) });
        }
      }
      view.document.open();
      view.document.write(renderPrintViewHtml(renderDocument(document, { columns }), 'Receipt', codes));
      view.document.close();
      view.focus?.();
      view.print();
      if (closeAfterPrint) view.close?.();
    },
    appStarted: async () => {},
  };
}
