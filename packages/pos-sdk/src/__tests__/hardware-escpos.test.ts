import { once } from 'node:events';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ESC_POS,
  ESC_POS_PROFILES,
  type EscPosProfileName,
  encodeEscPosDrawerKick,
  encodeEscPosReceipt,
  encodeEscPosText,
  printableDocument,
  printableText,
} from '../escpos';
import { documentTicketCodes, type PrintDocument, renderDocument } from '../hardware';
import { createEscPosDriver } from '../node';
import { HEADER, ORDER } from './__golden__/fixtures';

const SALE: PrintDocument = { kind: 'sale', header: HEADER, order: ORDER };

/** A fake network printer: a TCP server that collects each connection's bytes. */
async function startPrinter(options: { hangUp?: boolean } = {}) {
  const jobs: Buffer[] = [];
  const sockets = new Set<Socket>();
  let notify: () => void = () => {};
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    if (options.hangUp) {
      socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      jobs.push(Buffer.concat(chunks));
      notify();
    });
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    jobs,
    /** Resolves once `count` jobs have arrived. */
    received: (count: number) =>
      new Promise<Buffer[]>((resolve) => {
        const check = () => (jobs.length >= count ? resolve(jobs) : undefined);
        notify = check;
        check();
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('ESC/POS encoding', () => {
  it('is on its own entry, pos-sdk/escpos: the root pos-sdk exports no encoder and no transliteration', async () => {
    const root: Record<string, unknown> = await import('../index');
    const escpos: Record<string, unknown> = await import('../escpos');
    for (const name of ['encodeEscPosReceipt', 'encodeEscPosText', 'printableText', 'ESC_POS_PROFILES']) {
      expect(escpos[name]).toBeDefined();
      expect(root[name]).toBeUndefined();
    }
  });

  it('frames a print job: ESC @, the code page (ESC t 19), the text, feed and the cut GS V', () => {
    const bytes = encodeEscPosReceipt('AB\nC');
    expect([...bytes]).toEqual([
      ...[0x1b, 0x40, 0x1b, 0x74, 19],
      ...[0x41, 0x42, 0x0a, 0x43, 0x0a],
      ...[0x1b, 0x64, 4, 0x1d, 0x56, 0x00, 0x0a],
    ]);
  });

  it('cuts and kicks the drawer with the same bytes as @point-of-sale/receipt-printer-encoder', () => {
    const library = new ReceiptPrinterEncoder({ language: 'esc-pos', newline: '\n', feedBeforeCut: 0 });
    expect(Buffer.from(encodeEscPosReceipt('')).subarray(-4)).toEqual(
      Buffer.from(library.cut('full').encode()),
    );
    expect([...library.pulse(0, 50, 500).encode()]).toEqual(ESC_POS.drawerKick);
  });

  it.each(Object.entries(ESC_POS_PROFILES))(
    'selects PC858 on %s printers with their ESC t number, as the encoder library maps it',
    (name, profile) => {
      const library = new ReceiptPrinterEncoder({ language: 'esc-pos', codepageMapping: name as never });
      const selected = [...library.codepage(profile.codepage).text('é').encode()];
      expect(selected.slice(0, 3), name).toEqual([0x1b, 0x74, profile.codepageNumber]);
      expect([...encodeEscPosReceipt('é', { profile: name as EscPosProfileName })].slice(0, 6)).toEqual([
        ...[0x1b, 0x40, 0x1b, 0x74, profile.codepageNumber],
        0x82,
      ]);
    },
  );

  it('kicks the drawer with ESC p 0 25 250', () => {
    expect([...encodeEscPosDrawerKick()]).toEqual([0x1b, 0x40, 0x1b, 0x70, 0, 25, 250]);
    expect(ESC_POS.drawerKick).toEqual([27, 112, 0, 25, 250]);
  });

  it('prints Latin text in code page 858, one byte per character: "Café für Zoë"', () => {
    expect([...encodeEscPosText('Café für Zoë\r\n\t€')]).toEqual([
      ...[0x43, 0x61, 0x66, 0x82, 0x20, 0x66, 0x81, 0x72, 0x20, 0x5a, 0x6f, 0x89],
      ...[0x0a, 0x20, 0xd5],
    ]);
    // A decomposed accent is composed first.
    expect([...encodeEscPosText('e\u0301')]).toEqual([0x82]);
  });

  it('transliterates what no code page of the printer holds, never "?"', () => {
    expect(printableText('王小明, Łódź, Ζωή', 'cp858')).toBe('WangXiaoMing, Lódz, Zoi');
    const bytes = encodeEscPosText('王小明 Łukasz');
    expect(Buffer.from(bytes).toString('latin1')).toBe('WangXiaoMing Lukasz');
    expect([...bytes]).not.toContain(0x3f);
  });

  it('lays a document out from its printable text, so the columns stay aligned', () => {
    const order = structuredClone(ORDER);
    order.order_details.customer = { email: 'zoë@bücher.de' };
    const item = order.order_details.cart.items[0];
    if (item) item.name = '王小明 Day Pass';
    const text = renderDocument(printableDocument({ kind: 'sale', header: HEADER, order }, 'cp858'), {
      columns: 32,
    });
    expect(text).toContain('WangXiaoMing Day Pass');
    expect(text).toContain('zoë@bücher.de');
    for (const line of text.split('\n')) expect([...line].length).toBeLessThanOrEqual(32);
  });
});

describe('ESC/POS driver (createEscPosDriver)', () => {
  it('sends a receipt over TCP: ESC @, the text laid out at its columns, the cut', async () => {
    const printer = await startPrinter();
    cleanups.push(printer.close);
    const driver = createEscPosDriver({ host: '127.0.0.1', port: printer.port, columns: 32 });
    await driver.print(SALE);
    const [job] = await printer.received(1);
    expect(job).toEqual(
      Buffer.from(
        encodeEscPosReceipt(renderDocument(SALE, { columns: 32 }), { qrCodes: documentTicketCodes(SALE) }),
      ),
    );
    expect(job?.subarray(0, 5)).toEqual(Buffer.from([0x1b, 0x40, 0x1b, 0x74, 19]));
    expect(job?.subarray(-4)).toEqual(Buffer.from([0x1d, 0x56, 0x00, 0x0a]));
    expect(job?.toString('latin1')).toContain('TOTAL                  RM 103.20');
    expect(driver.capabilities).toEqual({ drawer: true, print: true, columns: 32 });
  });

  it('opens the drawer with ESC p 0 25 250, one job after another', async () => {
    const printer = await startPrinter();
    cleanups.push(printer.close);
    const driver = createEscPosDriver({ host: '127.0.0.1', port: printer.port });
    await Promise.all([driver.print(SALE), driver.openDrawer()]);
    const jobs = await printer.received(2);
    expect(jobs[0]?.subarray(-4, -1)).toEqual(Buffer.from(ESC_POS.cut));
    expect(jobs[1]).toEqual(Buffer.from(encodeEscPosDrawerKick()));
  });

  it('rejects with a clear error when the printer refuses the connection', async () => {
    const port = await freePort();
    const driver = createEscPosDriver({ host: '127.0.0.1', port });
    await expect(driver.print(SALE)).rejects.toMatchObject({
      name: 'HardwareError',
      reason: 'hardware_unreachable',
      driver: 'escpos',
      message: `Printer not reachable at 127.0.0.1:${port} (ECONNREFUSED)`,
    });
    // A failed job does not block the next one.
    await expect(driver.openDrawer()).rejects.toMatchObject({ reason: 'hardware_unreachable' });
  });

  it('rejects when the printer hangs up mid-job, or resolves if every byte already left', async () => {
    const printer = await startPrinter({ hangUp: true });
    cleanups.push(printer.close);
    const driver = createEscPosDriver({ host: '127.0.0.1', port: printer.port });
    const outcome = await driver.print(SALE).then(
      () => 'sent',
      (error: unknown) => (error as { reason?: string }).reason,
    );
    expect(['sent', 'hardware_failed']).toContain(outcome);
  });

  it('does nothing on app start', async () => {
    const driver = createEscPosDriver({ host: '127.0.0.1', port: await freePort() });
    await expect(driver.appStarted()).resolves.toBeUndefined();
  });
});
