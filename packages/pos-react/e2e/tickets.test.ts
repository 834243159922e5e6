import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from 'pos-sdk/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowserWithFakeCamera, openMenuEntry, sell } from './fixtures/sell';
import { seriousA11yViolations } from './support/axe';
import { openApp } from './support/browser';
import { dialog, expectToast, focusedLabel, signInToSales } from './support/pos';
import { HIDE_TOASTS, SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The two 1-use Day Pass tickets sold in `beforeAll`. */
let ticketIds: string[] = [];

/** The ticket detail dialog. */
const ticketDialog = () => page.getByTestId('ticket-dialog');
/** The camera capture dialog. */
const cameraDialog = () => page.getByTestId('camera-dialog');

/** The ticket IDs of an invoice, from its item's tags on the orders screen. */
async function ticketsOf(invoiceNo: string): Promise<string[]> {
  await openMenuEntry(page, 'Order History');
  await page.waitForURL('**/orders');
  await page.locator(`[data-testid="order-row"][data-invoice="${invoiceNo}"]`).click();
  const invoice = page.getByTestId('invoice-dialog');
  await invoice.getByRole('button', { name: /^Show tickets of / }).click();
  await invoice.getByTestId('ticket-tag').first().waitFor();
  const ids = (await invoice.getByTestId('ticket-tag').allInnerTexts()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await invoice.waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL('**/main');
  return ids;
}

/** Check Pass > 'Scan Pass' > the pass ID > Check: the ticket dialog. */
async function checkPass(ticketId: string, isKnown = true): Promise<void> {
  await page.getByRole('button', { name: 'Check Pass' }).click();
  const scan = dialog(page, MESSAGES.scanPass);
  await scan.getByLabel('Pass ID').fill(ticketId);
  await scan.getByLabel('Pass ID').press('Enter');
  await ticketDialog().waitFor();
  if (isKnown) await ticketDialog().getByTestId('ticket-status').waitFor();
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowserWithFakeCamera();
  ({ context, page } = await openApp(browser, server.url));
  await context.grantPermissions(['camera'], { origin: server.url });
  await signInToSales(page);
  const invoiceNo = await sell(page, 'DAY-ADULT', 2, 'gate@example.com');
  ticketIds = await ticketsOf(invoiceNo);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

// A failed test leaves no dialog open for the next one.
afterEach(async () => {
  for (let attempt = 0; attempt < 4 && (await page.getByRole('dialog').count()) > 0; attempt++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
  }
});

describe('ticket detail', () => {
  it('sold two 1-use Day Pass tickets', () => {
    expect(ticketIds).toHaveLength(2);
  });

  it("checks a pass (Active, uses '0 / 1') and redeems it once: 'Ticket redemption successful', Fully Used, Redeem disabled", async () => {
    const [ticketId = ''] = ticketIds;
    await checkPass(ticketId);
    const detail = ticketDialog();
    expect(await detail.getByTestId('ticket-status').innerText()).toBe('Active');
    expect(await detail.getByTestId('ticket-uses').innerText()).toBe('0 / 1');
    const text = await detail.innerText();
    expect(text).toContain('Day Pass');
    expect(text).toContain('DAY-ADULT');
    expect(text).toMatch(/DATE\s+\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/i);
    expect(text).toMatch(/EXPIRY\s+\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/i);
    // The gate's next step has the focus: Enter redeems.
    expect(await focusedLabel(page)).toBe('Redeem');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A 1-use Day Pass redeemed once.
    await page.keyboard.press('Enter');
    await expectToast(page, MESSAGES.ticketRedeemed);
    await vi.waitFor(async () =>
      expect(await detail.getByTestId('ticket-status').innerText()).toBe('Fully Used'),
    );
    expect(await detail.getByTestId('ticket-uses').innerText()).toBe('1 / 1');
    expect(await detail.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
    expect(await detail.getByTestId('ticket-use-list').locator('li').count()).toBe(1);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
  });

  it('a second look at the used pass still says Fully Used', async () => {
    const [ticketId = ''] = ticketIds;
    await checkPass(ticketId);
    expect(await ticketDialog().getByTestId('ticket-status').innerText()).toBe('Fully Used');
    expect(await ticketDialog().getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
  });

  it('an unknown pass ID says so', async () => {
    await checkPass('NO-SUCH-PASS', false);
    await ticketDialog().getByText('No pass with ID NO-SUCH-PASS.').waitFor();
  });

  it("registers a face photo from the camera: Capture, Retake, Register, 'Photo successfully registered'", async () => {
    const [, ticketId = ''] = ticketIds;
    await checkPass(ticketId);
    expect(await ticketDialog().getByText('No face registered').isVisible()).toBe(true);
    await ticketDialog().getByRole('button', { name: 'Register Face' }).click();
    const camera = cameraDialog();
    await camera.waitFor();
    // The fake camera plays.
    await vi.waitFor(
      async () => {
        const playing = await camera
          .getByTestId('camera-video')
          .evaluate((video: HTMLVideoElement) => video.readyState >= 2 && video.videoWidth > 0);
        expect(playing).toBe(true);
      },
      { timeout: 10_000 },
    );
    // Keyboard only: the focus is on Capture once the camera runs; Enter takes the photo.
    await vi.waitFor(async () => expect(await focusedLabel(page)).toBe('Capture'));
    await page.keyboard.press('Enter');
    await camera.getByTestId('captured-photo').waitFor();
    expect(await focusedLabel(page)).toBe('Register');
    // A real picture, not a black frame: the fake camera paints green.
    const centre = await camera.getByTestId('captured-photo').evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      context?.drawImage(img, 0, 0);
      return Array.from(context?.getImageData(img.naturalWidth / 2, img.naturalHeight / 2, 1, 1).data ?? []);
    });
    expect(centre[1]).toBeGreaterThan(100);
    // The photo is a 1280x720 JPEG.
    const size = await camera
      .getByTestId('captured-photo')
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([1280, 720]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/camera.png`, style: HIDE_TOASTS });
    // Retake goes back to the live camera.
    await camera.getByRole('button', { name: 'Retake' }).click();
    await camera.getByTestId('captured-photo').waitFor({ state: 'detached' });
    await camera.getByRole('button', { name: 'Capture' }).click();
    await camera.getByTestId('captured-photo').waitFor();
    await camera.getByRole('button', { name: 'Register' }).click();
    await expectToast(page, MESSAGES.photoRegistered);
    await camera.waitFor({ state: 'detached' });
    // The registered photo shows on the ticket.
    const photo = ticketDialog().getByTestId('ticket-photo');
    await photo.waitFor();
    await vi.waitFor(async () =>
      expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280),
    );
    expect(await ticketDialog().getByText('Face registered', { exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/ticket.png`, style: HIDE_TOASTS });
  });

  it('Escape closes the camera first, then the ticket', async () => {
    const [, ticketId = ''] = ticketIds;
    await checkPass(ticketId);
    await ticketDialog().getByRole('button', { name: 'Register Face' }).click();
    await cameraDialog().waitFor();
    await page.keyboard.press('Escape');
    await cameraDialog().waitFor({ state: 'detached' });
    expect(await ticketDialog().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await ticketDialog().waitFor({ state: 'detached' });
    // The camera was released.
    const live = await page.evaluate(() => document.querySelectorAll('video').length);
    expect(live).toBe(0);
  });
});
