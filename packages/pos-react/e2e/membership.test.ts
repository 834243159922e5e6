import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from 'pos-sdk/messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openMenuEntry, sellMembership, type TestMember } from './fixtures/sell';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, openApp } from './support/browser';
import { dialog, expectToast, focusedLabel, signInToSales } from './support/pos';
import { HIDE_TOASTS, SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

const MIA: TestMember = {
  name: 'Mia Member',
  email: 'mia@example.com',
  phone: '123456789',
  dob: '17-05-1990',
};

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The 'Lookup Membership' dialog. */
const lookup = () => dialog(page, MESSAGES.lookupMembership);
/** The 'Renewal Checkout' dialog. */
const renewal = () => dialog(page, 'Renewal Checkout');

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ context, page } = await openApp(browser, server.url));
  await signInToSales(page);
  await sellMembership(page, MIA);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

/** Types an email into 'Email Address' and presses Search. */
async function search(email: string): Promise<void> {
  await lookup().getByLabel(MESSAGES.emailAddress).fill(email);
  await lookup().getByRole('button', { name: 'Search' }).click();
}

describe('membership', () => {
  it("opens 'Lookup Membership' from the Menu with the focus in 'Email Address'", async () => {
    await openMenuEntry(page, 'Membership');
    await lookup().waitFor();
    await vi.waitFor(async () => expect(await focusedLabel(page)).toBe(MESSAGES.emailAddress));
  });

  it("refuses an invalid email: 'The input is not valid E-mail!'", async () => {
    await search('mia@');
    await lookup().getByText(MESSAGES.emailNotValid).waitFor();
  });

  it('an unknown email finds no member', async () => {
    await search('nobody@example.com');
    await expectToast(page, /nobody@example\.com/);
    expect(await lookup().getByTestId('member-result').count()).toBe(0);
  });

  it('finds the member by email: name, email, phone, dob, their orders and tickets', async () => {
    await search(MIA.email);
    const member = lookup().getByTestId('member-result');
    await member.waitFor();
    const text = await member.innerText();
    expect(text).toContain(MIA.name);
    expect(text).toContain(MIA.email);
    expect(text).toContain('+60 123456789');
    expect(text).toContain('17-05-1990');
    expect(await member.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => lookup().getByTestId('member-order').count()).toBe(1);
    expect(await lookup().getByTestId('member-ticket').count()).toBe(1);
    expect(await lookup().getByTestId('member-ticket').innerText()).toContain('Monthly Membership');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/membership.png`, style: HIDE_TOASTS });
  });

  it('a ticket of the member opens the ticket detail; Escape goes back to the lookup', async () => {
    await lookup().getByTestId('member-ticket').click();
    const ticket = page.getByTestId('ticket-dialog');
    await ticket.getByTestId('ticket-status').waitFor();
    expect(await ticket.getByTestId('ticket-status').innerText()).toBe('Active');
    // A membership: its uses alone, and today's entries against one a venue day.
    expect(await ticket.getByTestId('ticket-uses').innerText()).toBe('0');
    expect(await ticket.getByTestId('ticket-entries-today').innerText()).toBe('0 / 1');
    const text = await ticket.innerText();
    expect(text).toContain(MIA.name);
    expect(text).toContain(MIA.email);
    expect(text).toContain('17-05-1990');
    expect(text).toContain('+60 123456789');
    await page.keyboard.press('Escape');
    await ticket.waitFor({ state: 'detached' });
    expect(await lookup().isVisible()).toBe(true);
  });

  it('a membership used yesterday is Active and redeemable today; Redeem makes it Fully Used until midnight', async () => {
    // Yesterday's entry, written into the server's database as a gate would have booked it.
    const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''));
    try {
      const ticketId = (await lookup().getByTestId('member-ticket').getAttribute('data-ticket-id')) ?? '';
      const staff = db.prepare('select id from staff order by id limit 1').get() as { id: string };
      const yesterday = new Date(Date.now() - 24 * 3_600_000).toISOString();
      db.prepare(
        'insert into ticket_uses (id, ticket_id, use_number, terminal_id, staff_id, at) values (?, ?, 1, ?, ?, ?)',
      ).run(`e2e-${ticketId}`, ticketId, 'GATE02', staff.id, yesterday);
    } finally {
      db.close();
    }
    await lookup().getByTestId('member-ticket').click();
    const ticket = page.getByTestId('ticket-dialog');
    await ticket.getByTestId('ticket-status').waitFor();
    expect(await ticket.getByTestId('ticket-status').innerText()).toBe('Active');
    expect(await ticket.getByTestId('ticket-uses').innerText()).toBe('1');
    expect(await ticket.getByTestId('ticket-entries-today').innerText()).toBe('0 / 1');
    expect(await ticket.getByTestId('ticket-use-list').innerText()).toContain('GATE02');
    const redeem = ticket.getByRole('button', { name: 'Redeem' });
    expect(await redeem.isEnabled()).toBe(true);
    await redeem.click();
    await expectToast(page, MESSAGES.ticketRedeemed);
    await expect.poll(() => ticket.getByTestId('ticket-status').innerText()).toBe('Fully Used');
    expect(await ticket.getByTestId('ticket-entries-today').innerText()).toBe('1 / 1');
    expect(await ticket.getByTestId('ticket-use-list').locator('li').count()).toBe(2);
    expect(await redeem.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await ticket.waitFor({ state: 'detached' });
    await lookup().waitFor();
  });

  it("'Renewal Checkout' is prefilled from the member; Payment amount = price × quantity", async () => {
    await lookup().getByRole('button', { name: 'Renew Membership' }).click();
    const form = renewal();
    await form.waitFor();
    await vi.waitFor(async () => expect(await form.getByLabel('Name').inputValue()).toBe(MIA.name));
    expect(await focusedLabel(page)).toBe('Name');
    expect(await form.getByLabel('Email').inputValue()).toBe(MIA.email);
    expect(await form.getByLabel('Country code').inputValue()).toBe('60');
    expect(await form.getByLabel('Phone number').inputValue()).toBe(MIA.phone);
    // Dates as the product writes them, DD-MM-YYYY (not the browser's mm/dd/yyyy).
    expect(await form.getByLabel('Birth date').inputValue()).toBe('17-05-1990');
    expect(await form.getByLabel('Birth date').getAttribute('type')).not.toBe('date');
    expect(await form.getByLabel('Payment amount').inputValue()).toBe('RM 120.00');
    // Quantity 1 to 12 (the renewal is sold by the Month).
    const months = await form.getByLabel('Quantity').locator('option').allInnerTexts();
    expect(months.filter((label) => label !== 'Select')).toHaveLength(12);
    await form.getByLabel('Quantity').selectOption('3');
    expect(await form.getByLabel('Payment amount').inputValue()).toBe('RM 360.00');
    await form.getByLabel('Payment type').selectOption('CASH');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/renewal.png`, style: HIDE_TOASTS });
  });

  it('keeps the Renew button in view on an 800 px high screen (720 px under the browser bars)', async () => {
    const before = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 720 });
    try {
      const button = renewal().getByRole('button', { name: 'Renew', exact: true });
      await vi.waitFor(async () => {
        const box = await button.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(720);
        expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      });
      // Nothing lies over it: the button itself is what a tap at its centre reaches.
      const reachable = await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(reachable).toBe(true);
    } finally {
      if (before) await page.setViewportSize(before);
    }
  });

  it('shows every renewal form message under its field', async () => {
    const form = renewal();
    await form.getByLabel('Name').fill('');
    await form.getByLabel('Email').fill('');
    await form.getByLabel('Country code').selectOption('');
    await form.getByLabel('Phone number').fill('');
    await form.getByLabel('Birth date').fill('');
    await form.getByLabel('Payment type').selectOption('');
    await form.getByLabel('Quantity').selectOption('');
    await form.getByRole('button', { name: 'Renew' }).click();
    const messageOf = async (label: string): Promise<string> => {
      const field = form.getByLabel(label, { exact: true });
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
      return errorId ? page.locator(`[id="${errorId}"]`).innerText() : '';
    };
    await vi.waitFor(async () => expect(await messageOf('Name')).toBe(MESSAGES.nameRequired));
    expect(await messageOf('Email')).toBe(MESSAGES.emailRequired);
    expect(await messageOf('Country code')).toBe(MESSAGES.countryCodeRequired);
    expect(await messageOf('Phone number')).toBe(MESSAGES.phoneRequired);
    expect(await messageOf('Birth date')).toBe(MESSAGES.dateRequired);
    expect(await messageOf('Payment type')).toBe(MESSAGES.paymentTypeRequired);
    expect(await messageOf('Quantity')).toBe(MESSAGES.quantityRequired);

    await form.getByLabel('Name').fill(MIA.name);
    await form.getByLabel('Email').fill('mia@');
    await form.getByLabel('Country code').selectOption('60');
    await form.getByLabel('Phone number').fill('12ab');
    await form.getByLabel('Birth date').fill('01-01-2999');
    await form.getByLabel('Payment type').selectOption('E-WALLET');
    await form.getByLabel('Quantity').selectOption('2');
    await form.getByRole('button', { name: 'Renew' }).click();
    await vi.waitFor(async () => expect(await messageOf('Email')).toBe(MESSAGES.emailNotValid));
    expect(await messageOf('Phone number')).toBe(MESSAGES.onlyNumbers);
    expect(await messageOf('Birth date')).toBe(MESSAGES.birthDateInFuture);
    expect(await messageOf('Name')).toBe('');
    expect(await messageOf('Country code')).toBe('');
    expect(await messageOf('Payment type')).toBe('');
    expect(await messageOf('Quantity')).toBe('');
  });

  it("renews: 'Membership renewed successfully' and the renewal joins the member's orders", async () => {
    const form = renewal();
    await form.getByLabel('Email').fill(MIA.email);
    await form.getByLabel('Phone number').fill(MIA.phone);
    await form.getByLabel('Birth date').fill(MIA.dob);
    expect(await form.getByLabel('Payment amount').inputValue()).toBe('RM 240.00');
    await form.getByLabel('Phone number').press('Enter');
    await expectToast(page, MESSAGES.membershipRenewed);
    await form.waitFor({ state: 'detached' });
    // It ends on its receipt: printed, and said to be e-mailed to the member.
    const receipt = dialog(page, 'Membership renewed');
    await expect
      .poll(() => receipt.getByTestId('renewal-receipt-note').innerText())
      .toContain(`and is e-mailed to ${MIA.email}`);
    expect(await receipt.getByTestId('receipt-text').innerText()).toContain('RM 240.00');
    await receipt.getByRole('button', { name: 'Done' }).click();
    await receipt.waitFor({ state: 'detached' });
    await expect.poll(() => lookup().getByTestId('member-order').count()).toBe(2);
  });

  it('renews with CASH + CREDIT CARD like the payment screen: short first, then the change to give in cash', async () => {
    await lookup().getByRole('button', { name: 'Renew Membership' }).click();
    const form = renewal();
    await form.getByLabel('Phone number').fill(MIA.phone);
    await form.getByLabel('Birth date').fill(MIA.dob);
    await form.getByLabel('Payment type').selectOption('CASH');
    expect(await form.getByLabel('Payment amount').inputValue()).toBe('RM 120.00');
    const tender = (type: string) => form.locator(`[data-testid="renewal-tender"][data-type="${type}"]`);
    await tender('CASH').fill('10');
    await expect
      .poll(() => form.getByTestId('renewal-short').innerText())
      .toBe('Payment is short by RM 110.00');
    await tender('CREDIT CARD').fill('100');
    await tender('CASH').fill('50');
    await expect
      .poll(() => form.getByTestId('renewal-change').innerText())
      .toBe('Paid RM 150.00 · Change: RM 30.00 (give back in cash)');
    await form.getByRole('button', { name: 'Renew', exact: true }).click();
    await expectToast(page, MESSAGES.membershipRenewed);
    const receipt = dialog(page, 'Membership renewed');
    await expect.poll(() => receipt.getByText('Change:').innerText()).toBe('Change: RM 30.00');
    const printed = await receipt.getByTestId('receipt-text').innerText();
    expect(printed).toMatch(/Paid with CASH\s+50\.00/);
    expect(printed).toMatch(/Paid with CREDIT CARD\s+100\.00/);
    await receipt.getByRole('button', { name: 'Done' }).click();
    await receipt.waitFor({ state: 'detached' });
    await expect.poll(() => lookup().getByTestId('member-order').count()).toBe(3);
  });

  it('Clear forgets the result; Escape closes the dialog', async () => {
    await lookup().getByRole('button', { name: 'Clear' }).click();
    await lookup().getByTestId('member-result').waitFor({ state: 'detached' });
    expect(await lookup().getByLabel(MESSAGES.emailAddress).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await lookup().waitFor({ state: 'detached' });
  });
});

describe('membership holds', () => {
  /** Opens the member's membership from Menu > Membership. */
  async function openMembershipTicket() {
    await openMenuEntry(page, 'Membership');
    await search(MIA.email);
    await lookup().getByTestId('member-ticket').click();
    const ticket = page.getByTestId('ticket-dialog');
    await ticket.getByTestId('membership-hold').waitFor();
    return ticket;
  }
  /** Gives the cashier the right to hold memberships, as `pos staff grant` does. */
  function grantHoldRight(granted: boolean) {
    const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''));
    try {
      db.prepare('update staff set hold_memberships = ? where email = ?').run(
        granted ? 1 : 0,
        'cashier@demo.pos',
      );
    } finally {
      db.close();
    }
  }

  it("staff without the right hear the server's refusal; the membership stays as it was", async () => {
    const ticket = await openMembershipTicket();
    expect(await ticket.getByTestId('membership-hold').innerText()).toContain('Not on hold');
    await ticket.getByRole('button', { name: 'Hold…' }).click();
    const form = dialog(page, 'Hold Membership');
    await form.getByLabel('Days').fill('14');
    await form.getByRole('button', { name: 'Hold', exact: true }).click();
    await expectToast(
      page,
      'Only a manager, or staff with the right to hold memberships, can hold or end a hold',
    );
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await ticket.getByTestId('membership-hold').innerText()).toContain('Not on hold');
  });

  it('with the right: the form says its limits under the field, a hold moves the expiry, End Hold moves it back', async () => {
    grantHoldRight(true);
    try {
      const ticket = page.getByTestId('ticket-dialog');
      const expiryBefore = await ticket
        .getByText(/^Expiry$/)
        .locator('..')
        .innerText();
      await ticket.getByRole('button', { name: 'Hold…' }).click();
      const form = dialog(page, 'Hold Membership');
      await form.getByLabel('Days').fill('3');
      await form.getByRole('button', { name: 'Hold', exact: true }).click();
      await form.getByText('A hold lasts from 7 to 90 days').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await form.getByLabel('Days').fill('14');
      await form.getByRole('button', { name: 'Hold', exact: true }).click();
      await expectToast(page, 'Membership put on hold');
      await form.waitFor({ state: 'detached' });
      await expect
        .poll(() => ticket.getByTestId('membership-hold').innerText())
        .toMatch(/On hold \d{2}-\d{2}-\d{4} to \d{2}-\d{2}-\d{4}/);
      // The expiry moved by the 14 days, and no entry today.
      expect(
        await ticket
          .getByText(/^Expiry$/)
          .locator('..')
          .innerText(),
      ).not.toBe(expiryBefore);
      expect(await ticket.getByRole('button', { name: 'Redeem' }).isDisabled()).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/membership-hold.png`, style: HIDE_TOASTS });

      await ticket.getByRole('button', { name: 'End Hold' }).click();
      await expectToast(page, 'Membership hold ended');
      await expect.poll(() => ticket.getByTestId('membership-hold').innerText()).toContain('Not on hold');
      expect(
        await ticket
          .getByText(/^Expiry$/)
          .locator('..')
          .innerText(),
      ).toBe(expiryBefore);
      await page.keyboard.press('Escape');
      await ticket.waitFor({ state: 'detached' });
      await page.keyboard.press('Escape');
      await lookup().waitFor({ state: 'detached' });
    } finally {
      grantHoldRight(false);
    }
  });
});
