import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectAccessible } from './support/axe';
import { launchBrowser, openApp } from './support/browser';
import { addTile, dialog, expectToast, focusedLabel, printedText, signInToSales } from './support/pos';
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

/** Opens the Menu and presses one of its entries. */
async function menu(current: Page, entry: string): Promise<void> {
  await current.getByRole('button', { name: 'Menu' }).click();
  const dialogMenu = dialog(current, 'Menu');
  await dialogMenu.getByRole('button', { name: entry, exact: true }).click();
  await dialogMenu.waitFor({ state: 'detached' });
}

/** Sells one Day Pass - Child for exact cash without an email; returns the invoice number. */
async function sellChildPass(current: Page): Promise<string> {
  await addTile(current, 'DAY-CHILD', 1);
  await current.getByRole('button', { name: 'Payment' }).click();
  await current.waitForURL('**/payment');
  await current.locator('[data-testid="tender"][data-type="CASH"]').click();
  await current.keyboard.press('Enter');
  await dialog(current, 'CASH').waitFor({ state: 'detached' });
  await current.getByRole('button', { name: 'Checkout' }).click();
  await dialog(current, 'Customer Email').waitFor();
  await current.keyboard.press('Enter');
  await dialog(current, 'Confirm NOT entering customer email?', 'alertdialog').waitFor();
  await current.keyboard.press('Enter');
  const receipt = dialog(current, 'Receipt');
  await receipt.waitFor();
  const description = await receipt.locator('p').first().innerText();
  await current.keyboard.press('Escape');
  await receipt.waitFor({ state: 'detached' });
  return description.replace(/^Invoice\s+/, '').trim();
}

describe('Menu', () => {
  it('Open Drawer: a browser without the desktop shell has no drawer and says so', async () => {
    await menu(page, 'Open Drawer');
    await expectToast(page, 'No cash drawer is connected to this browser');
  });

  it('Float: the float dialog adds cash to the drawer and prints a float slip', async () => {
    await menu(page, 'Float');
    const float = dialog(page, 'Float');
    await float.waitFor();
    expect(await focusedLabel(page)).toBe('Float');
    await page.keyboard.type('50');
    await page.keyboard.press('Enter');
    await float.waitFor({ state: 'detached' });
    expect(await printedText(page)).toContain('50.00');
  });

  it("Check Pass prompts 'Scan Pass' and needs a pass ID", async () => {
    await menu(page, 'Check Pass');
    const scan = dialog(page, 'Scan Pass');
    await scan.waitFor();
    expect(await focusedLabel(page)).toBe('Pass ID');
    await page.keyboard.press('Enter');
    await scan.getByText('Please enter the pass ID').waitFor();
    await page.keyboard.type('NO-SUCH-PASS');
    await page.keyboard.press('Enter');
    const ticket = dialog(page, 'Ticket');
    await ticket.getByText('No pass with ID NO-SUCH-PASS.').waitFor();
    await page.locator('[data-testid="toast"][data-kind="error"]').first().waitFor();
    await page.keyboard.press('Escape');
    await ticket.waitFor({ state: 'detached' });
  });

  it("Refund prompts 'Invoice ID' then 'Refund Reason', and refunds today's paid order", async () => {
    const invoice = await sellChildPass(page);
    expect(invoice).not.toBe('');
    await menu(page, 'Refund');
    const invoicePrompt = dialog(page, 'Invoice ID');
    await invoicePrompt.waitFor();
    await page.keyboard.press('Enter');
    await invoicePrompt.getByText('Please enter the invoice ID').waitFor();
    // Too long for an invoice ID: said on this field, before the reason is asked (not the server's 400 on it).
    await page.keyboard.insertText('X'.repeat(201));
    await page.keyboard.press('Enter');
    await invoicePrompt.getByText('The invoice ID has at most 200 characters').waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type(invoice);
    await page.keyboard.press('Enter');
    const reasonPrompt = dialog(page, 'Refund Reason');
    await reasonPrompt.waitFor();
    expect(await focusedLabel(page)).toBe('Refund Reason');
    await page.keyboard.press('Enter');
    await reasonPrompt.getByText('Please enter the refund reason').waitFor();
    await expectAccessible(page);
    await page.keyboard.type('Customer changed their mind');
    await page.keyboard.press('Enter');
    // What to hand back replaces 'Order updated successfully'.
    await expectToast(page, 'Give back RM 40.00 by CASH');
    await reasonPrompt.waitFor({ state: 'detached' });
  });

  it("Membership opens 'Lookup Membership' with an 'Email Address' field", async () => {
    await menu(page, 'Membership');
    const lookup = dialog(page, 'Lookup Membership');
    await lookup.waitFor();
    expect(await focusedLabel(page)).toBe('Email Address');
    await lookup.getByRole('button', { name: 'Search' }).waitFor();
    await page.keyboard.press('Escape');
    await lookup.waitFor({ state: 'detached' });
  });

  it('Order History goes to /orders', async () => {
    await menu(page, 'Order History');
    await page.waitForURL('**/orders');
    await page.getByRole('link', { name: 'Main Page' }).click();
    await page.waitForURL('**/main');
  });

  it("Close Shift checks the takings ('Please enter 0 if empty'), shows and prints the end-of-shift report", async () => {
    await menu(page, 'Close Shift');
    const endShift = dialog(page, 'End Shift');
    await endShift.waitFor();
    expect(await focusedLabel(page)).toBe('Cash');
    await page.keyboard.press('Enter');
    expect(await endShift.getByText('Please enter 0 if empty').count()).toBe(3);
    await endShift.getByLabel('Cash').fill('1.234');
    await endShift.getByLabel('Card').fill('0');
    await endShift.getByLabel('E-Wallet').fill('0');
    await page.keyboard.press('Enter');
    await endShift.getByText('Value can be 0 or positive number up to 2 decimals').waitFor();
    await endShift.getByLabel('Cash').fill('150');
    await endShift.getByLabel('Cash').press('Enter');
    const report = dialog(page, 'End of Shift Report');
    await report.waitFor();
    await report.getByRole('table', { name: 'Takings (MYR)' }).waitFor();
    await expectAccessible(page);
    await vi.waitFor(async () => expect(await printedText(page)).not.toContain('Customer changed'));
    expect((await printedText(page)).length).toBeGreaterThan(0);
    await report.getByRole('button', { name: 'Start New Shift' }).click();
    const newShift = dialog(page, 'New Shift');
    await newShift.waitFor();
    await newShift.getByLabel('Float').fill('100');
    await newShift.getByLabel('Float').press('Enter');
    await newShift.waitFor({ state: 'detached' });
  });
});

describe('inside the desktop shell', () => {
  it('sends app start, opens the drawer and prints through the shell bridge', async () => {
    const shell = await openApp(browser, server.url, {
      initScript: () => {
        const sent: unknown[] = [];
        Object.assign(window, {
          posShellSent: sent,
          posShell: { send: (message: unknown) => sent.push(message) },
        });
      },
    });
    const messages = async () =>
      shell.page.evaluate(() =>
        ((window as unknown as { posShellSent: { type: string }[] }).posShellSent ?? []).map(
          (message) => message.type,
        ),
      );
    await signInToSales(shell.page);
    expect(await messages()).toContain('pos:app-start');
    await menu(shell.page, 'Open Drawer');
    await vi.waitFor(async () => expect(await messages()).toContain('pos:open-drawer'));
    expect(await shell.page.getByText('No cash drawer is connected to this browser').count()).toBe(0);
    await menu(shell.page, 'Float');
    await dialog(shell.page, 'Float').getByLabel('Float').fill('10');
    await shell.page.keyboard.press('Enter');
    await vi.waitFor(async () => expect(await messages()).toContain('pos:print'));
    await shell.context.close();
  });
});
