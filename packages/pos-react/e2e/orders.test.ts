import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPos } from 'pos-sdk';
import { ORDERS_PAGE_DEFAULT } from 'pos-sdk/contract';
import {
  MESSAGES,
  ORDER_LIST_MESSAGES,
  ordersMatching,
  ordersShown,
  paidWith,
  reprintingInvoice,
} from 'pos-sdk/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkOutCash, discountLine, openMenuEntry, sell } from './fixtures/sell';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, openApp } from './support/browser';
import {
  addTile,
  CASHIER,
  dialog,
  expectToast,
  focusedLabel,
  MANAGER,
  printedText,
  signInToSales,
} from './support/pos';
import { HIDE_TOASTS, SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

const ADA = 'ada@example.com';
/** A long address, as customers have: it must wrap only at its '@' or a '.', never mid-word. */
const BOB = 'bartholomew.longfellow-hargreaves@climbing-club.example.com';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The invoices sold in `beforeAll`: 2 x Day Pass Adult with 10% off to Ada, 1 x Grip Socks M to Bob, 1 x Water Bottle to Bob. */
let adaInvoice: string;
let bobInvoice: string;
let bottleInvoice: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ context, page } = await openApp(browser, server.url));
  await signInToSales(page);
  await addTile(page, 'DAY-ADULT', 2);
  await discountLine(page, 'Day Pass - Adult', 10);
  adaInvoice = await checkOutCash(page, ADA);
  bobInvoice = await sell(page, 'GRIP-M', 1, BOB);
  bottleInvoice = await sell(page, 'BOTTLE-750', 1, BOB);
  await openMenuEntry(page, 'Order History');
  await page.waitForURL('**/orders');
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

/** The rows of the orders table. */
const rows = () => page.getByTestId('order-row');
/** A row by invoice number. */
const row = (invoice: string) => page.locator(`[data-testid="order-row"][data-invoice="${invoice}"]`);
/** The open invoice modal. */
const invoice = () => page.getByTestId('invoice-dialog');

/** Opens an invoice from the table and waits for the modal. */
async function openInvoice(invoiceNo: string): Promise<void> {
  await row(invoiceNo).click();
  await invoice().waitFor();
  await expect.poll(() => invoice().getByTestId('invoice-no').innerText()).toBe(invoiceNo);
}

/** Closes the invoice modal with Escape. */
async function closeInvoice(): Promise<void> {
  await page.keyboard.press('Escape');
  await invoice().waitFor({ state: 'detached' });
}

describe('orders screen', () => {
  it("lists today's orders with DATE (DD-MM-YYYY HH:mm:ss), INVOICE NO, CUSTOMER EMAIL, AMOUNT (MYR), STATUS", async () => {
    await expect.poll(() => rows().count()).toBe(3);
    const headers = await page.getByRole('table', { name: 'Orders' }).locator('thead th').allInnerTexts();
    expect(headers.map((text) => text.trim().toUpperCase())).toEqual([
      'DATE',
      'INVOICE NO',
      'CUSTOMER EMAIL',
      'AMOUNT (MYR)',
      'STATUS',
    ]);
    const cells = (await row(adaInvoice).locator('td').allInnerTexts()).map((text) => text.trim());
    expect(cells[0]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(cells.slice(1)).toEqual([adaInvoice, ADA, '88.20', 'PAID']);
    // Newest first.
    expect(await rows().first().getAttribute('data-invoice')).toBe(bottleInvoice);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/orders.png`, style: HIDE_TOASTS });
  });

  it('searches on invoice number and customer email; Reset shows all of today again', async () => {
    const field = page.getByLabel('Invoice number or customer email');
    await field.fill(BOB);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await field.fill(adaInvoice);
    await field.press('Enter');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().getAttribute('data-invoice')).toBe(adaInvoice);
    await field.fill('nobody-bought-this');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No orders match "nobody-bought-this"').waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await field.inputValue()).toBe('');
  });

  it('opens the invoice modal: invoice no, date, status, customer email, items, SUBTOTAL, DISCOUNT, TOTAL, Paid with, CHANGE', async () => {
    await openInvoice(adaInvoice);
    const modal = invoice();
    expect(await modal.getByTestId('invoice-status').innerText()).toBe('PAID');
    await modal.getByText(ADA, { exact: true }).waitFor();
    const item = modal.getByTestId('invoice-item');
    expect(await item.count()).toBe(1);
    const itemCells = (await item.locator('td').allInnerTexts()).map((text) => text.trim());
    // The name with its discount note.
    expect(itemCells[0]).toContain('Day Pass - Adult');
    expect(itemCells[0]).toContain('10% discount (Max Manager)');
    expect(itemCells.slice(1)).toEqual(['49.00', '2', '98.00\n-9.80']);
    const lines = await modal
      .getByTestId('invoice-summary')
      .locator('div')
      .evaluateAll((rows_) =>
        rows_.map((div) => `${div.querySelector('dt')?.textContent} ${div.querySelector('dd')?.textContent}`),
      );
    expect(lines.join('|')).toBe(
      ['SUBTOTAL 98.00', 'DISCOUNT -9.80', 'TOTAL RM 88.20', `${paidWith('CASH')} 88.20`, 'CHANGE 0.00'].join(
        '|',
      ),
    );
    // Focus lands in the modal's first field.
    expect(await focusedLabel(page)).toBe('Add a note');
    // An item row expands to list its ticket IDs as tags.
    await modal.getByRole('button', { name: 'Show tickets of Day Pass - Adult' }).click();
    await expect.poll(() => modal.getByTestId('ticket-tag').count()).toBe(2);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/invoice.png`, style: HIDE_TOASTS });
  });

  it("says 'More below' while the invoice has rows under the fold; the search hint names the store's invoice numbers", async () => {
    expect(await page.getByLabel('Invoice number or customer email').getAttribute('placeholder')).toBe(
      'e.g. STORE-000123 or someone@example.com',
    );
    const before = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 600 });
    try {
      await openInvoice(adaInvoice);
      const modal = invoice();
      await modal.getByTestId('invoice-status').waitFor();
      const fields = modal.locator('[data-dialog-fields]');
      expect(await fields.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
      await modal.getByTestId('more-below').waitFor();
      await fields.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
      await modal.getByTestId('more-below').waitFor({ state: 'detached' });
      // Cancel Order is a button of its own, not plain text beside Close.
      const cancel = modal.getByRole('button', { name: 'Cancel Order' });
      expect(await cancel.evaluate((button) => getComputedStyle(button).boxShadow)).not.toBe('none');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    } finally {
      if (before) await page.setViewportSize(before);
    }
  });

  it("shows a long customer email whole, wrapping only after the '@' or before a '.'", async () => {
    const widths = [page.viewportSize()?.width ?? 1280, 360];
    const before = page.viewportSize();
    try {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await openInvoice(bobInvoice);
        const email = invoice().getByTestId('invoice-email');
        expect(await email.textContent()).toBe(BOB);
        // Where does each line of the address start? A break inside a word would start a line with
        // a letter that follows a letter.
        const breaks = await email.evaluate((element) => {
          const found: string[] = [];
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          let last: { top: number; char: string } | null = null;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (let index = 0; index < text.length; index++) {
              const range = document.createRange();
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              const char = text[index] ?? '';
              if (last && top > last.top + 2) found.push(`${last.char}|${char}`);
              last = { top, char };
            }
          }
          return found;
        });
        for (const at of breaks) expect(at.startsWith('@|') || at.endsWith('|.'), at).toBe(true);
        if (width >= 1280) expect(breaks).toEqual([]);
        await closeInvoice();
      }
    } finally {
      if (before) await page.setViewportSize(before);
    }
  });

  it("the '2 tickets' text opens and closes the ticket list too", async () => {
    await openInvoice(adaInvoice);
    const count = invoice().getByTestId('invoice-item-ticket-count');
    expect((await count.innerText()).trim()).toBe('2 tickets');
    await count.click();
    await expect.poll(() => invoice().getByTestId('ticket-tag').count()).toBe(2);
    await count.click();
    await expect.poll(() => invoice().getByTestId('ticket-tag').count()).toBe(0);
    await closeInvoice();
  });

  it('a ticket tag opens the ticket', async () => {
    await openInvoice(adaInvoice);
    await invoice().getByRole('button', { name: 'Show tickets of Day Pass - Adult' }).click();
    const tag = invoice().getByTestId('ticket-tag').first();
    const ticketId = (await tag.innerText()).trim();
    await tag.click();
    const ticket = page.getByTestId('ticket-dialog');
    await ticket.waitFor();
    await ticket.getByText('Day Pass', { exact: true }).first().waitFor();
    expect(await ticket.innerText()).toContain(ticketId);
    // Escape closes the ticket only; the invoice stays.
    await page.keyboard.press('Escape');
    await ticket.waitFor({ state: 'detached' });
    expect(await invoice().isVisible()).toBe(true);
    await closeInvoice();
  });

  it("adds a note, listed with who and when: 'Order updated successfully'", async () => {
    await openInvoice(bobInvoice);
    await invoice().getByLabel('Add a note').fill('Customer asked for a bag');
    await invoice().getByRole('button', { name: 'Add Note' }).click();
    await expectToast(page, MESSAGES.orderUpdated);
    const note = invoice().getByTestId('order-note');
    await note.first().waitFor();
    const text = await note.first().innerText();
    expect(text).toContain('Customer asked for a bag');
    expect(text).toContain(CASHIER.name);
    expect(text).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    await closeInvoice();
  });

  it("REPRINT: 'Reprinting invoice {id}'", async () => {
    await openInvoice(bobInvoice);
    await invoice().getByRole('button', { name: 'REPRINT' }).click();
    await expectToast(page, reprintingInvoice(bobInvoice));
    // The print view does not keep the keyboard: focus is back on REPRINT.
    await vi.waitFor(async () => expect(await focusedLabel(page)).toBe('REPRINT'));
    await closeInvoice();
  });

  it("REFUND asks for a 'Refund Reason', refunds, and is then disabled with the reason why", async () => {
    await openInvoice(bobInvoice);
    await invoice().getByRole('button', { name: 'REFUND' }).click();
    const reason = dialog(page, MESSAGES.refundReason);
    await reason.waitFor();
    expect(await focusedLabel(page)).toBe(MESSAGES.refundReason);
    // An empty reason is refused by the SDK's rule.
    await reason.getByRole('button', { name: 'Refund' }).click();
    await reason.getByText(MESSAGES.refundReasonRequired).waitFor();
    await reason.getByLabel(MESSAGES.refundReason).fill('Wrong size');
    await reason.getByRole('button', { name: 'Refund' }).click();
    // What to hand back replaces 'Order updated successfully'.
    await expectToast(page, 'Give back RM 15.00 by CASH');
    await reason.waitFor({ state: 'detached' });
    await expect.poll(() => invoice().getByTestId('invoice-status').innerText()).toBe('REFUNDED');
    expect(await invoice().getByRole('button', { name: 'REFUND' }).isDisabled()).toBe(true);
    expect(await invoice().getByTestId('refund-refusal').innerText()).toContain(MESSAGES.refundNotPaid);
    await closeInvoice();
    // The changed order replaced itself in the list.
    await expect.poll(() => row(bobInvoice).locator('td').last().innerText()).toBe('REFUNDED');
  });

  it('REFUND by line: one of two discounted Day Passes, with the amount and the method to give back', async () => {
    await openInvoice(adaInvoice);
    await invoice().getByRole('button', { name: 'REFUND' }).click();
    const refund = dialog(page, MESSAGES.refundReason);
    await refund.waitFor();
    const giveBack = refund.getByTestId('refund-give-back');
    // Every unit left by default: the whole order, RM 88.20 (2 x RM 49.00 less 10%), paid in cash.
    expect(await giveBack.innerText()).toBe('Refund RM 88.20: Give back RM 88.20 by CASH');
    await refund.getByLabel('Refund qty: Day Pass - Adult').fill('1');
    await expect.poll(() => giveBack.innerText()).toBe('Refund RM 44.10: Give back RM 44.10 by CASH');
    // A card took nothing of this order: it cannot give anything back.
    await refund.getByTestId('refund-method').selectOption('CREDIT CARD');
    await expect.poll(() => giveBack.innerText()).toBe('At most RM 0.00 can be given back by CARD');
    await refund.getByTestId('refund-method').selectOption('CASH');
    await expect.poll(() => giveBack.innerText()).toBe('Refund RM 44.10: Give back RM 44.10 by CASH');
    await refund.getByLabel(MESSAGES.refundReason).fill('One climber left early');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expectToast(page, 'Give back RM 44.10 by CASH');
    await refund.waitFor({ state: 'detached' });
    // The refund slip went to the print view: the line, the amount and the method.
    await expect.poll(() => printedText(page)).toContain('REFUND');
    const slip = await printedText(page);
    expect(slip).toMatch(/1 of 2 +44\.10/);
    expect(slip).toMatch(/Given back by CASH +44\.10/);
    expect(slip).toContain('One climber left early');
    // Refunded in part: still PAID, what went back shown in the invoice, on the line and in the list.
    expect(await invoice().getByTestId('invoice-status').innerText()).toBe('PAID');
    await expect
      .poll(() => invoice().getByTestId('invoice-partly-refunded').innerText())
      .toContain('PARTLY REFUNDED: RM 44.10 of RM 88.20');
    expect(await invoice().getByTestId('invoice-item-refunded').innerText()).toBe('1 refunded');
    expect(await invoice().getByRole('button', { name: 'REFUND' }).isDisabled()).toBe(false);
    await closeInvoice();
    await expect
      .poll(() => row(adaInvoice).getByTestId('order-row-refunded').innerText())
      .toBe('44.10 refunded');
  });

  it('cancels an order after a confirmation', async () => {
    await openInvoice(bottleInvoice);
    await invoice().getByRole('button', { name: 'Cancel Order' }).click();
    const confirm = page.getByTestId('cancel-order-dialog');
    await confirm.waitFor();
    // No keeps the order.
    await confirm.getByRole('button', { name: 'Keep Order' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await invoice().getByTestId('invoice-status').innerText()).toBe('PAID');
    await invoice().getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByTestId('cancel-order-dialog').getByRole('button', { name: 'Cancel Order' }).click();
    await expectToast(page, MESSAGES.orderUpdated);
    await expect.poll(() => invoice().getByTestId('invoice-status').innerText()).toBe('CANCELED');
    expect(await invoice().getByRole('button', { name: 'REFUND' }).isDisabled()).toBe(true);
    expect(await invoice().getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    await closeInvoice();
    await expect.poll(() => row(bottleInvoice).locator('td').last().innerText()).toBe('CANCELED');
  });

  it('works by keyboard: Tab to an invoice number, Enter opens it, Escape closes it', async () => {
    await page.getByRole('button', { name: `Open invoice ${adaInvoice}` }).focus();
    await page.keyboard.press('Enter');
    await invoice().waitFor();
    await page.keyboard.press('Escape');
    await invoice().waitFor({ state: 'detached' });
    await vi.waitFor(async () => {
      expect(await focusedLabel(page)).toBe(`Open invoice ${adaInvoice}`);
    });
  });

  it("shows 'Failed to retrieve orders' when the orders cannot be fetched, never '0 orders' or 'No orders today yet'", async () => {
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    await server.stop();
    try {
      await page.getByRole('button', { name: 'Search' }).click();
      await expectToast(page, MESSAGES.failedToRetrieveOrders);
      const table = page.getByTestId('orders-table');
      await table.getByText(MESSAGES.failedToRetrieveOrders).waitFor();
      await table
        .getByText('The orders could not be fetched from the server. Search again to retry.')
        .waitFor();
      expect(await page.getByTestId('orders-count').innerText()).toBe('Orders not loaded');
      expect(await rows().count()).toBe(0);
      expect(await table.getByText('No orders today yet').count()).toBe(0);
    } finally {
      await server.start();
    }
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    expect(await page.getByTestId('orders-count').innerText()).toMatch(/^\d+ orders? today$/);
  });

  it('refuses a search over 200 characters with a warning and keeps the list', async () => {
    const before = await rows().count();
    const field = page.getByLabel('Invoice number or customer email');
    await field.fill('x'.repeat(201));
    await page.getByRole('button', { name: 'Search' }).click();
    await expectToast(page, 'Search with at most 200 characters');
    expect(await rows().count()).toBe(before);
    await field.fill('');
  });
});

/**
 * Sells `count` Water Bottles at the second terminal (E2E-CHECK) through the SDK, from the test process: far quicker
 * than through the browser, and the orders are the store's, so the orders screen lists them.
 */
async function sellThroughSdk(count: number): Promise<void> {
  const pos = createPos({ api: { baseUrl: server.url, hostId: 'E2E-CHECK' } });
  try {
    await pos.session.signIn(MANAGER.email, MANAGER.password);
    await pos.shift.start();
    if (pos.shift.needsFloat.value) await pos.shift.setFloat('100.00');
    await pos.catalog.load();
    for (let sale = 0; sale < count; sale++) {
      await pos.cart.add('BOTTLE-750');
      pos.checkout.setTender('CASH', '25');
      await pos.checkout.submit({ email: `bulk${sale}@example.com` });
    }
  } finally {
    pos.dispose();
  }
}

describe('orders screen, a page at a time', () => {
  /** The 3 orders sold in the browser and 50 more: more than one page of 50 holds. */
  const TOTAL = 53;

  beforeAll(async () => {
    await sellThroughSdk(TOTAL - 3);
    await page.getByRole('button', { name: 'Reset' }).click();
    await vi.waitFor(async () => expect(await rows().count()).toBe(ORDERS_PAGE_DEFAULT), { timeout: 10_000 });
  }, 120_000);

  it('shows how many orders match and the first page; Load more adds the next page until none is left', async () => {
    expect(await page.getByTestId('orders-count').innerText()).toBe(`${ordersMatching(TOTAL)} today`);
    const more = page.getByTestId('orders-more');
    expect(await more.innerText()).toContain(ordersShown(ORDERS_PAGE_DEFAULT, TOTAL));
    // The oldest orders (those sold in the browser) are on the second page.
    expect(await row(adaInvoice).count()).toBe(0);
    const loadMore = more.getByRole('button', { name: ORDER_LIST_MESSAGES.loadMore });
    await loadMore.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/orders-load-more.png`, style: HIDE_TOASTS });
    await loadMore.click();
    await expect.poll(() => rows().count()).toBe(TOTAL);
    await more.waitFor({ state: 'detached' });
    const invoices = await rows().evaluateAll((all) => all.map((tr) => tr.getAttribute('data-invoice')));
    expect(new Set(invoices).size).toBe(TOTAL);
    expect(invoices.at(-1)).toBe(adaInvoice);
  });

  it('opens an order of the second page: a loader until its detail arrives, then the full invoice', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/v1/admin/get_order', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await row(adaInvoice).click();
      await invoice().getByTestId('invoice-loading').waitFor();
      expect(await invoice().getByTestId('invoice-loading').innerText()).toContain(
        ORDER_LIST_MESSAGES.loadingInvoice,
      );
      release();
      await expect.poll(() => invoice().getByTestId('invoice-no').innerText()).toBe(adaInvoice);
    } finally {
      await page.unroute('**/v1/admin/get_order');
    }
    expect(await invoice().getByTestId('invoice-loading').count()).toBe(0);
    await invoice().getByText(ADA, { exact: true }).waitFor();
    expect(await invoice().getByTestId('invoice-item').count()).toBe(1);
    expect(await invoice().getByTestId('invoice-status').innerText()).toBe('PAID');
    // The detail arrived after the modal opened: the focus moved to its first field.
    await vi.waitFor(async () => expect(await focusedLabel(page)).toBe('Add a note'));
    await closeInvoice();
  });

  it("an order whose detail cannot be fetched: the SDK's toast ('Server not responding'), and the modal closes", async () => {
    await page.route('**/v1/admin/get_order', (route) => route.abort('connectionrefused'));
    try {
      await row(adaInvoice).click();
      await expectToast(page, MESSAGES.serverNotResponding);
      await invoice().waitFor({ state: 'detached' });
    } finally {
      await page.unroute('**/v1/admin/get_order');
    }
  });

  it('a search pages too, and Reset goes back to the first page of all of today', async () => {
    const field = page.getByLabel('Invoice number or customer email');
    await field.fill('bulk1');
    await page.getByRole('button', { name: 'Search' }).click();
    // bulk1 and bulk10 ... bulk19.
    await expect.poll(() => rows().count()).toBe(11);
    expect(await page.getByTestId('orders-count').innerText()).toBe(`${ordersMatching(11)} today`);
    expect(await page.getByTestId('orders-more').count()).toBe(0);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => rows().count()).toBe(ORDERS_PAGE_DEFAULT);
    expect(await page.getByTestId('orders-more').isVisible()).toBe(true);
  });
});
