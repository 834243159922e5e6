import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isHardwareError } from 'pos-sdk';
import { createDocumentHeader, type PrintDocument } from 'pos-sdk/receipt';
import { fixture } from 'pos-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJob, type EscPosSink, startEscPosSink } from '../../e2e/support/escPosSink';
import { createShellPrinter, isPaperOut } from '../printer';

const OPTIONS = { columns: 42, profile: 'epson', drawer: true } as const;

/** A sale of the testing kit's checkout answer: an order with its ticket ids. */
function saleDocument(): PrintDocument {
  const { answer } = fixture('checkout');
  return {
    kind: 'sale',
    header: createDocumentHeader(),
    order: answer.order,
    tickets: answer.tickets,
  } as PrintDocument;
}

let sink: EscPosSink;
beforeEach(async () => {
  sink = await startEscPosSink();
});
afterEach(async () => {
  await sink.close();
});

describe('the shell printer on a network port', () => {
  it('prints a sale: its text, one QR code per ticket and a cut, after asking for the paper', async () => {
    const document = saleDocument();
    await createShellPrinter({ kind: 'tcp', host: '127.0.0.1', port: sink.port }, OPTIONS).print(document);
    const [job] = await sink.waitForJobs(1);
    const printed = decodeJob(job!);
    const order = (document as { order: { invoice?: { _id: string } | null } }).order;
    expect(printed.text).toContain(order.invoice?._id);
    const tickets = (
      document as { order: { order_details: { cart: { items: { ticket?: string[] }[] } } } }
    ).order.order_details.cart.items.flatMap((item) => item.ticket ?? []);
    expect(tickets.length).toBeGreaterThan(0);
    expect(printed.qrCodes).toEqual(tickets);
    expect(printed.cut).toBe(true);
    expect(printed.drawerKick).toBe(false);
  });

  it('kicks the drawer without asking for paper; refuses when no drawer is set', async () => {
    const address = { kind: 'tcp', host: '127.0.0.1', port: sink.port } as const;
    await createShellPrinter(address, OPTIONS).openDrawer();
    const [job] = await sink.waitForJobs(1);
    expect(decodeJob(job!).drawerKick).toBe(true);
    await expect(
      createShellPrinter(address, { ...OPTIONS, drawer: false }).openDrawer(),
    ).rejects.toMatchObject({
      reason: 'hardware_unreachable',
      message: 'No cash drawer is set in the desktop shell',
    });
  });

  it('says out of paper where the printer reports it, and prints on when it does not answer', async () => {
    const address = { kind: 'tcp', host: '127.0.0.1', port: sink.port } as const;
    sink.paperStatus = 0x72;
    const printer = createShellPrinter(address, { ...OPTIONS, statusWaitMs: 200 });
    await expect(printer.print(saleDocument())).rejects.toMatchObject({
      reason: 'hardware_failed',
      message: `Printer at 127.0.0.1:${sink.port} is out of paper`,
    });
    expect(await printer.paperStatus()).toBe('paper-out');
    sink.paperStatus = undefined;
    expect(await printer.paperStatus()).toBe('no-answer');
    await printer.print(saleDocument());
    sink.paperStatus = 0x12;
    expect(await printer.paperStatus()).toBe('ok');
    expect(sink.jobs).toHaveLength(1);
  });

  it('reads the paper end bits of DLE EOT 4 only', () => {
    expect(isPaperOut(0x12)).toBe(false);
    expect(isPaperOut(0x1e)).toBe(false); // paper near its end: it still prints
    expect(isPaperOut(0x72)).toBe(true);
    expect(isPaperOut(0x7e)).toBe(true);
  });

  it('a printer switched off is not reachable', async () => {
    const { port } = sink;
    await sink.switchOff();
    const off = createShellPrinter({ kind: 'tcp', host: '127.0.0.1', port }, OPTIONS);
    const error = await off.print(saleDocument()).catch((caught: unknown) => caught);
    expect(isHardwareError(error)).toBe(true);
    expect(error).toMatchObject({
      reason: 'hardware_unreachable',
      message: `Printer not reachable at 127.0.0.1:${port} (ECONNREFUSED)`,
    });
  });

  it('runs jobs one after another, in the order given', async () => {
    const printer = createShellPrinter({ kind: 'tcp', host: '127.0.0.1', port: sink.port }, OPTIONS);
    await Promise.all([printer.testPage(['first']), printer.openDrawer(), printer.testPage(['third'])]);
    const jobs = (await sink.waitForJobs(3)).map(decodeJob);
    expect(jobs[0]?.text).toContain('first');
    expect(jobs[1]?.drawerKick).toBe(true);
    expect(jobs[2]?.text).toContain('third');
  });
});

describe('the shell printer on a device', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pos-shell-device-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes each job to the device, never emptying what is there', async () => {
    const device = join(dir, 'lp0');
    writeFileSync(device, '');
    const printer = createShellPrinter({ kind: 'device', path: device }, OPTIONS);
    await printer.print(saleDocument());
    await printer.openDrawer();
    const written = readFileSync(device);
    const decoded = decodeJob(written);
    expect(decoded.cut).toBe(true);
    expect(decoded.drawerKick).toBe(true);
    expect(await printer.paperStatus()).toBe('no-answer');
  });

  it('says which device is missing', async () => {
    const device = join(dir, 'missing', 'lp0');
    await expect(
      createShellPrinter({ kind: 'device', path: device }, OPTIONS).openDrawer(),
    ).rejects.toMatchObject({
      reason: 'hardware_unreachable',
      message: `Printer not reachable at ${device} (ENOENT)`,
    });
  });
});

describe('without a printer', () => {
  it('printing and the drawer answer with a clear error', async () => {
    const printer = createShellPrinter(undefined, { ...OPTIONS, drawer: false });
    await expect(printer.print(saleDocument())).rejects.toMatchObject({
      reason: 'hardware_unreachable',
      message: 'No receipt printer is set in the desktop shell',
    });
    await expect(printer.paperStatus()).rejects.toMatchObject({ reason: 'hardware_unreachable' });
  });
});
