import type { Browser, Page } from 'playwright-core';
import { createPos, type Pos } from 'pos-sdk';
import { MESSAGES, OFFLINE_MESSAGES } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkOutCash, openMenuEntry, payCashAndOpenReceipt } from './fixtures/sell';
import { expectAccessible } from './support/axe';
import { launchBrowser, openApp } from './support/browser';
import { offlineState, waitForServiceWorker, waitUntilPrepared } from './support/offline';
import {
  addTile,
  CASHIER,
  dialog,
  expectToast,
  focusedLabel,
  MANAGER,
  printedText,
  signInToSales,
  tile,
  toast,
} from './support/pos';
import { HIDE_TOASTS, SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await openApp(browser, server.url));
  await signInToSales(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The offline banner (a `status` region under the header). */
const banner = (current: Page) => current.getByTestId('offline-banner');

/** Waits until the banner says `text` (null: until it has gone). */
async function expectBanner(current: Page, text: string | null, timeout = 10_000): Promise<void> {
  await vi.waitFor(
    async () => expect(((await banner(current).textContent()) ?? '').trim()).toBe(text ?? ''),
    { timeout, interval: 200 },
  );
}

/** Today's orders (this terminal's store) sent to `email`, asked through the SDK as the manager from another terminal. */
async function ordersFor(email: string): Promise<{ invoice: string | null }[]> {
  const pos: Pos = createPos({ api: { baseUrl: server.url, hostId: 'E2E-CHECK' } });
  try {
    await pos.session.signIn(MANAGER.email, MANAGER.password);
    const orders = await pos.orders.load({ search: email });
    return orders
      .filter((order) => order.customer.email === email)
      .map((order) => ({ invoice: order.invoice?._id ?? null }));
  } finally {
    pos.dispose();
  }
}

/** The invoice numbers the orders screen shows for `email` (one row per order). */
async function invoicesShownFor(current: Page, email: string): Promise<string[]> {
  const rows = current.getByTestId('order-row').filter({ hasText: email });
  return rows.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('data-invoice') ?? ''),
  );
}

describe('selling while the server is down', () => {
  it('reloads without the server (service worker), sells twice offline, and syncs each sale once when the server is back', async () => {
    await waitForServiceWorker(page);
    await waitUntilPrepared(page);
    await expectBanner(page, null);

    await server.stop();
    // The app shell and its assets come from the service worker's cache; the catalogue from the offline store.
    await page.reload();
    await page.waitForURL('**/main');
    await tile(page, 'DAY-ADULT').waitFor();
    await expectBanner(page, OFFLINE_MESSAGES.banner(0));
    expect(await banner(page).getAttribute('role')).toBe('status');

    // First sale: the receipt says it is pending, with no invoice number yet.
    await addTile(page, 'DAY-ADULT', 1);
    await dialog(page, 'Quantity').waitFor({ state: 'detached' });
    const receipt = await payCashAndOpenReceipt(page, 'offline-one@example.com', 20_000);
    await expect(receipt.getByText(`Invoice ${OFFLINE_MESSAGES.invoicePending}`).count()).resolves.toBe(1);
    await receipt.getByTestId('receipt-pending').waitFor();
    const receiptText = await receipt.getByTestId('receipt-text').innerText();
    expect(receiptText).toContain(`*** ${OFFLINE_MESSAGES.receiptPending} ***`);
    expect(receiptText).toMatch(/Invoice No:?\s+pending/);
    expect(await printedText(page)).toContain(OFFLINE_MESSAGES.receiptPending);
    // Said once, in the receipt: no toast says it again, and none says the server is not responding.
    await expect.poll(() => toast(page, OFFLINE_MESSAGES.saleSaved).count()).toBe(0);
    expect(await toast(page, MESSAGES.serverNotResponding).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/receipt-pending.png`, style: HIDE_TOASTS });
    const passId = /Ticket (TZ\w+)/.exec(receiptText)?.[1] ?? '';
    expect(passId).not.toBe('');
    await receipt.getByRole('button', { name: 'New Sale' }).click();
    await receipt.waitFor({ state: 'detached' });
    await page.waitForURL('**/main');

    // The pass just sold works at the gate at once; the ticket says it is what this terminal knows.
    await page.getByRole('button', { name: 'Check Pass' }).click();
    await dialog(page, MESSAGES.scanPass).getByLabel('Pass ID').fill(passId);
    await page.keyboard.press('Enter');
    const ticket = dialog(page, 'Ticket');
    await ticket.getByTestId('ticket-offline').waitFor();
    expect(await ticket.getByTestId('ticket-offline').innerText()).toBe(OFFLINE_MESSAGES.ticketOffline);
    expect(await ticket.getByTestId('ticket-status').innerText()).toBe('Active');
    await expectAccessible(page);
    await ticket.getByRole('button', { name: 'Close' }).click();
    await ticket.waitFor({ state: 'detached' });

    // Second sale, merchandise this time.
    await addTile(page, 'GRIP-M', 1);
    await dialog(page, 'Quantity').waitFor({ state: 'detached' });
    expect(await checkOutCash(page, 'offline-two@example.com')).toBe(OFFLINE_MESSAGES.invoicePending);
    await expectBanner(page, 'Offline: 2 sales waiting to sync');

    // The banner has its own row: it covers neither the TOTAL nor Payment.
    const strip = await banner(page).boundingBox();
    for (const covered of [
      page.getByTestId('total'),
      page.getByRole('button', { name: 'Payment', exact: true }),
    ]) {
      const box = await covered.boundingBox();
      expect(strip && box && strip.y + strip.height <= box.y).toBe(true);
    }
    await expectAccessible(page);

    // The user menu, by keyboard: the queue's summary, Sync now first.
    const menuButton = page.getByRole('button', { name: CASHIER.name });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const summary = page.getByTestId('sync-summary');
    await summary.waitFor();
    expect(await focusedLabel(page)).toBe('Sync now');
    expect(await summary.getByTestId('sync-connection').innerText()).toBe('Offline');
    expect(await summary.getByTestId('sync-waiting').innerText()).toBe('2');
    expect(await summary.getByTestId('sync-oldest').innerText()).toMatch(/^(just now|\d+ min ago)$/);
    expect(await summary.getByTestId('sync-conflicts').innerText()).toBe('0');
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/offline.png`, style: HIDE_TOASTS });
    // Sync now while the server is still down: the two sales stay and the cashier is told.
    await page.keyboard.press('Enter');
    await expectToast(page, 'Offline: 2 sales waiting to sync');
    expect((await offlineState(page))?.queue).toHaveLength(2);

    // Offline sales: both waiting, marked Pending sync.
    await page.getByRole('button', { name: CASHIER.name }).click();
    await page.getByRole('menuitem', { name: 'Offline sales' }).click();
    const syncDialog = dialog(page, 'Offline sales');
    await syncDialog.waitFor();
    await expect(syncDialog.getByTestId('sync-waiting-item').count()).resolves.toBe(2);
    expect(await syncDialog.getByTestId('sync-waiting-item').first().innerText()).toContain('Day Pass');
    expect(await syncDialog.getByTestId('sync-waiting-item').first().innerText()).toContain(
      OFFLINE_MESSAGES.pendingBadge,
    );
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/offline-sales.png`, style: HIDE_TOASTS });
    await page.keyboard.press('Escape');
    await syncDialog.waitFor({ state: 'detached' });

    // The server comes back on the same database and port: the terminal notices (its probe) and sends both, in order.
    await server.start();
    await expectBanner(page, null, 30_000);
    await expectToast(page, 'Synced 2 offline operations');
    expect((await offlineState(page))?.queue).toHaveLength(0);

    await openMenuEntry(page, 'Order History');
    await page.waitForURL('**/orders');
    for (const email of ['offline-one@example.com', 'offline-two@example.com']) {
      await vi.waitFor(async () => expect(await invoicesShownFor(page, email)).toHaveLength(1));
      const [invoice] = await invoicesShownFor(page, email);
      expect(invoice).toBeTruthy();
      expect(invoice).not.toBe(OFFLINE_MESSAGES.invoicePending);
      expect(await ordersFor(email)).toEqual([{ invoice }]);
    }
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/main');
  });

  it('keeps a sale whose answer was lost after the server booked it, replays it, and the server books it once', async () => {
    await waitUntilPrepared(page);
    await expectBanner(page, null);
    const email = 'answer-lost@example.com';
    let cutting = true;
    let reachedServer = 0;
    // The network drops every checkout's answer after the server has committed it, until `cutting` is off.
    await page.route('**/v1/checkout', async (route) => {
      if (!cutting) return route.continue();
      reachedServer += 1;
      await route.fetch();
      return route.abort('connectionreset');
    });
    try {
      await addTile(page, 'DAY-ADULT', 2);
      await dialog(page, 'Quantity').waitFor({ state: 'detached' });
      const receipt = await payCashAndOpenReceipt(page, email, 20_000);
      await expect(receipt.getByText(`Invoice ${OFFLINE_MESSAGES.invoicePending}`).count()).resolves.toBe(1);
      expect(reachedServer).toBeGreaterThan(0);
      // The server has the order already; the terminal does not know it and keeps the sale.
      expect(await ordersFor(email)).toHaveLength(1);
      await receipt.getByRole('button', { name: 'New Sale' }).click();
      await receipt.waitFor({ state: 'detached' });
      expect((await offlineState(page))?.queue).toHaveLength(1);

      cutting = false;
      await expectBanner(page, null, 30_000);
      await vi.waitFor(async () => expect((await offlineState(page))?.queue).toHaveLength(0), {
        timeout: 30_000,
        interval: 250,
      });
    } finally {
      await page.unroute('**/v1/checkout');
    }
    const booked = await ordersFor(email);
    expect(booked).toHaveLength(1);

    await openMenuEntry(page, 'Order History');
    await page.waitForURL('**/orders');
    await vi.waitFor(async () => expect(await invoicesShownFor(page, email)).toEqual([booked[0]?.invoice]));
  });

  it('drains a queue that survived a reload by itself once the server is back, with no button pressed', async () => {
    await waitUntilPrepared(page);
    await expectBanner(page, null);
    const email = 'reloaded-queue@example.com';
    await waitForServiceWorker(page);
    await page.goto('/main');
    await tile(page, 'DAY-ADULT').waitFor();
    await server.stop();
    await addTile(page, 'DAY-ADULT', 1);
    await dialog(page, 'Quantity').waitFor({ state: 'detached' });
    expect(await checkOutCash(page, email)).toBe(OFFLINE_MESSAGES.invoicePending);
    expect((await offlineState(page))?.queue).toHaveLength(1);

    // Reloaded while the server is still down, on a slow link: the page's calls reach the server only once it is
    // back, so none of them fails and the terminal never sees the outage after the reload.
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Promise<void>[] = [];
    await page.route(/\/v[12]\//, (route) => {
      const passed = released.then(() => route.continue());
      held.push(passed);
      return passed;
    });
    try {
      await page.reload();
      await page.waitForURL('**/main');
      expect((await offlineState(page))?.queue).toHaveLength(1);
      await server.start();
    } finally {
      release();
      await Promise.allSettled(held);
      await page.unroute(/\/v[12]\//);
    }

    // The server answers: the terminal sends the sale by itself, without Sync now.
    const back = Date.now();
    await vi.waitFor(async () => expect((await offlineState(page))?.queue).toHaveLength(0), {
      timeout: 10_000,
      interval: 200,
    });
    expect(Date.now() - back).toBeLessThan(10_000);
    await expectBanner(page, null);
    expect(await ordersFor(email)).toHaveLength(1);
  });
});
