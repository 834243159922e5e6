import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HardwareError, type ShellMessage } from 'pos-sdk';
import { createDocumentHeader, type PrintDocument } from 'pos-sdk/receipt';
import { fixture } from 'pos-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJob, type EscPosSink, startEscPosSink } from '../../e2e/support/escPosSink';
import { autostartFile, autostartText, installAutostart, removeAutostart, startCommand } from '../autostart';
import { resolveConfig } from '../config';
import { formatDoctor, runDoctor } from '../doctor';
import { createLog, logTime } from '../log';
import { createMessageHandler, describeDocument } from '../messages';
import type { ShellPrinter } from '../printer';
import { buildProgram } from '../program';
import { shellKey } from '../shell';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pos-shell-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function sale(): PrintDocument {
  const { answer } = fixture('checkout');
  return { kind: 'sale', header: createDocumentHeader(), order: answer.order } as PrintDocument;
}

/** A printer that records what it is asked, or fails with `fault`. */
function recordingPrinter(fault?: HardwareError): ShellPrinter & { calls: string[] } {
  const calls: string[] = [];
  const act = async (call: string) => {
    calls.push(call);
    if (fault) throw fault;
  };
  return {
    calls,
    print: (document) => act(`print ${document.kind}`),
    openDrawer: () => act('drawer'),
    testPage: () => act('test page'),
    paperStatus: async () => 'ok',
  };
}

describe('the messages of the page', () => {
  it('do what the spec says, each logged in words', async () => {
    const printer = recordingPrinter();
    const lines: string[] = [];
    const handle = createMessageHandler(printer, (line) => lines.push(line));
    const document = sale();
    const invoice = (document as { order: { invoice?: { _id: string } | null } }).order.invoice?._id;
    const messages: ShellMessage[] = [
      { type: 'pos:app-start', version: '1.2.3' },
      { type: 'pos:app-start' },
      { type: 'pos:open-drawer' },
      { type: 'pos:print', document, text: '', columns: 42 },
      {
        type: 'pos:reprint',
        invoice: invoice ?? '',
        document: { ...document, kind: 'reprint' } as PrintDocument & { kind: 'reprint' },
        text: '',
        columns: 42,
      },
    ];
    for (const message of messages) await handle(message);
    expect(printer.calls).toEqual(['drawer', 'print sale', 'print reprint']);
    expect(lines).toEqual([
      'The cashier UI started (version 1.2.3)',
      'The cashier UI started',
      'Opened the cash drawer',
      `Printed the sale receipt ${invoice}`,
      `Printed the receipt ${invoice} again`,
    ]);
  });

  it("pass a printer's fault back to the page after logging it", async () => {
    const fault = new HardwareError(
      'escpos',
      'hardware_timeout',
      'Printer at 10.0.0.5:9100 stopped answering',
    );
    const lines: string[] = [];
    const handle = createMessageHandler(recordingPrinter(fault), (line) => lines.push(line));
    await expect(handle({ type: 'pos:open-drawer' })).rejects.toBe(fault);
    expect(lines).toEqual(['Could not open the cash drawer: Printer at 10.0.0.5:9100 stopped answering']);
  });

  it('name each document as the log says it', () => {
    const document = sale() as PrintDocument & { kind: 'sale' };
    const invoice = document.order.invoice?._id;
    expect(describeDocument(document)).toBe(`the sale receipt ${invoice}`);
    expect(describeDocument({ ...document, kind: 'refund' } as PrintDocument)).toBe(
      `the refund slip of ${invoice}`,
    );
    expect(describeDocument({ kind: 'float' } as PrintDocument)).toBe('the float slip');
    expect(describeDocument({ kind: 'x-report' } as PrintDocument)).toBe('the X report');
    expect(describeDocument({ kind: 'z-report' } as PrintDocument)).toBe('the Z report');
  });
});

describe('the log', () => {
  it('writes a timed line to the terminal and the log file', () => {
    const out: string[] = [];
    const file = join(dir, 'pos-shell.log');
    const log = createLog({ write: (text) => out.push(text) }, file, () => new Date(2026, 10, 29, 8, 5, 9));
    log('Opened the cash drawer');
    expect(out).toEqual(['2026-11-29 08:05:09 Opened the cash drawer\n']);
    expect(readFileSync(file, 'utf8')).toBe('2026-11-29 08:05:09 Opened the cash drawer\n');
    expect(logTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });

  it('goes on without a log file it cannot write, saying so once', () => {
    const out: string[] = [];
    const log = createLog({ write: (text) => out.push(text) }, join(dir, 'no', 'such', 'dir', 'log'));
    log('one');
    log('two');
    expect(out.filter((line) => line.includes('Cannot write the log file'))).toHaveLength(1);
    expect(out.filter((line) => / (one|two)\n$/.test(line))).toHaveLength(2);
  });
});

describe("the shell's key", () => {
  it('is made once, readable by the till user only, and the same at the next start', () => {
    const key = shellKey(dir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dir, 'key')).mode & 0o777).toBe(0o600);
    expect(shellKey(dir)).toBe(key);
    writeFileSync(join(dir, 'key'), 'short\n');
    expect(shellKey(dir)).not.toBe('short');
  });
});

describe('pos-shell doctor', () => {
  let server: Server;
  let sink: EscPosSink;
  let url: string;
  beforeEach(async () => {
    server = createServer((req, res) => {
      if (req.url === '/v1/health') res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sink = await startEscPosSink();
  });
  afterEach(async () => {
    server.close();
    await sink.close();
  });

  it('checks server, UI, printer, test page, drawer, browser and port; prints a test page and kicks on request', async () => {
    const config = resolveConfig(
      { server: url, printer: `tcp://127.0.0.1:${sink.port}`, port: 0, window: false, dataDir: dir },
      {},
    );
    const checks = await runDoctor(config, { testPage: true, openDrawer: true });
    expect(checks).toEqual([
      {
        ok: true,
        name: 'Server',
        detail: expect.stringMatching(new RegExp(`^${url} answers \\(HTTP 200, \\d+ ms\\)$`)),
      },
      { ok: true, name: 'Cashier UI', detail: 'served by the server' },
      { ok: true, name: 'Printer', detail: `tcp://127.0.0.1:${sink.port} reachable, paper loaded` },
      { ok: true, name: 'Test page', detail: 'printed' },
      { ok: true, name: 'Drawer', detail: "kicked on the printer's kick port" },
      { ok: true, name: 'Browser', detail: 'no window (--no-window)' },
      { ok: true, name: 'Local port', detail: '127.0.0.1:0 free' },
    ]);
    const [page, kick] = (await sink.waitForJobs(2)).map(decodeJob);
    expect(page?.text).toContain('POS desktop shell: test page');
    expect(page?.qrCodes).toEqual(['pos-shell test page']);
    expect(kick?.drawerKick).toBe(true);
    expect(formatDoctor(checks)).toMatch(
      /^pos-shell doctor\n {2}ok {7}Server {6}http:.*\nAll 7 checks passed\.\n$/s,
    );
  });

  it('says what is wrong, and the summary counts it', async () => {
    const { port } = sink;
    await sink.switchOff();
    server.close();
    server.closeAllConnections();
    const config = resolveConfig(
      {
        server: url,
        printer: `tcp://127.0.0.1:${port}`,
        port: 0,
        browser: join(dir, 'chrome'),
        dataDir: dir,
      },
      {},
    );
    const checks = await runDoctor(config, { timeoutMs: 2000 });
    expect(checks.filter((check) => !check.ok).map((check) => [check.name, check.detail])).toEqual([
      ['Server', `${url} not reachable (ECONNREFUSED)`],
      ['Cashier UI', 'not reachable (ECONNREFUSED)'],
      ['Printer', `Printer not reachable at 127.0.0.1:${port} (ECONNREFUSED)`],
      ['Browser', `nothing at ${join(dir, 'chrome')}`],
    ]);
    expect(formatDoctor(checks)).toContain('  PROBLEM  Server');
    expect(formatDoctor(checks)).toMatch(/4 of 6 checks failed\.\n$/);
  });
});

describe('pos-shell autostart', () => {
  it('writes an XDG autostart entry or a systemd user unit that starts the shell with the config file', () => {
    const env = { XDG_CONFIG_HOME: dir };
    const config = join(dir, 'pos-shell', 'config.json');
    expect(() =>
      installAutostart({ kind: 'desktop', configFile: config, launcher: '/opt/pos/bin/pos-shell.js', env }),
    ).toThrow(
      `No config file at ${config}: the shell started at login reads its settings there (docs/hardware.md)`,
    );
    writeFileSync(join(dir, 'config.json'), '{"server":"http://pos.local:8080"}');
    const configFile = join(dir, 'config.json');
    const desktop = installAutostart({
      kind: 'desktop',
      configFile,
      launcher: '/opt/pos/bin/pos-shell.js',
      node: '/usr/bin/node',
      env,
    });
    expect(desktop.file).toBe(join(dir, 'autostart', 'pos-shell.desktop'));
    const command = `"/usr/bin/node" "/opt/pos/bin/pos-shell.js" --config "${configFile}"`;
    expect(readFileSync(desktop.file, 'utf8')).toBe(autostartText('desktop', command));
    expect(readFileSync(desktop.file, 'utf8')).toContain(`Exec=${command}\n`);
    const unit = installAutostart({
      kind: 'systemd',
      configFile,
      launcher: '/opt/pos/bin/pos-shell.js',
      node: '/usr/bin/node',
      env,
    });
    expect(unit.file).toBe(autostartFile('systemd', env));
    expect(readFileSync(unit.file, 'utf8')).toContain(`ExecStart=${command}\nRestart=on-failure\n`);
    expect(unit.next).toBe(
      'Turn it on with: systemctl --user daemon-reload && systemctl --user enable --now pos-shell',
    );
    expect(removeAutostart(env)).toEqual([desktop.file, unit.file]);
    expect(existsSync(desktop.file)).toBe(false);
    expect(removeAutostart(env)).toEqual([]);
  });

  it('quotes every part of the command', () => {
    expect(startCommand('/usr/bin/node', '/opt/my "pos"/bin/pos-shell.js', '/etc/pos.json')).toBe(
      '"/usr/bin/node" "/opt/my \\"pos\\"/bin/pos-shell.js" --config "/etc/pos.json"',
    );
  });
});

describe('the pos-shell command', () => {
  it('takes the flags over the config file, and only the flags typed', async () => {
    const out: string[] = [];
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({ server: 'http://127.0.0.1:1', window: false, printer: 'none', port: 0 }),
    );
    const program = buildProgram({
      out: { write: (text) => out.push(text) },
      err: { write: () => true },
      env: {},
    });
    await program.parseAsync(['doctor', '--config', file, '--columns', '32', '--data-dir', dir], {
      from: 'user',
    });
    const report = out.join('');
    // window: false came from the file (no --no-window typed), the server too.
    expect(report).toContain('Browser     no window (--no-window)');
    expect(report).toContain('Server      http://127.0.0.1:1 not reachable');
    expect(report).toContain('PROBLEM  Printer     none set');
    process.exitCode = undefined;
  });
});
