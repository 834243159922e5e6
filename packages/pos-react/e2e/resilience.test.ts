import type { Browser, Page } from 'playwright-core';
import { createPos, MESSAGES, type Pos } from 'pos-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, openApp } from './support/browser';
import { addTile, cartLine, dialog, expectToast, MANAGER, signInToSales, toast } from './support/pos';
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

/** How many of today's orders went to `email` (asked through the SDK, as the manager, from another terminal). */
async function ordersFor(email: string): Promise<number> {
  const pos: Pos = createPos({ api: { baseUrl: server.url, hostId: 'E2E-CHECK' } });
  try {
    await pos.session.signIn(MANAGER.email, MANAGER.password);
    const orders = await pos.orders.load({ search: email });
    return orders.filter((order) => order.customer.email === email).length;
  } finally {
    pos.dispose();
  }
}

/** Dismisses every toast, so the next wait sees only new ones. */
async function dismissToasts(current: Page): Promise<void> {
  const buttons = current.getByTestId('toast').getByRole('button', { name: 'Dismiss' });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

/** The 'Customer Email' dialog's Checkout, once the attempt in flight has settled. */
async function retryCheckout(current: Page): Promise<void> {
  const button = dialog(current, 'Customer Email').getByRole('button', { name: 'Checkout' });
  await vi.waitFor(async () => expect(await button.isEnabled()).toBe(true), { timeout: 30_000 });
  await button.click();
}

/** Puts a Day Pass in the cart, pays it in exact cash and opens the 'Customer Email' dialog with `email`. */
async function payDayPass(current: Page, email: string): Promise<void> {
  await addTile(current, 'DAY-ADULT', 1);
  await current.getByRole('button', { name: 'Payment' }).click();
  await current.waitForURL('**/payment');
  await current.locator('[data-testid="tender"][data-type="CASH"]').click();
  await current.keyboard.press('Enter');
  await dialog(current, 'CASH').waitFor({ state: 'detached' });
  await dismissToasts(current);
  await current.getByRole('button', { name: 'Checkout' }).click();
  await dialog(current, 'Customer Email').getByLabel('Email Address').fill(email);
}

describe('when the server fails at checkout', () => {
  it("keeps the cart when the server is down ('Server not responding') and a retry makes one order only", async () => {
    const email = 'down@example.com';
    await payDayPass(page, email);
    await server.stop();
    await page.keyboard.press('Enter');
    // Told at once that the money call is being retried, then the spec's toast; never a field error under the email.
    await expectToast(page, 'Server not responding: trying again, the sale is kept');
    await toast(page, 'Server not responding')
      .filter({ hasNotText: 'trying again' })
      .first()
      .waitFor({ state: 'visible', timeout: 40_000 });
    expect(await dialog(page, 'Customer Email').getByText('Server not responding').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/payment');
    await cartLine(page, 'DAY-ADULT').waitFor();
    await server.start();
    await retryCheckout(page);
    await expectToast(page, 'Checkout completed');
    await dialog(page, 'Receipt').waitFor();
    await page.keyboard.press('Escape');
    expect(await ordersFor(email)).toBe(1);
  });

  it('retries a checkout whose answer was lost with the same key: one order only', async () => {
    const email = 'lost@example.com';
    await payDayPass(page, email);
    let losing = true;
    let reachedServer = 0;
    await page.route('**/v1/checkout', async (route) => {
      if (!losing) return route.continue();
      // The first attempt reaches the server (the order is written); its answer never arrives.
      if (reachedServer === 0) {
        reachedServer += 1;
        await route.fetch();
      }
      return route.abort('connectionreset');
    });
    await page.keyboard.press('Enter');
    // 'trying again' at the first retry, then the spec's 'Server not responding' when the retries are used up.
    await toast(page, 'Server not responding')
      .filter({ hasNotText: 'trying again' })
      .first()
      .waitFor({ state: 'visible', timeout: 40_000 });
    await cartLine(page, 'DAY-ADULT').waitFor();
    losing = false;
    await retryCheckout(page);
    await expectToast(page, 'Checkout completed');
    await page.unroute('**/v1/checkout');
    expect(reachedServer).toBe(1);
    expect(await ordersFor(email)).toBe(1);
  });
});

describe('when the server hangs (it takes the connection and never answers)', () => {
  it("a pass check gives up at the read deadline with the 'Server not responding' toast, never a field error", async () => {
    await page.goto('/main');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Check Pass' }).click();
    const scan = dialog(page, MESSAGES.scanPass);
    await scan.getByLabel('Pass ID').fill('TNOSUCHPASS');
    server.pause();
    try {
      await scan.getByLabel('Pass ID').press('Enter');
      // One read of 8 s, not three attempts of 15 s: the toast shows well within this bound.
      await toast(page, 'Server not responding').first().waitFor({ state: 'visible', timeout: 20_000 });
      expect(await scan.getByText('Server not responding').count()).toBe(0);
    } finally {
      server.resume();
    }
    await page.keyboard.press('Escape');
    await scan.waitFor({ state: 'detached' });
  });

  it('a checkout says at once that it is trying again, keeps the sale, and makes one order when the server wakes', async () => {
    const email = 'hung@example.com';
    await payDayPass(page, email);
    server.pause();
    try {
      await page.keyboard.press('Enter');
      await toast(page, 'Server not responding: trying again, the sale is kept')
        .first()
        .waitFor({ state: 'visible', timeout: 20_000 });
      expect(await dialog(page, 'Customer Email').getByText('Server not responding').count()).toBe(0);
      await cartLine(page, 'DAY-ADULT').waitFor();
    } finally {
      server.resume();
    }
    // The requests the frozen server had taken are answered now; the retries carry the same key.
    await vi.waitFor(
      async () => {
        if (await dialog(page, 'Receipt').isVisible()) return;
        const button = dialog(page, 'Customer Email').getByRole('button', { name: 'Checkout' });
        if ((await button.count()) > 0 && (await button.isEnabled())) await button.click();
        throw new Error('no receipt yet');
      },
      { timeout: 60_000, interval: 1_000 },
    );
    await page.keyboard.press('Escape');
    expect(await ordersFor(email)).toBe(1);
  });
});
