import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp, PHONE_VIEWPORT } from './support/browser';
import { addTile, dialog, MANAGER, submitSignIn } from './support/pos';
import { SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await openApp(browser, server.url));
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Removes the toasts (so a picture shows the screen, not the last message) and saves the page. */
async function shoot(current: Page, name: string, options: { keepToasts?: boolean } = {}): Promise<void> {
  if (!options.keepToasts) {
    const buttons = current.getByTestId('toast').getByRole('button', { name: 'Dismiss' });
    while ((await buttons.count()) > 0) await buttons.first().click({ force: true });
  }
  await current.mouse.move(0, 0);
  await current.waitForTimeout(150);
  const path = join(SCREENSHOTS, `${name}.png`);
  await current.screenshot({ path });
  // The picture is a PNG of the whole viewport (width and height sit at bytes 16 and 20 of its header).
  const png = await readFile(path);
  const viewport = current.viewportSize();
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([viewport?.width, viewport?.height]);
}

/** Opens a tender box and enters an amount. */
async function tender(current: Page, type: string, amount: string): Promise<void> {
  await current.locator(`[data-testid="tender"][data-type="${type}"]`).click();
  await dialog(current, type).getByLabel('Amount').fill(amount);
  await current.keyboard.press('Enter');
  await dialog(current, type).waitFor({ state: 'detached' });
}

describe('screenshots for docs/ui.md', () => {
  it('saves every screen at 1280x800 and the sales screen at 390x844', async () => {
    await page.goto('/signin');
    await page.getByLabel('Email').waitFor();
    await shoot(page, 'signin');

    await submitSignIn(page, 'cashier@demo.pos', 'demo1234');
    await dialog(page, 'New Shift').waitFor();
    await dialog(page, 'New Shift').getByLabel('Float').fill('200');
    await shoot(page, 'new-shift');
    await page.keyboard.press('Enter');
    await dialog(page, 'New Shift').waitFor({ state: 'detached' });

    await addTile(page, 'DAY-ADULT', 2);
    await addTile(page, 'GRIP-M', 1);
    await page.getByRole('tab', { name: 'Entry Pass' }).click();
    await page.getByRole('button', { name: /Amount of Day Pass - Adult/ }).click();
    const discount = dialog(page, 'Item Discount');
    await discount.getByLabel('Percentage (%)').fill('10');
    await discount.getByLabel('Approver').selectOption({ label: MANAGER.name });
    await discount.getByLabel('PIN').fill(MANAGER.pin);
    await shoot(page, 'discount');
    await page.keyboard.press('Enter');
    await discount.waitFor({ state: 'detached' });
    await shoot(page, 'sales');

    await page.locator('[data-testid="tile"][data-sku="DAY-CHILD"]').click();
    await dialog(page, 'Quantity').waitFor();
    await shoot(page, 'quantity');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Menu' }).click();
    await dialog(page, 'Menu').waitFor();
    await shoot(page, 'menu');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Check Pass' }).click();
    await dialog(page, 'Scan Pass').waitFor();
    await shoot(page, 'scan-pass');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE_VIEWPORT);
    await page.waitForTimeout(200);
    await shoot(page, 'sales-phone');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Main Page' }).waitFor();
    await shoot(page, 'sales-phone-drawer');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/main?theme=dark');
    await page.getByTestId('cart-line').first().waitFor();
    await shoot(page, 'sales-dark');
    await page.goto('/main?theme=light&layout-type=boxed');
    await page.getByTestId('cart-line').first().waitFor();
    await page.setViewportSize({ width: 1440, height: 800 });
    await shoot(page, 'sales-boxed');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/main?layout-type=full');

    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL('**/payment');
    await tender(page, 'CASH', '50');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Payment is short by' }).waitFor();
    await shoot(page, 'payment-short', { keepToasts: true });
    await tender(page, 'CREDIT CARD', '53.20');
    await tender(page, 'CASH', '50');
    await tender(page, 'CASH', '100');
    await shoot(page, 'payment');

    await page.getByRole('button', { name: 'Checkout' }).click();
    await dialog(page, 'Customer Email').getByLabel('Email Address').fill('guest@example.com');
    await shoot(page, 'customer-email');
    await dialog(page, 'Customer Email').getByLabel('Email Address').fill('');
    await page.keyboard.press('Enter');
    await dialog(page, 'Confirm NOT entering customer email?', 'alertdialog').waitFor();
    await shoot(page, 'confirm-no-email');
    await page.keyboard.press('Escape');
    await dialog(page, 'Customer Email').getByLabel('Email Address').fill('guest@example.com');
    await page.keyboard.press('Enter');
    await dialog(page, 'Receipt').waitFor();
    await page.waitForURL('**/main');
    await shoot(page, 'receipt');
    await page.keyboard.press('Escape');

    await page.goto('/orders');
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    await shoot(page, 'order-history');

    await page.goto('/no-such-page');
    await page.getByText('Page not found!').waitFor();
    await shoot(page, 'not-found');

    await page.goto('/main');
    await page.getByRole('button', { name: 'Menu' }).click();
    await dialog(page, 'Menu').getByRole('button', { name: 'Shift so far' }).click();
    await dialog(page, 'Shift so far').getByRole('button', { name: 'Print' }).waitFor();
    await shoot(page, 'shift-so-far');
    await page.keyboard.press('Escape');
    await dialog(page, 'Shift so far').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await dialog(page, 'Menu').getByRole('button', { name: 'Close Shift' }).click();
    const endShift = dialog(page, 'End Shift');
    await endShift.getByLabel('Cash').fill('300');
    await endShift.getByLabel('Card').fill('53.20');
    await endShift.getByLabel('E-Wallet').fill('0');
    await shoot(page, 'end-shift');
    await page.keyboard.press('Enter');
    await dialog(page, 'End of Shift Report').waitFor();
    await shoot(page, 'shift-report');
  });

  it('keeps the sign-in page with its messages', async () => {
    const { page: fresh, context } = await openApp(browser, server.url);
    await fresh.goto('/signin');
    await submitSignIn(fresh, 'cashier@demo.pos', 'wrong');
    await fresh.getByTestId('toast').first().waitFor();
    await shoot(fresh, 'signin-error', { keepToasts: true });
    await context.close();
  });
});
