import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMenuEntry } from './fixtures/sell';
import { launchBrowser, openApp } from './support/browser';
import { addTile, dialog, expectToast, signInToSales } from './support/pos';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await openApp(browser, server.url));
  await signInToSales(page, undefined, '100');
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The cells of one method's row of the report's takings table: Sales, Refunds, Expected, Counted, Variance. */
async function takings(current: Page, method: 'Cash' | 'Card' | 'E-Wallet'): Promise<string[]> {
  const row = dialog(current, 'End of Shift Report')
    .getByRole('table', { name: 'Takings (MYR)' })
    .getByRole('row')
    .filter({ has: current.getByRole('cell', { name: method, exact: true }) });
  const cells = await row.getByRole('cell').allInnerTexts();
  return cells.slice(1).map((cell) => cell.trim());
}

describe('the end-of-shift report adds up', () => {
  it('counts cash sales net of change: RM 98 paid with RM 200 is RM 98 of sales, float + 98 expected', async () => {
    await addTile(page, 'DAY-ADULT', 2);
    await page.getByRole('button', { name: 'Payment' }).click();
    await page.waitForURL('**/payment');
    await page.locator('[data-testid="tender"][data-type="CASH"]').click();
    await dialog(page, 'CASH').getByLabel('Amount').fill('200');
    await page.keyboard.press('Enter');
    await dialog(page, 'CASH').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Checkout' }).click();
    await dialog(page, 'Customer Email').getByLabel('Email Address').fill('report@example.com');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Checkout completed');
    await dialog(page, 'Receipt').waitFor();
    await page.keyboard.press('Escape');

    await openMenuEntry(page, 'Close Shift');
    const endShift = dialog(page, 'End Shift');
    await endShift.getByLabel('Cash').fill('198');
    await endShift.getByLabel('Card').fill('0');
    await endShift.getByLabel('E-Wallet').fill('0');
    await page.keyboard.press('Enter');
    await dialog(page, 'End of Shift Report').waitFor();
    // Sales, Refunds, Expected (float 100 + 98), Counted, Variance.
    expect(await takings(page, 'Cash')).toEqual(['98.00', '0.00', '198.00', '198.00', '0.00']);
    expect(await takings(page, 'Card')).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00']);
  });
});
