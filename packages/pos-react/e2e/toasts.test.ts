import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payCashAndOpenReceipt } from './fixtures/sell';
import { launchBrowser, openApp } from './support/browser';
import { addTile, dialog, expectToast, signInToSales } from './support/pos';
import { SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

/**
 * What a toast must never lie over: a cart row, a dialog's buttons, the receipt, the member's photo. Returns one line
 * per toast and element whose boxes intersect (none is the goal).
 */
async function toastsOverWork(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const guarded = [
      '[data-testid="cart-line"]',
      '[role="dialog"] button',
      '[role="alertdialog"] button',
      '[data-testid="receipt-text"]',
      '[role="dialog"] figure',
    ].join(', ');
    const found: string[] = [];
    for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
      const t = toast.getBoundingClientRect();
      for (const element of document.querySelectorAll(guarded)) {
        const r = element.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom) {
          const name = element.getAttribute('data-testid') ?? element.tagName.toLowerCase();
          found.push(
            `'${toast.textContent?.trim()}' over ${name} '${element.textContent?.trim().slice(0, 30)}'`,
          );
        }
      }
    }
    return found;
  });
}

/** Waits for a toast with `text`, then says what it lies over. */
async function overWorkWith(page: Page, text: string): Promise<string[]> {
  await expectToast(page, text);
  return toastsOverWork(page);
}

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe.each([
  [1280, 800],
  [390, 844],
])('toasts at %ix%i hide no work', (width, height) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await openApp(browser, server.url));
    await page.setViewportSize({ width, height });
    await signInToSales(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('on the cart, the payment screen, the receipt, the ticket with its photo, an invoice and the member lookup', async () => {
    // Each add says so over the cart, never over its rows (the new one included).
    await addTile(page, 'DAY-ADULT', 2);
    expect(await overWorkWith(page, 'Added 2 x Day Pass to cart')).toEqual([]);
    await addTile(page, 'DAY-CHILD', 1);
    expect(await overWorkWith(page, 'Added 1 x Day Pass to cart')).toEqual([]);
    await addTile(page, 'GRIP-M', 1);
    expect(await overWorkWith(page, 'Added 1 x Grip Socks to cart')).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/toast-${width}.png` });

    // A short payment's warning on the payment screen.
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await page.waitForURL('**/payment');
    await page.locator('[data-testid="tender"][data-type="CASH"]').click();
    await dialog(page, 'CASH').getByLabel('Amount').fill('1');
    await page.keyboard.press('Enter');
    await dialog(page, 'CASH').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    expect(await overWorkWith(page, MESSAGES.insufficientAmount)).toEqual([]);
    await page.getByRole('button', { name: /^Back/ }).click();
    await page.waitForURL('**/main');

    // 'Checkout completed' beside the receipt and its buttons.
    const receipt = await payCashAndOpenReceipt(page, 'toasts@example.com');
    expect(await overWorkWith(page, MESSAGES.checkoutCompleted)).toEqual([]);
    const ticketId = /Ticket (T\w+)/.exec(await receipt.getByTestId('receipt-text').innerText())?.[1] ?? '';
    expect(ticketId).not.toBe('');
    await receipt.getByRole('button', { name: 'New Sale' }).click();
    await receipt.waitFor({ state: 'detached' });

    // The gate: the redemption's toast beside the member's photo and the ticket's buttons.
    await page.getByRole('button', { name: 'Check Pass' }).click();
    const scan = dialog(page, MESSAGES.scanPass);
    await scan.getByLabel('Pass ID').fill(ticketId);
    await scan.getByLabel('Pass ID').press('Enter');
    const ticket = page.getByRole('dialog').filter({ has: page.getByTestId('ticket-status') });
    await ticket.getByRole('button', { name: 'Redeem' }).click();
    expect(await overWorkWith(page, MESSAGES.ticketRedeemed)).toEqual([]);
    await page.keyboard.press('Escape');
    await ticket.waitFor({ state: 'detached' });

    // Order history: a note added in the invoice dialog, told beside the dialog's buttons.
    await page.goto('/orders');
    const order = page.getByTestId('order-row').filter({ hasText: 'toasts@example.com' });
    await order.first().click();
    const invoice = page.getByTestId('invoice-dialog');
    await invoice.getByLabel('Add a note').fill('Paid at the desk');
    await invoice.getByRole('button', { name: 'Add Note' }).click();
    expect(await overWorkWith(page, MESSAGES.orderUpdated)).toEqual([]);
    await page.keyboard.press('Escape');
    await invoice.waitFor({ state: 'detached' });

    // Membership: a member not found, told beside the lookup's Search and Close.
    await page.goto('/main');
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await dialog(page, 'Menu').getByRole('button', { name: 'Membership' }).click();
    const lookup = dialog(page, MESSAGES.lookupMembership);
    await lookup.getByLabel(MESSAGES.emailAddress).fill('nobody-here@example.com');
    await lookup.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('toast').first().waitFor();
    expect(await toastsOverWork(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
