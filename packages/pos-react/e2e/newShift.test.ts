import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openApp } from './support/browser';
import { CASHIER, dialog, submitSignIn, tile } from './support/pos';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** How long the till's printer takes with a slip, in this test. */
const PRINT_MS = 1500;

describe('New Shift', () => {
  it('a tile tapped while the float slip still prints keeps its quantity dialog', async () => {
    // Inside the desktop shell, whose printer answers only when the slip is out (PRINT_MS).
    const { context, page } = await openApp(browser, server.url, {
      initScript: () => {
        const printed: string[] = [];
        Object.assign(window, {
          posPrinted: printed,
          posShell: {
            send: (message: { type: string }) =>
              message.type === 'pos:print'
                ? new Promise<void>((resolve) =>
                    setTimeout(() => {
                      printed.push(message.type);
                      resolve();
                    }, 1500),
                  )
                : undefined,
          },
        });
      },
    });
    try {
      await page.goto('/signin');
      await submitSignIn(page, CASHIER.email, CASHIER.password);
      await page.waitForURL('**/main');
      const newShift = dialog(page, 'New Shift');
      await newShift.waitFor();
      await newShift.getByLabel('Float').fill('100');
      await newShift.getByRole('button', { name: 'Set Float' }).click();
      await newShift.waitFor({ state: 'detached' });
      // The slip is still printing: the cashier taps a pass at once.
      const printedSoFar = await page.evaluate(
        () => (window as unknown as { posPrinted: string[] }).posPrinted.length,
      );
      expect(printedSoFar).toBe(0);
      await tile(page, 'DAY-ADULT').click();
      const quantity = dialog(page, 'Quantity');
      await quantity.waitFor();
      // Once the slip is out, the dialog the cashier opened is still there.
      await page.waitForFunction(
        () => (window as unknown as { posPrinted: string[] }).posPrinted.length === 1,
        null,
        {
          timeout: PRINT_MS * 4,
        },
      );
      await page.waitForTimeout(300);
      expect(await quantity.isVisible()).toBe(true);
      await quantity.getByLabel('Quantity').press('Enter');
      await quantity.waitFor({ state: 'detached' });
      expect(await page.locator('[data-testid="cart-line"][data-sku="DAY-ADULT"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
