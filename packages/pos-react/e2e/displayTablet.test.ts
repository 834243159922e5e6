import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DISPLAY_MESSAGES } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountLine, openMenuEntry } from './fixtures/sell';
import { expectAccessible } from './support/axe';
import { launchBrowser, openApp } from './support/browser';
import { addTile, dialog, expectTotal, signInToSales } from './support/pos';
import { SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let tillContext: BrowserContext;
let tabletContext: BrowserContext;
let till: Page;
let tablet: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ context: tillContext, page: till } = await openApp(browser, server.url));
  await signInToSales(till);
  // The tablet: another browser context (another device), never signed in, no terminal of its own.
  ({ context: tabletContext, page: tablet } = await openApp(browser, server.url, {
    viewport: { width: 1024, height: 768 },
  }));
}, 180_000);

afterAll(async () => {
  await tabletContext?.close();
  await tillContext?.close();
  await browser?.close();
  await server?.dispose();
});

/** The tablet's text, once it shows `text`. */
async function tabletShows(text: string): Promise<string> {
  await tablet.getByTestId('display').getByText(text, { exact: false }).first().waitFor();
  return tablet.getByTestId('display').innerText();
}

/** Menu > Customer display on the till. */
async function openCustomerDisplay() {
  await openMenuEntry(till, DISPLAY_MESSAGES.menuItem);
  const panel = dialog(till, DISPLAY_MESSAGES.menuItem);
  await panel.waitFor();
  return panel;
}

describe('customer display on a tablet paired by code', () => {
  let code = '';

  it("the till's Menu > Customer display shows a six-digit code and that no tablet is paired", async () => {
    const panel = await openCustomerDisplay();
    await expect.poll(() => panel.getByTestId('display-code').innerText()).toMatch(/^\d{3} \d{3}$/);
    code = await panel.getByTestId('display-code').innerText();
    expect(await panel.getByTestId('display-status').innerText()).toBe(DISPLAY_MESSAGES.noTablet);
    await expectAccessible(till);
    await panel.screenshot({ path: join(SCREENSHOTS, 'display-pairing-code.png') });
  });

  it("/display on a device with no till of its own offers 'Pair with a till'", async () => {
    await tablet.goto('/display');
    await tablet.getByRole('heading', { name: DISPLAY_MESSAGES.pairTitle }).waitFor();
    expect(tablet.url()).toMatch(/\/display$/);
    await expectAccessible(tablet);
    await tablet.screenshot({ path: join(SCREENSHOTS, 'display-pair.png') });
  });

  it('a wrong code is refused in words under the field', async () => {
    const wrong = String((Number(code.replace(' ', '')) + 1) % 1_000_000).padStart(6, '0');
    await tablet.getByLabel(DISPLAY_MESSAGES.codeLabel).fill(wrong);
    await tablet.getByRole('button', { name: DISPLAY_MESSAGES.pairButton }).click();
    await tablet.getByRole('alert').getByText(DISPLAY_MESSAGES.codeUnknown).waitFor();
  });

  it('the right code pairs it; the till says a tablet is paired', async () => {
    await tablet.getByLabel(DISPLAY_MESSAGES.codeLabel).fill(code);
    await tablet.getByRole('button', { name: DISPLAY_MESSAGES.pairButton }).click();
    await tabletShows('Welcome');
    const panel = dialog(till, DISPLAY_MESSAGES.menuItem);
    await panel.getByText(DISPLAY_MESSAGES.tabletPaired).waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('follows the cart: lines, the discount without its approver, the total', async () => {
    await addTile(till, 'DAY-ADULT', 2);
    await expectTotal(till, 'RM 98.00');
    await tabletShows('TOTAL RM 98.00');
    expect(await tablet.getByTestId('display-line').count()).toBe(1);
    await discountLine(till, 'Day Pass - Adult', 10);
    await expectTotal(till, 'RM 88.20');
    const text = await tabletShows('TOTAL RM 88.20');
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
    const text = await tabletShows('Change RM 11.80');
    expect(text).toContain('CASH RM 100.00');
    await tablet.screenshot({ path: join(SCREENSHOTS, 'display-paired.png') });
    await till.getByRole('button', { name: 'Checkout', exact: true }).click();
    const email = till.getByRole('dialog', { name: 'Customer Email' });
    await email.getByLabel('Email Address').fill('tablet@example.com');
    await email.getByRole('button', { name: 'Checkout' }).click();
    await tablet.getByTestId('display-thanks').waitFor();
    await expect.poll(() => tablet.getByTestId('display-qr').count()).toBe(2);
    expect(await tablet.getByTestId('display-thanks').innerText()).toContain('Thank you!');
  });

  it('a reload of the tablet stays paired and shows the latest at once', async () => {
    await tablet.reload();
    await tablet.getByTestId('display-thanks').waitFor();
    expect(await tablet.getByTestId('display').getAttribute('data-source')).toBe('paired');
    expect(await tablet.getByRole('button').count()).toBe(0);
    expect(await tablet.getByRole('link').count()).toBe(0);
  });

  it("after Unpair on the till the tablet says 'Not paired' and follows no more", async () => {
    await till.getByRole('dialog', { name: 'Receipt' }).getByRole('button', { name: 'New Sale' }).click();
    await till.waitForURL('**/main');
    const panel = await openCustomerDisplay();
    await panel.getByRole('button', { name: DISPLAY_MESSAGES.unpair }).click();
    await tablet.getByTestId('display-not-paired').waitFor();
    expect(await tablet.getByTestId('display-not-paired').innerText()).toBe(DISPLAY_MESSAGES.notPaired);
    await panel.getByText(DISPLAY_MESSAGES.noTablet).waitFor();
    await panel.getByRole('button', { name: 'Close' }).click();
    await addTile(till, 'DAY-CHILD', 1);
    await expectTotal(till, 'RM 40.00');
    // Given time to arrive, nothing does: the tablet keeps 'Not paired' and shows no line.
    await tablet.waitForTimeout(1500);
    expect(await tablet.getByTestId('display-line').count()).toBe(0);
    await tablet.reload();
    await tablet.getByRole('heading', { name: DISPLAY_MESSAGES.pairTitle }).waitFor();
  });
});
