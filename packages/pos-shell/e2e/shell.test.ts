import { request as httpRequest } from 'node:http';
import Database from 'better-sqlite3';
import { type Browser, chromium, type Page } from 'playwright-core';
import { OFFLINE_MESSAGES, reprintingInvoice } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutCash, openMenuEntry, payCashAndOpenReceipt } from '../../pos-react/e2e/fixtures/sell';
import { launchBrowser } from '../../pos-react/e2e/support/browser';
import { waitForServiceWorker, waitUntilPrepared } from '../../pos-react/e2e/support/offline';
import { addTile, dialog, expectToast, submitSignIn, tile } from '../../pos-react/e2e/support/pos';
import { startTestServer, type TestServer } from '../../pos-react/e2e/support/server';
import { decodeJob, type EscPosSink, startEscPosSink } from './support/escPosSink';
import { type ShellProcess, startShell } from './support/shellProcess';

let server: TestServer;
let sink: EscPosSink;
let shell: ShellProcess;
/** The shell's own window, driven over its DevTools port. */
let shellWindow: Browser;
let page: Page;

/** The ticket ids the server issued, in the order they were made. */
function ticketIds(): string[] {
  const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
  try {
    return (db.prepare('select id from tickets order by created_at, id').all() as { id: string }[]).map(
      (row) => row.id,
    );
  } finally {
    db.close();
  }
}

/** The number of orders the server keeps. */
function orderCount(): number {
  const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from orders').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** POSTs a message to the shell with another `Host` header (as a page of a rebound name would); the status. */
function postWithHost(url: string, host: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}/__pos-shell/message`,
      { method: 'POST', headers: { Host: host, 'Content-Type': 'application/json' } },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

beforeAll(async () => {
  server = await startTestServer();
  sink = await startEscPosSink();
  shell = await startShell({ server: server.url, printerPort: sink.port });
  shellWindow = await chromium.connectOverCDP(`http://127.0.0.1:${shell.devtoolsPort}`);
  const found = shellWindow
    .contexts()
    .flatMap((context) => context.pages())
    .find((candidate) => candidate.url().startsWith(shell.url));
  if (!found) throw new Error(`No page of ${shell.url} in the shell's window`);
  page = found;
  page.setDefaultTimeout(10_000);
  // Signed in at the till; the New Shift's float slip prints and the float dialog kicks the drawer.
  await page.goto(`${shell.url}/signin`);
  await submitSignIn(page, 'cashier@demo.pos', 'demo1234');
  await page.waitForURL('**/main');
  const newShift = dialog(page, 'New Shift');
  await newShift.getByLabel('Float').fill('100');
  await newShift.getByRole('button', { name: 'Set Float' }).click();
  await newShift.waitFor({ state: 'detached' });
});

afterAll(async () => {
  await shellWindow?.close().catch(() => undefined);
  await shell?.stop();
  await sink?.close();
  await server?.dispose();
});

describe('the desktop shell at a till', () => {
  it('opens the cashier UI in its window on its own origin, with the bridge, and logs the app start', async () => {
    expect(new URL(page.url()).origin).toBe(shell.url);
    expect(
      await page.evaluate(() => typeof (window as { posShell?: { send?: unknown } }).posShell?.send),
    ).toBe('function');
    await expect
      .poll(() => shell.log())
      .toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} The cashier UI started \(version \d+\.\d+\.\d+\)$/m);
    // The New Shift's float went to the printer as a float slip.
    const [floatSlip] = await sink.waitForJobs(1);
    const slip = decodeJob(floatSlip!);
    expect(slip.text).toContain('100.00');
    expect(slip.cut).toBe(true);
    await expect.poll(() => shell.log()).toContain('Printed the float slip');
  });

  it('a cash sale prints the receipt (the order, a QR code per ticket, a cut) and opens the drawer', async () => {
    const before = sink.jobs.length;
    await addTile(page, 'DAY-ADULT', 2);
    await dialog(page, 'Quantity').waitFor({ state: 'detached' });
    const invoice = await checkOutCash(page, 'ada@example.com');
    const [receiptJob, drawerJob] = (await sink.waitForJobs(before + 2)).slice(before);
    const receipt = decodeJob(receiptJob!);
    expect(receipt.text).toContain(invoice);
    expect(receipt.text).toContain('Day Pass - Adult');
    // The venue's header: the till and the cashier.
    expect(receipt.text).toContain('TICKET01');
    expect(receipt.text).toContain('Ana Cashier');
    expect(receipt.text).toContain('98.00');
    const tickets = ticketIds();
    expect(tickets).toHaveLength(2);
    expect(receipt.qrCodes).toEqual(tickets);
    expect(receipt.cut).toBe(true);
    expect(receipt.drawerKick).toBe(false);
    expect(decodeJob(drawerJob!).drawerKick).toBe(true);
    await expect.poll(() => shell.log()).toContain(`Printed the sale receipt ${invoice}`);
    await expect.poll(() => shell.log()).toContain('Opened the cash drawer');

    // Reprint from Order History prints the same order again, its codes included.
    await openMenuEntry(page, 'Order History');
    await page.waitForURL('**/orders');
    await page.locator(`[data-testid="order-row"][data-invoice="${invoice}"]`).click();
    const invoiceDialog = page.getByTestId('invoice-dialog');
    await invoiceDialog.getByRole('button', { name: 'REPRINT' }).click();
    await expectToast(page, reprintingInvoice(invoice));
    const [reprint] = (await sink.waitForJobs(before + 3)).slice(before + 2);
    const again = decodeJob(reprint!);
    expect(again.text).toContain(invoice);
    expect(again.qrCodes).toEqual(tickets);
    expect(again.cut).toBe(true);
    await expect.poll(() => shell.log()).toContain(`Printed the receipt ${invoice} again`);
    await page.keyboard.press('Escape');
    await invoiceDialog.waitFor({ state: 'detached' });
    await page.goto(`${shell.url}/main`);
  });

  it('Menu > Open Drawer and the float dialog kick the drawer', async () => {
    const before = sink.jobs.length;
    await openMenuEntry(page, 'Open Drawer');
    const [kick] = (await sink.waitForJobs(before + 1)).slice(before);
    expect(decodeJob(kick!).drawerKick).toBe(true);
    expect(await page.getByText('No cash drawer is connected to this browser').count()).toBe(0);

    await openMenuEntry(page, 'Float');
    const float = dialog(page, 'Float');
    await float.waitFor();
    const [floatKick] = (await sink.waitForJobs(before + 2)).slice(before + 1);
    expect(decodeJob(floatKick!).drawerKick).toBe(true);
    await page.keyboard.press('Escape');
    await float.waitFor({ state: 'detached' });
  });

  it("Menu > Shift so far prints the X report on the till's printer", async () => {
    const before = sink.jobs.length;
    await openMenuEntry(page, 'Shift so far');
    const soFar = dialog(page, 'Shift so far');
    await soFar.getByRole('button', { name: 'Print' }).click();
    const [report] = (await sink.waitForJobs(before + 1)).slice(before);
    const printed = decodeJob(report!);
    expect(printed.text).toContain('SHIFT REPORT (X)');
    expect(printed.cut).toBe(true);
    await expect.poll(() => shell.log()).toContain('Printed the X report');
    await soFar.getByRole('button', { name: 'Close' }).click();
    await soFar.waitFor({ state: 'detached' });
  });

  it('a dead printer: its error shows at the till and the sale stands', async () => {
    await sink.switchOff();
    try {
      const orders = orderCount();
      await addTile(page, 'GRIP-M', 1);
      await dialog(page, 'Quantity').waitFor({ state: 'detached' });
      const receipt = await payCashAndOpenReceipt(page, 'bob@example.com', 20_000);
      await expectToast(
        page,
        new RegExp(`Printer not reachable at 127\\.0\\.0\\.1:${sink.port} \\(ECONNREFUSED\\)`),
      );
      expect(orderCount()).toBe(orders + 1);
      await expect
        .poll(() => shell.log())
        .toMatch(/Could not print the sale receipt \S+: Printer not reachable/);
      await receipt.getByRole('button', { name: 'New Sale' }).click();
      await receipt.waitFor({ state: 'detached' });
    } finally {
      await sink.switchOn();
    }
  });

  it('a printer out of paper says so, where it reports it; the sale stands', async () => {
    sink.paperStatus = 0x72;
    try {
      const orders = orderCount();
      await addTile(page, 'GRIP-M', 1);
      await dialog(page, 'Quantity').waitFor({ state: 'detached' });
      const receipt = await payCashAndOpenReceipt(page, 'bob@example.com');
      await expectToast(page, `Printer at 127.0.0.1:${sink.port} is out of paper`);
      expect(orderCount()).toBe(orders + 1);
      await receipt.getByRole('button', { name: 'New Sale' }).click();
      await receipt.waitFor({ state: 'detached' });
    } finally {
      sink.paperStatus = 0x12;
    }
  });

  it('a page of another origin cannot reach the printer or the drawer', async () => {
    const before = sink.jobs.length;
    const outsider = await launchBrowser();
    try {
      const other = await (await outsider.newContext()).newPage();
      await other.goto(`${server.url}/signin`);
      const attempts = await other.evaluate(async (shellUrl) => {
        const outcomes: string[] = [];
        const tries: RequestInit[] = [
          // A JSON post needs a preflight, which the shell refuses.
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{"type":"pos:open-drawer"}',
          },
          // A "simple" request goes out without one: the shell refuses it for its origin and missing key.
          { method: 'POST', mode: 'no-cors', body: '{"type":"pos:open-drawer"}' },
          {
            method: 'POST',
            mode: 'no-cors',
            headers: { 'Content-Type': 'text/plain' },
            body: JSON.stringify({ type: 'pos:print', document: { kind: 'float' }, text: 'x', columns: 42 }),
          },
        ];
        for (const init of tries) {
          try {
            const answer = await fetch(`${shellUrl}/__pos-shell/message`, init);
            outcomes.push(`answered ${answer.type} ${answer.status}`);
          } catch {
            outcomes.push('refused');
          }
        }
        // The page cannot read the shell's pages (and so its key) either.
        try {
          await (await fetch(`${shellUrl}/main`)).text();
          outcomes.push('read the page');
        } catch {
          outcomes.push('page unreadable');
        }
        return outcomes;
      }, shell.url);
      expect(attempts).toEqual(['refused', 'answered opaque 0', 'answered opaque 0', 'page unreadable']);
    } finally {
      await outsider.close();
    }
    // Nothing reached the printer; the shell said why.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.jobs.length).toBe(before);
    await expect
      .poll(() => shell.log())
      .toMatch(/Refused a message from another page \(http:\/\/127\.0\.0\.1:\d+\)/);

    // A name that resolves to the till (DNS rebinding) is not this shell's host; the key alone is no way in.
    const rebound = await postWithHost(shell.url, 'pos.attacker.example', '{"type":"pos:open-drawer"}');
    expect(rebound).toBe(421);
    const noKey = await fetch(`${shell.url}/__pos-shell/message`, {
      method: 'POST',
      headers: { Origin: shell.url, 'Content-Type': 'application/json', 'x-pos-shell-token': 'guess' },
      body: '{"type":"pos:open-drawer"}',
    });
    expect(noKey.status).toBe(403);
    expect(await noKey.json()).toEqual({
      reason: 'hardware_failed',
      message: 'Only the cashier UI served by this shell may use its printer and drawer',
    });
    expect(sink.jobs.length).toBe(before);
  });

  it('keeps working when the server is down: the page loads from its cache, and an offline sale prints its pending receipt', async () => {
    await waitForServiceWorker(page);
    await waitUntilPrepared(page);
    const before = sink.jobs.length;
    await server.stop();
    try {
      await page.reload();
      await page.waitForURL('**/main');
      await tile(page, 'DAY-ADULT').waitFor();
      // The page the browser kept is the shell's, bridge and all.
      expect(await page.evaluate(() => typeof (window as { posShell?: object }).posShell)).toBe('object');
      await addTile(page, 'GRIP-M', 1);
      await dialog(page, 'Quantity').waitFor({ state: 'detached' });
      const receipt = await payCashAndOpenReceipt(page, 'offline@example.com', 20_000);
      const [pending, kick] = (await sink.waitForJobs(before + 2)).slice(before);
      const printed = decodeJob(pending!);
      expect(printed.text).toContain(`*** ${OFFLINE_MESSAGES.receiptPending} ***`);
      expect(printed.text).toContain('Grip Socks');
      expect(printed.cut).toBe(true);
      expect(decodeJob(kick!).drawerKick).toBe(true);
      await receipt.getByRole('button', { name: 'New Sale' }).click();
      await receipt.waitFor({ state: 'detached' });
    } finally {
      await server.start();
    }
  });

  it('a page that crashes is loaded again', async () => {
    const started = (shell.log().match(/The cashier UI started/g) ?? []).length;
    const session = await page.context().newCDPSession(page);
    await session.send('Page.crash').catch(() => undefined);
    await shell.waitForLog(/The page crashed \(\w+\); loading it again/);
    await shell.waitForLog(/The cashier UI started/, started + 1);
    // The crashed page is done for its driver; the window's page, seen anew, is the till again, signed in.
    const seenAgain = await chromium.connectOverCDP(`http://127.0.0.1:${shell.devtoolsPort}`);
    try {
      const reloaded = seenAgain
        .contexts()
        .flatMap((context) => context.pages())
        .find((candidate) => candidate.url().startsWith(shell.url));
      expect(reloaded).toBeDefined();
      await reloaded!.getByRole('button', { name: 'Menu', exact: true }).waitFor({ timeout: 10_000 });
    } finally {
      await seenAgain.close().catch(() => undefined);
    }
  });

  it('a window closed at the till is opened again', async () => {
    const started = (shell.log().match(/The cashier UI started/g) ?? []).length;
    const devtools = `http://127.0.0.1:${shell.devtoolsPort}`;
    const targets = (await (await fetch(`${devtools}/json/list`)).json()) as { id: string; type: string }[];
    const windowPage = targets.find((target) => target.type === 'page');
    expect(windowPage).toBeDefined();
    await fetch(`${devtools}/json/close/${windowPage!.id}`);
    await shell.waitForLog(/The window was closed; opening it again in 1 s/);
    await shell.waitForLog(/The cashier UI started/, started + 1);
  });
});
