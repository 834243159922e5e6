import type { Browser, Page } from 'playwright-core';
import { createPos, type Pos } from 'pos-sdk';
import { MESSAGES, OFFLINE_MESSAGES } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, openApp } from './support/browser';
import { addTile, cartLine, dialog, expectToast, MANAGER, signInToSales, tile, toast } from './support/pos';
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
async function ordersFor(email: string, on: TestServer = server): Promise<number> {
  const pos: Pos = createPos({ api: { baseUrl: on.url, hostId: 'E2E-CHECK' } });
  try {
    await pos.session.signIn(MANAGER.email, MANAGER.password);
    const orders = await pos.orders.load({ search: email });
    return orders.filter((order) => order.customer.email === email).length;
  } finally {
    pos.dispose();
  }
}

/** Dismisses every toast, so the next wait sees only new ones: the newest first, as it lies on top of the deck. */
async function dismissToasts(current: Page): Promise<void> {
  const buttons = current.getByTestId('toast').getByRole('button', { name: 'Dismiss' });
  while ((await buttons.count()) > 0) await buttons.last().click();
}

/** The 'Customer Email' dialog's Checkout, once the attempt in flight has settled. */
async function retryCheckout(current: Page): Promise<void> {
  const button = dialog(current, 'Customer Email').getByRole('button', { name: 'Checkout' });
  await vi.waitFor(async () => expect(await button.isEnabled()).toBe(true), { timeout: 30_000 });
  await button.click();
}

/**
 * Records the text of every toast shown from now on (a warning lasts 3 s: on a busy machine a wait can miss it).
 * @returns a function that reads what was shown.
 */
async function recordToasts(current: Page): Promise<() => Promise<string[]>> {
  await current.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    const record = () => {
      const shown = new Map<string, number>();
      for (const element of document.querySelectorAll('[data-testid="toast"]')) {
        const text = element.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
        shown.set(text, (shown.get(text) ?? 0) + 1);
      }
      // A text shown twice at once is recorded twice: a stack of the same toast (the SDK shows each once).
      for (const [text, count] of shown)
        if (count > 1 && !seen.includes(`${count} x ${text}`)) seen.push(`${count} x ${text}`);
    };
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true });
  });
  return () => current.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

/** Waits until `text` has been shown in a toast since `toasts` started recording. */
async function expectToastShown(toasts: () => Promise<string[]>, text: string): Promise<void> {
  await vi.waitFor(async () => expect((await toasts()).join('\n')).toContain(text), {
    timeout: 40_000,
    interval: 250,
  });
}

/** Waits until the terminal knows the server answers again (it asks every 5 s while offline): the banner has gone. */
async function waitUntilOnline(current: Page): Promise<void> {
  await vi.waitFor(
    async () => expect(((await current.getByTestId('offline-banner').textContent()) ?? '').trim()).toBe(''),
    { timeout: 30_000, interval: 250 },
  );
}

/**
 * Puts a Monthly Membership for `email` in the cart: a sale that needs the server (the member), so the terminal
 * never sells it offline (docs/offline.md) and a checkout that gets no answer keeps its cart for a retry.
 */
async function addMembership(current: Page, email: string): Promise<void> {
  await current.getByRole('tab', { name: 'Entry Pass' }).click();
  await tile(current, 'MEMBER-1M').click();
  const details = dialog(current, 'Member Details');
  await details.getByLabel('Name').fill('Rita Resilient');
  await details.getByLabel('Email').fill(email);
  await details.getByLabel('Phone number').fill('123456789');
  await details.getByLabel('Date of birth').fill('17-05-1990');
  await details.getByRole('button', { name: 'Add to Cart' }).click();
  await details.waitFor({ state: 'detached' });
}

/** Puts a Day Pass in the cart, pays it in exact cash and opens the 'Customer Email' dialog with `email`. */
async function payDayPass(current: Page, email: string): Promise<void> {
  await addTile(current, 'DAY-ADULT', 1);
  await payCart(current, email);
}

/** Pays the cart in exact cash and opens the 'Customer Email' dialog with `email`. */
async function payCart(current: Page, email: string): Promise<void> {
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
  it('keeps the cart of a sale that needs the server when the server is down, says why, and a retry makes one order only', async () => {
    const email = 'down@example.com';
    await addMembership(page, email);
    await payCart(page, email);
    await server.stop();
    const toasts = await recordToasts(page);
    await page.keyboard.press('Enter');
    // Told at once that the money call is being retried, then why the sale cannot go on without the server; never
    // a field error under the email.
    await expectToastShown(toasts, 'Server not responding: trying again, the sale is kept');
    await expectToastShown(toasts, OFFLINE_MESSAGES.membershipNeedsServer);
    // Each told once: the two retries and the failure's layers never stack the same toast.
    expect((await toasts()).filter((text) => /^\d+ x /.test(text))).toEqual([]);
    await expect(page.getByTestId('offline-banner').innerText()).resolves.toBe(OFFLINE_MESSAGES.banner(0));
    expect(
      await dialog(page, 'Customer Email').getByText(OFFLINE_MESSAGES.membershipNeedsServer).count(),
    ).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/payment');
    await cartLine(page, 'MEMBER-1M').waitFor();
    await server.start();
    await waitUntilOnline(page);
    await retryCheckout(page);
    await expectToast(page, 'Checkout completed');
    await dialog(page, 'Receipt').waitFor();
    await page.keyboard.press('Escape');
    expect(await ordersFor(email)).toBe(1);
  });

  it('retries a checkout whose answer was lost with the same key: one order only', async () => {
    const email = 'lost@example.com';
    await addMembership(page, email);
    await payCart(page, email);
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
    const toasts = await recordToasts(page);
    await page.keyboard.press('Enter');
    // 'trying again' at the first retry, then, the retries used up, why this sale waits for the server.
    await expectToastShown(toasts, OFFLINE_MESSAGES.membershipNeedsServer);
    expect(new URL(page.url()).pathname).toBe('/payment');
    await cartLine(page, 'MEMBER-1M').waitFor();
    losing = false;
    await waitUntilOnline(page);
    await retryCheckout(page);
    await expectToast(page, 'Checkout completed');
    await page.unroute('**/v1/checkout');
    expect(reachedServer).toBe(1);
    expect(await ordersFor(email)).toBe(1);
  });
});

describe('when the server hangs (it takes the connection and never answers)', () => {
  it('a pass check gives up at the read deadline and says the pass is not known offline, never a field error', async () => {
    await page.goto('/main');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Check Pass' }).click();
    const scan = dialog(page, MESSAGES.scanPass);
    await scan.getByLabel('Pass ID').fill('TNOSUCHPASS');
    server.pause();
    try {
      await scan.getByLabel('Pass ID').press('Enter');
      // One read of 8 s, not three attempts of 15 s: the toast shows well within this bound. No answer: the terminal
      // looks the pass up in what it keeps for an outage, where this one is not.
      await toast(page, OFFLINE_MESSAGES.ticketUnknownOffline)
        .first()
        .waitFor({ state: 'visible', timeout: 20_000 });
      expect(await scan.getByText(OFFLINE_MESSAGES.ticketUnknownOffline).count()).toBe(0);
    } finally {
      server.resume();
    }
    await page.keyboard.press('Escape');
    await scan.waitFor({ state: 'detached' });
  });

  it('a checkout says at once that it is trying again, keeps the sale, and makes one order when the server wakes', async () => {
    const email = 'hung@example.com';
    // The pass check above left the terminal offline until its next probe: a known outage goes to the offline queue
    // at once, without trying the server.
    await waitUntilOnline(page);
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

/** Waits until the terminal has stored the server's offline policy (asked for after the page's load). */
async function waitForOfflinePolicy(current: Page): Promise<void> {
  const policy = () =>
    current.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const opening = indexedDB.open('pos-offline');
          opening.onerror = () => resolve(null);
          opening.onsuccess = () => {
            const database = opening.result;
            if (!database.objectStoreNames.contains('offline')) {
              database.close();
              resolve(null);
              return;
            }
            const reading = database.transaction('offline').objectStore('offline').get('state');
            reading.onerror = () => resolve(null);
            reading.onsuccess = () => {
              database.close();
              resolve((reading.result as { policy?: unknown } | undefined)?.policy ?? null);
            };
          };
        }),
    );
  await vi.waitFor(async () => expect(await policy()).toBeTruthy(), { timeout: 20_000, interval: 250 });
}

describe('with offline selling turned off (POS_OFFLINE_MAX_MINUTES=0)', () => {
  let offServer: TestServer;
  let offPage: Page;

  beforeAll(async () => {
    offServer = await startTestServer({ env: { POS_OFFLINE_MAX_MINUTES: '0' } });
    ({ page: offPage } = await openApp(browser, offServer.url));
    await signInToSales(offPage);
    await waitForOfflinePolicy(offPage);
  });

  afterAll(async () => {
    await offPage?.context().close();
    await offServer?.dispose();
  });

  it('a checkout pressed again as soon as the server is back is sent, though the terminal still believes it is offline: one order', async () => {
    const email = 'off-retry@example.com';
    await payDayPass(offPage, email);
    await offServer.stop();
    const toasts = await recordToasts(offPage);
    await offPage.keyboard.press('Enter');
    await expectToastShown(toasts, OFFLINE_MESSAGES.tooLong(0));
    expect(new URL(offPage.url()).pathname).toBe('/payment');
    await cartLine(offPage, 'DAY-ADULT').waitFor();

    // The server is back, but the terminal's probe does not hear it: only the checkout itself can find out.
    await offPage.route('**/v1/health', (route) => route.abort('connectionrefused'));
    try {
      await offServer.start();
      const back = Date.now();
      await expect(offPage.getByTestId('offline-banner').innerText()).resolves.toBe(
        OFFLINE_MESSAGES.banner(0),
      );
      await retryCheckout(offPage);
      expect(Date.now() - back).toBeLessThan(1_000);
      await expectToast(offPage, 'Checkout completed');
      await dialog(offPage, 'Receipt').waitFor();
      await offPage.keyboard.press('Escape');
    } finally {
      await offPage.unroute('**/v1/health');
    }
    expect(await ordersFor(email, offServer)).toBe(1);
  });
});
