import { createMemoryDriver, createPos, type HardwareDriver, HardwareError } from 'pos-sdk';
import { encodeEscPosDrawerKick, encodeEscPosReceipt, printableDocument } from 'pos-sdk/escpos';
import { type PrintDocument, renderDocument } from 'pos-sdk/receipt';

/**
 * A driver for an ESC/POS printer behind an HTTP relay (a print server that writes the request's body to the
 * printer). The body is bytes (a `Uint8Array`), never a string: a string is sent as UTF-8, and the drawer kick
 * `1B 70 00 19 FA` would arrive as `1B 70 00 19 C3 BA`.
 */
export function createHttpPrinterDriver(printerUrl: string): HardwareDriver {
  const columns = 48;
  const send = async (body: Uint8Array<ArrayBuffer>): Promise<void> => {
    const answer = await fetch(printerUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body,
    }).catch((cause: unknown) => {
      throw new HardwareError(
        'http-printer',
        'hardware_unreachable',
        `Printer not reachable at ${printerUrl}`,
        {
          cause,
        },
      );
    });
    if (!answer.ok) {
      throw new HardwareError('http-printer', 'hardware_failed', `Printer answered ${answer.status}`);
    }
  };
  return {
    name: 'http-printer',
    capabilities: { drawer: true, print: true, columns },
    openDrawer: () => send(encodeEscPosDrawerKick()),
    // Laid out from what code page 858 holds (other characters transliterated), then encoded in it.
    print: (document: PrintDocument) =>
      send(encodeEscPosReceipt(renderDocument(printableDocument(document, 'cp858'), { columns }))),
    appStarted: async () => {},
  };
}

/** In tests, a memory driver records what was printed. */
export function createRecordingPos() {
  const driver = createMemoryDriver({ columns: 42 });
  const pos = createPos({ api: { baseUrl: 'http://127.0.0.1:8080' }, hardware: driver });
  return { pos, printed: () => driver.printedTexts() };
}
