import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { BACK_OFFICE_MESSAGES } from 'pos-sdk/messages';
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
  // A variance cell holds its amount, then the variance in words.
  return cells.slice(1).map((cell) => cell.trim().split('\n')[0]?.trim() ?? '');
}

/** The variance in words of one method on the end-of-shift report, and whether it is marked. */
async function varianceOf(current: Page, method: 'cash' | 'card' | 'ewallet') {
  const text = dialog(current, 'End of Shift Report')
    .locator(`[data-testid="shift-method"][data-method="${method}"]`)
    .getByTestId('variance-text');
  return { text: (await text.innerText()).trim(), beyond: await text.getAttribute('data-beyond') };
}

/** Sets the venue's blind count as `pos settings set --blind-count` would (the UI reads it at its next load). */
function setBlindCount(blind: boolean): void {
  const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''));
  try {
    if ((db.prepare('select count(*) as n from venue_settings').get() as { n: number }).n === 0) {
      db.prepare(
        "insert into venue_settings (store, name, address, registration_no, phone, receipt_footer, time_zone, currency_display, updated_at) values ('STORE', 'STORE', '', '', '', '', 'Asia/Kuala_Lumpur', 'RM', ?)",
      ).run(new Date().toISOString());
    }
    db.prepare('update venue_settings set blind_count = ?').run(blind ? 1 : 0);
  } finally {
    db.close();
  }
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

    // Menu > Shift so far: the X report on screen, nothing counted, printable.
    await openMenuEntry(page, 'Shift so far');
    const soFar = dialog(page, 'Shift so far');
    const cash = soFar.locator('[data-testid="shift-method"][data-method="cash"]').getByRole('cell');
    await expect.poll(() => cash.allInnerTexts()).toEqual(['Cash', '98.00', '0.00', '198.00']);
    await soFar.getByRole('button', { name: 'Print' }).click();
    await soFar.getByRole('button', { name: 'Close' }).click();
    await soFar.waitFor({ state: 'detached' });

    await openMenuEntry(page, 'Close Shift');
    const endShift = dialog(page, 'End Shift');
    // Not counting blind (the default): each field says what it should be.
    await expect.poll(() => endShift.getByText('Expected RM 198.00').count()).toBe(1);
    await endShift.getByLabel('Cash').fill('198');
    await endShift.getByLabel('Card').fill('10');
    await endShift.getByLabel('E-Wallet').fill('3');
    await page.keyboard.press('Enter');
    await dialog(page, 'End of Shift Report').waitFor();
    // Sales, Refunds, Expected (float 100 + 98), Counted, Variance.
    expect(await takings(page, 'Cash')).toEqual(['98.00', '0.00', '198.00', '198.00', '0.00']);
    expect(await takings(page, 'Card')).toEqual(['0.00', '0.00', '0.00', '10.00', '10.00']);
    // Beyond the venue's RM 5.00 in words and marked; within it, said but not marked.
    expect(await varianceOf(page, 'cash')).toEqual({ text: 'Balanced', beyond: 'false' });
    expect(await varianceOf(page, 'card')).toEqual({
      text: 'Over by RM 10.00: check the count',
      beyond: 'true',
    });
    expect(await varianceOf(page, 'ewallet')).toEqual({ text: 'Over by RM 3.00', beyond: 'false' });
  });

  it('counting blind: the form shows no expected amounts, and the shift so far is refused to staff', async () => {
    setBlindCount(true);
    try {
      await dialog(page, 'End of Shift Report').getByRole('button', { name: 'Start New Shift' }).click();
      const float = dialog(page, 'New Shift');
      await float.getByLabel('Float').fill('50');
      await page.keyboard.press('Enter');
      await float.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('button', { name: 'Menu', exact: true }).waitFor();

      await openMenuEntry(page, 'Shift so far');
      await expectToast(page, BACK_OFFICE_MESSAGES.blindCount);
      expect(await dialog(page, 'Shift so far').count()).toBe(0);

      await openMenuEntry(page, 'Close Shift');
      const endShift = dialog(page, 'End Shift');
      await endShift.getByText('the expected amounts show after Close Shift', { exact: false }).waitFor();
      expect(await endShift.getByText(/^Expected RM/).count()).toBe(0);
      await endShift.getByLabel('Cash').fill('20');
      await endShift.getByLabel('Card').fill('0');
      await endShift.getByLabel('E-Wallet').fill('0');
      await page.keyboard.press('Enter');
      await dialog(page, 'End of Shift Report').waitFor();
      expect(await takings(page, 'Cash')).toEqual(['0.00', '0.00', '50.00', '20.00', '-30.00']);
      expect(await varianceOf(page, 'cash')).toEqual({
        text: 'Short by RM 30.00: check the count',
        beyond: 'true',
      });
    } finally {
      setBlindCount(false);
    }
  });
});
