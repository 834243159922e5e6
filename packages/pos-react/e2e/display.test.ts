import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountLine } from './fixtures/sell';
import { launchBrowser, openApp } from './support/browser';
import { addTile, expectTotal, signInToSales } from './support/pos';
import { SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let till: Page;
let display: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ context, page: till } = await openApp(browser, server.url));
  await signInToSales(till);
  // The till's second screen: another window of the same browser on /display.
  display = await context.newPage();
  await display.goto('/display');
  await display.getByTestId('display').waitFor();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

/** The display's text, once it shows `text`. */
async function displayShows(text: string): Promise<string> {
  await display.getByText(text, { exact: false }).first().waitFor();
  return display.getByTestId('display').innerText();
}

describe('customer-facing display', () => {
  it('waits with a welcome while the cart is empty', async () => {
    expect(await displayShows('Welcome')).toContain('Welcome');
  });

  it('follows the cart: lines, the discount without its approver, the total', async () => {
    await addTile(till, 'DAY-ADULT', 2);
    await expectTotal(till, 'RM 98.00');
    await displayShows('TOTAL RM 98.00');
    expect(await display.getByTestId('display-line').count()).toBe(1);
    await discountLine(till, 'Day Pass - Adult', 10);
    await expectTotal(till, 'RM 88.20');
    const text = await displayShows('TOTAL RM 88.20');
    expect(text).toContain('10% discount');
    expect(text).not.toContain('Max Manager');
    expect(text).not.toContain('Ana Cashier');
  });

  it('shows the tenders and the change, then a thank-you with the QR codes of the tickets', async () => {
    await till.getByRole('button', { name: 'Payment', exact: true }).click();
    await till.waitForURL('**/payment');
    await till.locator('[data-testid="tender"][data-type="CASH"]').click();
    const amount = till.getByRole('dialog', { name: 'CASH' }).getByLabel('Amount');
    await amount.fill('100');
    await amount.press('Enter');
    const text = await displayShows('Change RM 11.80');
    expect(text).toContain('CASH RM 100.00');
    await display.screenshot({ path: join(SCREENSHOTS, 'display-sale.png') });
    await till.getByRole('button', { name: 'Checkout', exact: true }).click();
    const email = till.getByRole('dialog', { name: 'Customer Email' });
    await email.getByLabel('Email Address').fill('display@example.com');
    await email.getByRole('button', { name: 'Checkout' }).click();
    await display.getByTestId('display-thanks').waitFor();
    await expect.poll(() => display.getByTestId('display-qr').count()).toBe(2);
    expect(await display.getByTestId('display-thanks').innerText()).toContain('Thank you!');
    await display.screenshot({ path: join(SCREENSHOTS, 'display-thanks.png') });
  });

  it('holds nothing of the staff screens: no buttons, no links, no staff names', async () => {
    expect(await display.getByRole('button').count()).toBe(0);
    expect(await display.getByRole('link').count()).toBe(0);
    const text = await display.locator('body').innerText();
    expect(text).not.toContain('Ana Cashier');
    expect(text).not.toContain('PIN');
  });

  it('the next sale replaces the thank-you', async () => {
    await till.getByRole('dialog', { name: 'Receipt' }).getByRole('button', { name: 'New Sale' }).click();
    await till.waitForURL('**/main');
    await addTile(till, 'DAY-CHILD', 1);
    await displayShows('Day Pass - Child');
    expect(await display.getByTestId('display-line').count()).toBe(1);
    expect(await display.getByTestId('display-thanks').count()).toBe(0);
  });
});
