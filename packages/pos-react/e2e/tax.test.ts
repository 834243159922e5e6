import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from './support/browser';
import { type CliRun, runPos } from './support/cli';
import {
  addTile,
  dialog,
  expectToast,
  expectTotal,
  MANAGER,
  printedText,
  signInToSales,
} from './support/pos';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let configDir: string;

/** Runs the built `pos` command against the test server. */
function pos(...args: string[]): Promise<CliRun> {
  return runPos(server.url, configDir, ...args);
}

/** Enters a tender on the payment screen. */
async function tender(current: Page, type: string, amount: string): Promise<void> {
  await current.locator(`[data-testid="tender"][data-type="${type}"]`).click();
  const entry = dialog(current, type);
  const field = entry.getByLabel('Amount');
  await field.waitFor();
  await field.fill(amount);
  await field.press('Enter');
  await entry.waitFor({ state: 'detached' });
}

const text = async (testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ').trim();

/**
 * The till's second screen, opened with the cart as it is: another window of the same browser on /display. Its tax
 * lines as one line of text and its number of cart lines, once it shows `total`.
 */
async function customerDisplay(total: string): Promise<{ tax: string; lines: number }> {
  const display = await page.context().newPage();
  try {
    await display.goto('/display');
    await display.getByText(total).waitFor();
    return {
      tax: (await display.getByTestId('display-tax').innerText()).replace(/\s+/g, ' ').trim(),
      lines: await display.getByTestId('display-line').count(),
    };
  } finally {
    await display.close();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  configDir = await mkdtemp(join(tmpdir(), 'pos-e2e-tax-'));
  // A venue registered for SST whose prices have the tax added on top: the Day Pass at 8 % service tax.
  for (const args of [
    ['login', '--email', MANAGER.email, '--password', MANAGER.password],
    ['tax', 'set', 'SST8', '--name', 'Service tax 8%', '--rate', '8', '--type', '02'],
    ['catalog', 'edit', 'DAY-ADULT', '--tax-code', 'SST8'],
    ['settings', 'set', '--prices-include-tax', 'no', '--sst-no', 'W10-1808-32000123'],
  ]) {
    const run = await pos(...args);
    if (run.code !== 0) throw new Error(`pos ${args.join(' ')}: ${run.stderr}`);
  }
  browser = await launchBrowser();
  ({ page } = await openApp(browser, server.url));
  await signInToSales(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await rm(configDir, { recursive: true, force: true });
});

describe('a venue whose prices have tax added on top', () => {
  it('shows the subtotal, the tax and the TOTAL the customer pays; an untaxed item adds no tax', async () => {
    await addTile(page, 'DAY-ADULT', 1);
    await expectTotal(page, 'RM 52.92');
    expect(await text('tax')).toBe('Subtotal RM 49.00 Tax RM 3.92');
    await addTile(page, 'GRIP-M', 1);
    await expectTotal(page, 'RM 67.92');
    expect(await text('tax')).toBe('Subtotal RM 64.00 Tax RM 3.92');
  });

  it("the customer display shows the subtotal and the tax above the TOTAL, as the till's panel does", async () => {
    const shown = await customerDisplay('TOTAL RM 67.92');
    expect(shown.tax).toBe('Subtotal RM 64.00 Tax RM 3.92');
    // Lines' amounts are before tax: the subtotal is theirs, the TOTAL what the customer pays.
    expect(shown.lines).toBe(2);
  });

  it("takes the tenders against subtotal plus tax: 'Payment is short by RM 3.92', then the change", async () => {
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await page.waitForURL('**/payment');
    await expectTotal(page, 'RM 67.92');
    expect(await text('tax')).toBe('Subtotal RM 64.00 Tax RM 3.92');
    await tender(page, 'CASH', '64');
    expect(await text('short')).toBe('Short RM 3.92');
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expectToast(page, 'Payment is short by RM 3.92');
    await tender(page, 'CASH', '70');
    expect(await text('change')).toBe('Change RM 2.08');
  });

  it('prints and shows the receipt with the tax by code and the SST registration number', async () => {
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();
    const email = dialog(page, 'Customer Email');
    await email.getByLabel('Email Address').fill('tax@example.com');
    await email.getByRole('button', { name: 'Checkout' }).click();
    await expectToast(page, 'Checkout completed');
    const receipt = dialog(page, 'Receipt');
    await receipt.waitFor();
    const shown = await receipt.getByTestId('receipt-text').innerText();
    for (const expected of [
      /SST8 8 % on 49\.00\s+3\.92/,
      /SST Reg\. No\.: W10-1808-32000123/,
      /TOTAL\s+RM 67\.92/,
    ]) {
      expect(shown).toMatch(expected);
    }
    const printed = await printedText(page);
    expect(printed).toMatch(/SST8 8 % on 49\.00\s+3\.92/);
    expect(printed).toMatch(/CHANGE\s+2\.08/);
  });
});

describe('a venue whose prices include the tax', () => {
  it("the till's TOTAL panel and the customer display say 'Includes tax'; the TOTAL is the prices' sum", async () => {
    const run = await pos('settings', 'set', '--prices-include-tax', 'yes');
    expect(run.code, run.stderr).toBe(0);
    // The till reads the venue's settings as it loads.
    await page.goto('/main');
    await addTile(page, 'DAY-ADULT', 1);
    await expectTotal(page, 'RM 49.00');
    // 49.00 holds 8 % of its net: 49.00 x 8 / 108 = 3.6296..., half up to the sen.
    expect(await text('tax')).toBe('Includes tax RM 3.63');
    expect((await customerDisplay('TOTAL RM 49.00')).tax).toBe('Includes tax RM 3.63');
  });
});
