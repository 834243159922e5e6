import { describe, expect, it, vi } from 'vitest';
import { isPosError } from '../errors';
import {
  CONSOLE_DRAWER_TEXT,
  createConsoleDriver,
  createDesktopShellDriver,
  createMemoryDriver,
  createPrintViewDriver,
  detectDesktopShell,
  HardwareError,
  isHardwareError,
  isShellMessage,
  type PrintDocument,
  type PrintViewWindow,
  renderDocument,
  type ShellMessage,
  windowPostMessageBridge,
} from '../hardware';
import { reprintingInvoice } from '../rules/messages';
import { HEADER, ORDER, SHIFT, Z_REPORT } from './__golden__/fixtures';

const SALE: PrintDocument = { kind: 'sale', header: HEADER, order: ORDER };
const REPRINT: PrintDocument = { kind: 'reprint', header: HEADER, order: ORDER };
const Z: PrintDocument = { kind: 'z-report', header: HEADER, report: Z_REPORT };

/** A bridge that keeps what it is sent. */
function recordingBridge() {
  const sent: ShellMessage[] = [];
  return { sent, send: (message: ShellMessage) => void sent.push(message) };
}

describe('desktop shell driver', () => {
  it('sends the desktop shell messages: open drawer, reprint receipt, app start (spec section 7)', async () => {
    const bridge = recordingBridge();
    const driver = createDesktopShellDriver(bridge, { version: '1.2.3' });
    await driver.appStarted();
    await driver.openDrawer();
    await driver.print(REPRINT);
    expect(bridge.sent).toEqual([
      { type: 'pos:app-start', version: '1.2.3' },
      { type: 'pos:open-drawer' },
      {
        type: 'pos:reprint',
        invoice: 'STORE-000001',
        document: REPRINT,
        text: renderDocument(REPRINT, { columns: 42 }),
        columns: 42,
      },
    ]);
  });

  it('sends "Reprinting invoice {id}"-able invoice ids: the order id when there is no invoice', async () => {
    const bridge = recordingBridge();
    await createDesktopShellDriver(bridge).print({
      kind: 'reprint',
      header: HEADER,
      order: { ...ORDER, invoice: null },
    });
    const message = bridge.sent[0];
    expect(message?.type === 'pos:reprint' && reprintingInvoice(message.invoice)).toBe(
      'Reprinting invoice ord-0001',
    );
  });

  it('sends sale receipts, float slips and reports as pos:print with the text at the chosen width', async () => {
    const bridge = recordingBridge();
    const driver = createDesktopShellDriver(bridge, { columns: 32 });
    await driver.print(SALE);
    await driver.print({ kind: 'float', header: HEADER, shift: SHIFT, entry: SHIFT.float[0]! });
    expect(bridge.sent.map((message) => message.type)).toEqual(['pos:print', 'pos:print']);
    expect(bridge.sent[0]).toEqual({
      type: 'pos:print',
      document: SALE,
      text: renderDocument(SALE, { columns: 32 }),
      columns: 32,
    });
    expect(driver.capabilities).toEqual({ drawer: true, print: true, columns: 32 });
  });

  it('sends app start without a version when none is given', async () => {
    const bridge = recordingBridge();
    await createDesktopShellDriver(bridge).appStarted();
    expect(bridge.sent).toEqual([{ type: 'pos:app-start' }]);
  });

  it('rejects with a HardwareError when the shell does not take a message', async () => {
    const cause = new Error('ipc closed');
    const driver = createDesktopShellDriver({ send: async () => Promise.reject(cause) });
    const error = await driver.openDrawer().catch((caught: unknown) => caught);
    expect(isHardwareError(error)).toBe(true);
    expect(isPosError(error)).toBe(true);
    expect(error).toMatchObject({ reason: 'hardware_failed', driver: 'desktop-shell', cause });
    const throwing = createDesktopShellDriver({
      send: () => {
        throw cause;
      },
    });
    await expect(throwing.print(SALE)).rejects.toBeInstanceOf(HardwareError);
  });

  it("passes on the printer fault a shell reports (its reason and words), and not an unknown reason's", async () => {
    const fault = Object.assign(new Error('Printer not reachable at 10.0.0.5:9100 (ECONNREFUSED)'), {
      reason: 'hardware_unreachable',
    });
    const driver = createDesktopShellDriver({ send: async () => Promise.reject(fault) });
    const error = await driver.print(SALE).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HardwareError);
    expect(error).toMatchObject({
      reason: 'hardware_unreachable',
      driver: 'desktop-shell',
      message: 'Printer not reachable at 10.0.0.5:9100 (ECONNREFUSED)',
      cause: fault,
    });
    const odd = Object.assign(new Error('on fire'), { reason: 'on_fire' });
    const other = await createDesktopShellDriver({ send: async () => Promise.reject(odd) })
      .openDrawer()
      .catch((caught: unknown) => caught);
    expect(other).toMatchObject({
      reason: 'hardware_failed',
      message: 'The desktop shell did not take the pos:open-drawer message',
    });
  });

  it('produces messages a shell recognises with isShellMessage', async () => {
    const bridge = recordingBridge();
    const driver = createDesktopShellDriver(bridge);
    await driver.appStarted();
    await driver.openDrawer();
    await driver.print(SALE);
    await driver.print(REPRINT);
    expect(bridge.sent.every(isShellMessage)).toBe(true);
    expect(JSON.parse(JSON.stringify(bridge.sent))).toEqual(bridge.sent);
    expect(isShellMessage({ type: 'pos:print', text: 'x' })).toBe(false);
    expect(isShellMessage({ type: 'pos:reprint', document: SALE, text: 'x' })).toBe(false);
    expect(isShellMessage({ type: 'other' })).toBe(false);
    expect(isShellMessage(null)).toBe(false);
  });
});

describe('desktop shell bridges', () => {
  it('posts each message to the target window with the target origin', async () => {
    const postMessage = vi.fn();
    const driver = createDesktopShellDriver(windowPostMessageBridge({ postMessage }, 'app://pos-shell'));
    await driver.openDrawer();
    expect(postMessage).toHaveBeenCalledWith({ type: 'pos:open-drawer' }, 'app://pos-shell');
  });

  it('posts to window.parent by default', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('window', { parent: { postMessage } });
    try {
      await windowPostMessageBridge(undefined, 'https://shell.local').send({ type: 'pos:app-start' });
      expect(postMessage).toHaveBeenCalledWith({ type: 'pos:app-start' }, 'https://shell.local');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses to build a postMessage bridge without a window', () => {
    expect(() => windowPostMessageBridge(undefined, '*')).toThrow(HardwareError);
  });

  it('detects an Electron-style preload object (globalThis.posShell.send)', async () => {
    const posShell = {
      sent: [] as ShellMessage[],
      send(message: ShellMessage) {
        this.sent.push(message);
      },
    };
    const bridge = detectDesktopShell({ posShell });
    expect(bridge).toBeDefined();
    await createDesktopShellDriver(bridge!).openDrawer();
    expect(posShell.sent).toEqual([{ type: 'pos:open-drawer' }]);
  });

  it('detects no shell outside one', () => {
    expect(detectDesktopShell()).toBeUndefined();
    expect(detectDesktopShell({})).toBeUndefined();
    expect(detectDesktopShell({ posShell: { send: 'nope' } })).toBeUndefined();
    expect(detectDesktopShell(undefined)).toBeUndefined();
  });
});

describe('memory driver', () => {
  it('records every call with its document and rendered text', async () => {
    const driver = createMemoryDriver({ columns: 32 });
    await driver.appStarted();
    await driver.print(SALE);
    await driver.openDrawer();
    expect(driver.calls).toEqual([
      { kind: 'appStarted' },
      { kind: 'print', document: SALE, text: renderDocument(SALE, { columns: 32 }) },
      { kind: 'openDrawer' },
    ]);
    expect(driver.printedTexts()).toEqual([renderDocument(SALE, { columns: 32 })]);
    driver.reset();
    expect(driver.calls).toEqual([]);
  });

  it('fails on demand like a dead printer, recording the attempt', async () => {
    const driver = createMemoryDriver();
    const failure = new HardwareError('memory', 'hardware_unreachable', 'Printer not reachable');
    driver.failWith(failure);
    await expect(driver.print(Z)).rejects.toBe(failure);
    expect(driver.calls.map((call) => call.kind)).toEqual(['print']);
    driver.failWith(undefined);
    await expect(driver.openDrawer()).resolves.toBeUndefined();
  });

  it('reports the capabilities it was given', () => {
    expect(createMemoryDriver({ drawer: false }).capabilities).toEqual({
      drawer: false,
      print: true,
      columns: 42,
    });
  });
});

describe('console driver', () => {
  it('writes the text receipt and [drawer opened]', async () => {
    const written: string[] = [];
    const driver = createConsoleDriver({ write: (text) => written.push(text), columns: 48 });
    await driver.print(Z);
    await driver.openDrawer();
    await driver.appStarted();
    expect(written).toEqual([renderDocument(Z, { columns: 48 }), CONSOLE_DRAWER_TEXT]);
    expect(CONSOLE_DRAWER_TEXT).toBe('[drawer opened]');
  });

  it('writes to console.log by default', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await createConsoleDriver().openDrawer();
      expect(log).toHaveBeenCalledWith('[drawer opened]');
    } finally {
      log.mockRestore();
    }
  });
});

describe('print view driver', () => {
  /** A window double that keeps what was written and whether print was called. */
  function fakeWindow() {
    const html: string[] = [];
    const events: string[] = [];
    const view: PrintViewWindow = {
      document: {
        open: () => events.push('open'),
        write: (chunk) => void html.push(chunk),
        close: () => void events.push('document.close'),
      },
      print: () => void events.push('print'),
      close: () => void events.push('close'),
    };
    return { view, html, events };
  }

  it('opens a print view with the rendered text in a <pre> and calls print', async () => {
    const { view, html, events } = fakeWindow();
    const driver = createPrintViewDriver(() => view, { columns: 32 });
    await driver.print(SALE);
    expect(events).toEqual(['open', 'document.close', 'print', 'close']);
    const page = html.join('');
    expect(page).toContain('<pre>');
    expect(page).toContain('Paid with CREDIT CARD      60.00');
    expect(page).toContain('jane.doe@example.com');
  });

  it("shows one QR code per ticket under the receipt, each captioned with its ticket ID (the code's payload)", async () => {
    const { view, html } = fakeWindow();
    const asked: string[] = [];
    const driver = createPrintViewDriver(() => view, {
      qrCodeImage: async (payload) => {
        asked.push(payload);
        return `data:image/png;base64,${payload}`;
      },
    });
    await driver.print(SALE);
    expect(asked).toEqual(['T8KQ2M4ZP1A', 'T3NW7R5XC9B']);
    const page = html.join('');
    expect(page).toContain(
      '<img src="data:image/png;base64,T8KQ2M4ZP1A" alt="QR code of ticket T8KQ2M4ZP1A" width="132" height="132"><figcaption>T8KQ2M4ZP1A</figcaption>',
    );
    expect(page.indexOf('T3NW7R5XC9B</figcaption>')).toBeGreaterThan(page.indexOf('</pre>'));
  });

  it('escapes HTML in names and notes', async () => {
    const { view, html } = fakeWindow();
    const order = { ...ORDER, notes: [{ text: '<script>alert(1)</script> & co', by: 'x', at: ORDER.date }] };
    await createPrintViewDriver(() => view, { closeAfterPrint: false }).print({
      kind: 'sale',
      header: HEADER,
      order,
    });
    expect(html.join('')).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(html.join('')).not.toContain('<script>');
  });

  it('has no drawer: open drawer does nothing and the capability is false', async () => {
    const openWindow = vi.fn();
    const driver = createPrintViewDriver(openWindow);
    await driver.openDrawer();
    await driver.appStarted();
    expect(openWindow).not.toHaveBeenCalled();
    expect(driver.capabilities.drawer).toBe(false);
  });

  it('rejects with a HardwareError when the print window is blocked', async () => {
    const driver = createPrintViewDriver(() => null);
    await expect(driver.print(SALE)).rejects.toMatchObject({
      name: 'HardwareError',
      reason: 'hardware_unreachable',
    });
  });
});
