import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from './support/browser';
import { addTile, CASHIER, dialog, MANAGER, signInToSales } from './support/pos';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

/** A venue of store KL01 whose devices pair with a manager's code (no terminal pairs by itself). */
beforeAll(async () => {
  server = await startTestServer({ autoPair: false, env: { POS_STORE: 'KL01' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** `pos-server terminal pair ID` on the server's machine: the code it prints. */
async function pairingCode(terminal: string): Promise<string> {
  const printed = await server.command(['terminal', 'pair', terminal]);
  const code = /: ([A-Z0-9]{4}-[A-Z0-9]{4})\n/.exec(printed)?.[1];
  if (code === undefined) throw new Error(`no pairing code in: ${printed}`);
  return code;
}

/** Types a code on the pairing screen and presses Pair. */
async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Pairing code').fill(code);
  await page.getByRole('button', { name: 'Pair' }).click();
}

/** Sells one Day Pass - Child for exact cash without an email; returns the invoice number. */
async function sellChildPass(page: Page): Promise<string> {
  await addTile(page, 'DAY-CHILD', 1);
  await page.getByRole('button', { name: 'Payment' }).click();
  await page.waitForURL('**/payment');
  await page.locator('[data-testid="tender"][data-type="CASH"]').click();
  await page.keyboard.press('Enter');
  await dialog(page, 'CASH').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Checkout' }).click();
  await dialog(page, 'Customer Email').waitFor();
  await page.keyboard.press('Enter');
  await dialog(page, 'Confirm NOT entering customer email?', 'alertdialog').waitFor();
  await page.keyboard.press('Enter');
  const receipt = dialog(page, 'Receipt');
  await receipt.waitFor();
  const description = await receipt.locator('p').first().innerText();
  await page.keyboard.press('Escape');
  await receipt.waitFor({ state: 'detached' });
  return description.replace(/^Invoice\s+/, '').trim();
}

/** The orders of today as a manager sees them through the API (on the check terminal the test server registers). */
async function ordersOfToday(): Promise<{ invoice: string; terminal: string | undefined }[]> {
  const post = async (path: string, body: unknown, token?: string) => {
    const answer = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-host-name': 'E2E-CHECK',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
    return answer.json();
  };
  const { idToken } = await post('/v1/identity/sign_in', {
    email: MANAGER.email,
    password: MANAGER.password,
  });
  const { userToken } = await post('/v1/admin_login', { idToken });
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const orders = (await post('/v1/admin/get_orders', { origin: 'KL01', from }, userToken)) as {
    invoice: { _id: string } | null;
    terminal?: string;
  }[];
  return orders.map((order) => ({ invoice: order.invoice?._id ?? '', terminal: order.terminal }));
}

describe('each device is its own terminal', () => {
  it('sends an unpaired device to /pair and refuses a wrong, reused or replaced code in words', async () => {
    const { context, page } = await openApp(browser, server.url);
    try {
      await page.goto('/main');
      await page.waitForURL('**/pair');
      await page.getByRole('heading', { name: 'Pair this till' }).waitFor();
      await enterCode(page, 'ABCD-EFGH');
      await page.getByText('Unknown pairing code: check it, or ask a manager for a new one').waitFor();
      await enterCode(page, 'AB');
      await page.getByText('A pairing code is 8 letters and digits, e.g. K7QF-3MXR').waitFor();

      const replaced = await pairingCode('TILL-X');
      await pairingCode('TILL-X');
      await enterCode(page, replaced);
      await page.getByText(/This pairing code has expired \(a code works for 10 minutes\)/).waitFor();

      const used = await pairingCode('TILL-Y');
      const other = await openApp(browser, server.url);
      await other.page.goto('/');
      await enterCode(other.page, used);
      await other.page.waitForURL('**/signin');
      await other.context.close();
      await enterCode(page, used);
      await page.getByText('This pairing code has been used already: ask a manager for a new one').waitFor();
      expect(new URL(page.url()).pathname).toBe('/pair');
    } finally {
      await context.close();
    }
  });

  it('two tills of store KL01 sell at once, each in its own shift; closing one leaves the other open', async () => {
    const tillA = await openApp(browser, server.url);
    const tillB = await openApp(browser, server.url);
    try {
      const codeA = await pairingCode('TILL-A');
      const codeB = await pairingCode('TILL-B');
      // Opened at /main, paired, then on to sign in (and back to /main after it).
      await tillA.page.goto('/main');
      await enterCode(tillA.page, codeA);
      await tillA.page.waitForURL('**/signin');
      await tillB.page.goto('/');
      await enterCode(tillB.page, codeB);
      await tillB.page.waitForURL('**/signin');

      await Promise.all([
        signInToSales(tillA.page, CASHIER, '100'),
        signInToSales(tillB.page, MANAGER, '50'),
      ]);
      expect(await tillA.page.getByTestId('terminal-name').innerText()).toBe('TILL-A · KL01');
      expect(await tillB.page.getByTestId('terminal-name').innerText()).toBe('TILL-B · KL01');

      const [invoiceA, invoiceB] = await Promise.all([sellChildPass(tillA.page), sellChildPass(tillB.page)]);
      expect(invoiceA).toMatch(/^KL01-/);
      expect(invoiceB).toMatch(/^KL01-/);
      expect(invoiceA).not.toBe(invoiceB);

      // Till A ends its shift; till B's shift is still open and sells on.
      await tillA.page.getByRole('button', { name: 'Menu' }).click();
      await dialog(tillA.page, 'Menu').getByRole('button', { name: 'Close Shift', exact: true }).click();
      const endShift = dialog(tillA.page, 'End Shift');
      await endShift.getByLabel('Cash').fill('140');
      await endShift.getByLabel('Card').fill('0');
      await endShift.getByLabel('E-Wallet').fill('0');
      await endShift.getByLabel('E-Wallet').press('Enter');
      const report = dialog(tillA.page, 'End of Shift Report');
      await report.waitFor();
      // Till A's report counts its own sale only: float 100 + one Day Pass - Child (RM 40) expected in cash.
      expect(await report.innerText()).toContain('140.00');

      const secondB = await sellChildPass(tillB.page);
      const orders = await ordersOfToday();
      const terminalOf = (invoice: string) => orders.find((order) => order.invoice === invoice)?.terminal;
      expect(terminalOf(invoiceA)).toBe('TILL-A');
      expect(terminalOf(invoiceB)).toBe('TILL-B');
      expect(terminalOf(secondB)).toBe('TILL-B');
    } finally {
      await tillA.context.close();
      await tillB.context.close();
    }
  });

  it('sends a device back to /pair when its terminal is unregistered', async () => {
    const { context, page } = await openApp(browser, server.url);
    try {
      await page.goto('/');
      await enterCode(page, await pairingCode('TILL-C'));
      await page.waitForURL('**/signin');
      await server.command(['terminal', 'remove', 'TILL-C']);
      await page.reload();
      await page.waitForURL('**/pair');
      await page.getByRole('heading', { name: 'Pair this till' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
