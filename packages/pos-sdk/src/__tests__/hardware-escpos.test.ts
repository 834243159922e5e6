import { once } from 'node:events';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  documentTicketCodes,
  ESC_POS,
  encodeEscPosDrawerKick,
  encodeEscPosReceipt,
  encodeEscPosText,
  type PrintDocument,
  renderDocument,
} from '../hardware';
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
  it('frames a print job: ESC @, the text, feed and the cut GS V', () => {
    const bytes = encodeEscPosReceipt('AB\nC');
    expect([...bytes]).toEqual([0x1b, 0x40, 0x41, 0x42, 0x0a, 0x43, 0x0a, 0x1b, 0x64, 4, 0x1d, 0x56, 0x00]);
  });

  it('kicks the drawer with ESC p 0 25 250', () => {
    expect([...encodeEscPosDrawerKick()]).toEqual([0x1b, 0x40, 0x1b, 0x70, 0, 25, 250]);
    expect(ESC_POS.drawerKick).toEqual([27, 112, 0, 25, 250]);
  });

  it('prints one byte per character so the columns stay aligned', () => {
    expect(Buffer.from(encodeEscPosText('Café Zoë\r\n\t€')).toString('latin1')).toBe('Cafe Zoe\n ?');
    expect(encodeEscPosText('ﬁ').length).toBe(1);
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
    expect(job?.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    expect(job?.subarray(-3)).toEqual(Buffer.from([0x1d, 0x56, 0x00]));
    expect(job?.toString('latin1')).toContain('TOTAL                  RM 103.20');
    expect(driver.capabilities).toEqual({ drawer: true, print: true, columns: 32 });
  });

  it('opens the drawer with ESC p 0 25 250, one job after another', async () => {
    const printer = await startPrinter();
    cleanups.push(printer.close);
    const driver = createEscPosDriver({ host: '127.0.0.1', port: printer.port });
    await Promise.all([driver.print(SALE), driver.openDrawer()]);
    const jobs = await printer.received(2);
    expect(jobs[0]?.subarray(-3)).toEqual(Buffer.from(ESC_POS.cut));
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
