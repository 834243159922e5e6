import {
  createMemoryDriver,
  createPos,
  type HardwareDriver,
  type PrintDocument,
  renderDocument,
} from 'pos-sdk';

/** A driver for a printer the SDK does not know: render the document as text and send it. */
export function createHttpPrinterDriver(printerUrl: string): HardwareDriver {
  const send = async (body: string): Promise<void> => {
    const answer = await fetch(printerUrl, { method: 'POST', body });
    if (!answer.ok) throw new Error(`Printer answered ${answer.status}`);
  };
  return {
    name: 'http-printer',
    capabilities: { drawer: true, print: true, columns: 48 },
    openDrawer: () => send('\u001bp\u0000\u0019\u00fa'),
    print: (document: PrintDocument) => send(renderDocument(document, { columns: 48 })),
    appStarted: async () => {},
  };
}

/** In tests, a memory driver records what was printed. */
export function createRecordingPos() {
  const driver = createMemoryDriver({ columns: 42 });
  const pos = createPos({ api: { baseUrl: 'http://127.0.0.1:8080' }, hardware: driver });
  return { pos, printed: () => driver.printedTexts() };
}
