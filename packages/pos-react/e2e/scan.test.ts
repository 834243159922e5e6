import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MAIL_MESSAGES, MESSAGES, receiptQueuedFor, SCAN_MESSAGES } from 'pos-sdk/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openMenuEntry, sell } from './fixtures/sell';
import { seriousA11yViolations } from './support/axe';
import { fakeCameraArgs, launchBrowser, openApp } from './support/browser';
import { code128Frame, qrCodeFrame, writeY4m } from './support/fakeVideo';
import { dialog, expectToast, signInToSales } from './support/pos';
import { HIDE_TOASTS, SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let videos: string;
/** The pass sold in `beforeAll`, and its invoice. */
let ticketId = '';
let invoiceNo = '';

/** Chromium whose camera shows `video` (a Y4M file), with no permission prompt. */
function launchWithCameraFile(video: string): Promise<Browser> {
  return launchBrowser(fakeCameraArgs(video));
}

/** A signed-in till whose camera films `video`; every request the page makes is recorded. */
async function tillFilming(video: string) {
  const browser = await launchWithCameraFile(video);
  const { context, page } = await openApp(browser, server.url);
  await context.grantPermissions(['camera'], { origin: server.url });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await signInToSales(page);
  return { browser, context, page, requests };
}

/** The ticket IDs of an invoice, from its item's tags on the orders screen. */
async function ticketsOf(page: Page, invoice: string): Promise<string[]> {
  await openMenuEntry(page, 'Order History');
  await page.waitForURL('**/orders');
  await page.locator(`[data-testid="order-row"][data-invoice="${invoice}"]`).click();
  const modal = page.getByTestId('invoice-dialog');
  await modal.getByRole('button', { name: /^Show tickets of / }).click();
  await modal.getByTestId('ticket-tag').first().waitFor();
  const ids = (await modal.getByTestId('ticket-tag').allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await modal.waitFor({ state: 'detached' });
  return ids;
}

const open: { browser?: Browser; context?: BrowserContext }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  videos = await mkdtemp(join(tmpdir(), 'pos-e2e-video-'));
  const browser = await launchBrowser();
  const { context, page } = await openApp(browser, server.url);
  open.push({ browser, context });
  await signInToSales(page);
  invoiceNo = await sell(page, 'DAY-ADULT', 1, 'gate@example.com');
  [ticketId = ''] = await ticketsOf(page, invoiceNo);
});

afterEach(async () => {
  for (const { browser, context } of open.splice(0)) {
    await context?.close();
    await browser?.close();
  }
});

afterAll(async () => {
  await server?.dispose();
  if (videos) await rm(videos, { recursive: true, force: true });
});

describe('scan with camera', () => {
  it("Check Pass: the camera reads the pass's QR code and the ticket dialog opens on that ticket, the decoder served by our own server", async () => {
    expect(ticketId).toMatch(/^T[A-Z0-9]{10}$/);
    const video = join(videos, 'pass.y4m');
    await writeY4m(video, qrCodeFrame(ticketId));
    const till = await tillFilming(video);
    open.push(till);
    const { page } = till;
    await page.getByRole('button', { name: 'Check Pass' }).click();
    const scan = dialog(page, MESSAGES.scanPass);
    await scan.getByRole('button', { name: SCAN_MESSAGES.scanWithCamera }).click();
    const ticket = page.getByTestId('ticket-dialog');
    await ticket.waitFor({ timeout: 30_000 });
    await ticket.getByTestId('ticket-status').waitFor();
    expect(await ticket.innerText()).toContain(ticketId);
    expect(await ticket.getByTestId('ticket-status').innerText()).toBe('Active');
    await scan.waitFor({ state: 'detached' });
    // Nothing came from another host; the WebAssembly decoder (the polyfill, as this Chromium has no native
    // BarcodeDetector on Linux) came from the server itself.
    const origin = new URL(server.url).origin;
    expect(till.requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    const hasNative = await page.evaluate(() => 'BarcodeDetector' in window);
    if (!hasNative) expect(till.requests.some((url) => url.endsWith('.wasm'))).toBe(true);
  });

  it('Scan Product: the camera reads a Code 128 barcode of GRIP-M and the item is added to the cart', async () => {
    const video = join(videos, 'grip-m.y4m');
    await writeY4m(video, code128Frame('GRIP-M'));
    const till = await tillFilming(video);
    open.push(till);
    const { page } = till;
    await page.getByRole('button', { name: 'Scan Product' }).click();
    const scan = dialog(page, 'Scan Product');
    await scan.getByRole('button', { name: SCAN_MESSAGES.scanWithCamera }).click();
    await expectToast(page, 'Added 1 x Grip Socks to cart');
    await page.locator('[data-testid="cart-line"][data-sku="GRIP-M"]').waitFor();
    // The dialog stays open for the next code, and says what it read.
    await scan.getByText('Read GRIP-M').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/scan-camera.png`, style: HIDE_TOASTS });
    // The barcode is still in front of the camera: the same scan is not added again and again.
    await page.waitForTimeout(1000);
    expect(
      await page.locator('[data-testid="cart-line"][data-sku="GRIP-M"] td').nth(2).innerText(),
    ).toContain('1');
  });
});

describe('printed receipt', () => {
  it("the browser print view shows one QR code per ticket under the receipt, captioned with the ticket's ID", async () => {
    const browser = await launchBrowser();
    const { context, page } = await openApp(browser, server.url);
    open.push({ browser, context });
    await signInToSales(page);
    const sold = await sell(page, 'DAY-CHILD', 2, 'kids@example.com');
    const html = await page.evaluate(() => {
      const frame = document.getElementById('pos-print-view') as HTMLIFrameElement | null;
      return frame?.contentDocument?.documentElement.outerHTML ?? '';
    });
    expect(html).toContain(`Invoice No: ${sold}`);
    const captions = [...html.matchAll(/<figcaption>([^<]+)<\/figcaption>/g)].map((match) => match[1]);
    expect(captions).toHaveLength(2);
    for (const id of captions) {
      expect(id).toMatch(/^T[A-Z0-9]{10}$/);
      expect(html).toContain(`alt="QR code of ticket ${id}"`);
      expect(html).toContain(`Ticket ${id}`);
    }
    expect(html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
    // The receipt as it prints, for docs/hardware.md.
    const view = await context.newPage();
    await view.setViewportSize({ width: 420, height: 700 });
    await view.setContent(html);
    await view.screenshot({ path: `${SCREENSHOTS}/receipt-qr.png`, fullPage: true });
    await view.close();
  });
});

describe('email status on the invoice', () => {
  it('shows the email status of the order and emails the receipt to a corrected address', async () => {
    const browser = await launchBrowser();
    const { context, page } = await openApp(browser, server.url);
    open.push({ browser, context });
    await signInToSales(page);
    await openMenuEntry(page, 'Order History');
    await page.waitForURL('**/orders');
    await page.locator(`[data-testid="order-row"][data-invoice="${invoiceNo}"]`).click();
    const modal = page.getByTestId('invoice-dialog');
    const mail = modal.getByTestId('order-mail');
    // The sale queued the receipt and the pass; the server's sender writes them (.eml, no SMTP configured).
    await vi.waitFor(async () => {
      expect(await mail.count()).toBe(2);
    });
    expect(await mail.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')))).toEqual([
      'receipt',
      'passes',
    ]);
    await modal.getByRole('button', { name: MAIL_MESSAGES.emailReceipt }).click();
    const ask = dialog(page, MAIL_MESSAGES.emailReceipt);
    const field = ask.getByLabel(MAIL_MESSAGES.sendTo);
    expect(await field.inputValue()).toBe('gate@example.com');
    await field.fill('gate@');
    await ask.getByRole('button', { name: 'Send' }).click();
    await ask.getByText(MESSAGES.invalidEmailFormat).waitFor();
    await field.fill('gate.keeper@example.com');
    await ask.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, receiptQueuedFor('gate.keeper@example.com'));
    await ask.waitFor({ state: 'detached' });
    await expect.poll(() => mail.count()).toBe(4);
    await modal.getByText('gate.keeper@example.com').first().waitFor();
    // Reopened later, the sender has delivered every message (written to the outbox folder).
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await vi.waitFor(
      async () => {
        await page.locator(`[data-testid="order-row"][data-invoice="${invoiceNo}"]`).click();
        await modal.waitFor();
        await modal.getByTestId('order-email').waitFor(); // the order's detail has arrived (get_order)
        const statuses = await mail.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
        if (statuses.length !== 4 || statuses.some((status) => status !== 'sent')) {
          await page.keyboard.press('Escape');
          await modal.waitFor({ state: 'detached' });
        }
        expect(statuses).toEqual(['sent', 'sent', 'sent', 'sent']);
      },
      { timeout: 20_000, interval: 500 },
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await modal.getByTestId('order-email').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/invoice-email.png`, style: HIDE_TOASTS });
  });
});
