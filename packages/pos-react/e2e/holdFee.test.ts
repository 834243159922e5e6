import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from 'pos-sdk/messages';
import { HOLD_MESSAGES } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMenuEntry, payCashAndOpenReceipt, sellMembership, type TestMember } from './fixtures/sell';
import { launchBrowser, openApp } from './support/browser';
import { waitUntilPrepared } from './support/offline';
import { cartLine, dialog, expectToast, expectTotal, MANAGER, signInToSales } from './support/pos';
import { startTestServer, type TestServer } from './support/server';

const ZARA: TestMember = {
  name: 'Zara Member',
  email: 'zara@example.com',
  phone: '123456789',
  dob: '02-02-1992',
};

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ context, page } = await openApp(browser, server.url));
  await signInToSales(page, MANAGER);
  await sellMembership(page, ZARA);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

const ALEX: TestMember = {
  name: 'Alex Away',
  email: 'alex.away@example.com',
  phone: '123456780',
  dob: '03-03-1993',
};

/** Menu > Membership, the member's membership opened. */
async function openMembershipTicket(member: TestMember = ZARA) {
  await openMenuEntry(page, 'Membership');
  const lookup = dialog(page, MESSAGES.lookupMembership);
  await lookup.getByLabel(MESSAGES.emailAddress).fill(member.email);
  await lookup.getByRole('button', { name: 'Search' }).click();
  await lookup.getByTestId('member-ticket').click();
  const ticket = page.getByTestId('ticket-dialog');
  await ticket.getByTestId('membership-hold').waitFor();
  return ticket;
}

describe('membership hold fee', () => {
  it('the back office sets the fee: a merchandise SKU of the catalogue (another is refused under the field)', async () => {
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Venue settings' });
    await form.getByLabel('Hold fee SKU').fill('NO-SUCH-SKU');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(HOLD_MESSAGES.feeSkuUnknown('NO-SUCH-SKU')).waitFor();
    await form.getByLabel('Hold fee SKU').fill('BOTTLE-750');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Settings saved').waitFor();
    await page.goto('/main');
    await page.getByRole('button', { name: 'Payment', exact: true }).waitFor();
  });

  it('Hold… at the till says the fee and puts it into the cart; the hold waits for the sale', async () => {
    await putFeeInCart(ZARA);
  });

  /** Hold… on the member's membership, 14 days: the fee goes into the cart and the hold waits. */
  async function putFeeInCart(member: TestMember) {
    const ticket = await openMembershipTicket(member);
    await ticket.getByRole('button', { name: 'Hold…' }).click();
    const form = dialog(page, 'Hold Membership');
    await form.getByText(HOLD_MESSAGES.feeNote('RM 25.00')).waitFor();
    await form.getByLabel('Days').fill('14');
    await form.getByRole('button', { name: HOLD_MESSAGES.addFee }).click();
    await expectToast(page, HOLD_MESSAGES.feeInCart('RM 25.00'));
    await form.waitFor({ state: 'detached' });
    expect(await ticket.getByTestId('membership-hold').innerText()).toContain(HOLD_MESSAGES.feeWaiting);
    await page.keyboard.press('Escape');
    await ticket.waitFor({ state: 'detached' });
    const lookup = dialog(page, MESSAGES.lookupMembership);
    if (await lookup.isVisible()) {
      await page.keyboard.press('Escape');
      await lookup.waitFor({ state: 'detached' });
    }
    await cartLine(page, 'BOTTLE-750').waitFor();
    await expectTotal(page, 'RM 25.00');
  }

  it('paying the sale places the hold, with the fee as the order that paid it', async () => {
    const receipt = await payCashAndOpenReceipt(page, ZARA.email);
    const invoice = (
      await receipt
        .getByText(/^Invoice /)
        .first()
        .innerText()
    )
      .replace(/^Invoice /, '')
      .trim();
    await expectToast(page, 'Membership put on hold');
    await receipt.getByRole('button', { name: 'New Sale' }).click();
    await receipt.waitFor({ state: 'detached' });
    await page.waitForURL('**/main');
    const ticket = await openMembershipTicket();
    await expect
      .poll(() => ticket.getByTestId('membership-hold').innerText())
      .toMatch(/On hold \d{2}-\d{2}-\d{4} to \d{2}-\d{2}-\d{4}/);
    // The back office's history of the membership names the invoice of the fee's sale.
    await page.goto(`/admin/memberships?q=${encodeURIComponent(ZARA.email)}`);
    const row = page.getByTestId('hold-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain(invoice);
  });

  it('a fee sold while the server is down: the hold waits on the till and is placed when the sale syncs', async () => {
    await page.goto('/main');
    await sellMembership(page, ALEX);
    await putFeeInCart(ALEX);
    await waitUntilPrepared(page);
    await server.stop();
    const receipt = await payCashAndOpenReceipt(page, ALEX.email, 20_000);
    await receipt.getByTestId('receipt-pending').waitFor();
    await expectToast(page, HOLD_MESSAGES.feeSoldOffline);
    await receipt.getByRole('button', { name: 'New Sale' }).click();
    await receipt.waitFor({ state: 'detached' });
    // The server comes back: the till syncs the sale, then places the hold with the order it was booked as.
    await server.start();
    await page.getByText('Membership put on hold').first().waitFor({ timeout: 30_000 });
    const ticket = await openMembershipTicket(ALEX);
    await expect
      .poll(() => ticket.getByTestId('membership-hold').innerText())
      .toMatch(/On hold \d{2}-\d{2}-\d{4} to \d{2}-\d{2}-\d{4}/);
  });
});
