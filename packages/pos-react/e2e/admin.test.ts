import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutCash, openMenuEntry, sellMembership } from './fixtures/sell';
import { expectAccessible } from './support/axe';
import { launchBrowser, openApp } from './support/browser';
import { addTile, CASHIER, dialog, MANAGER, signInToSales, submitSignIn } from './support/pos';
import { SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
let browser: Browser;
let page: Page;
let invoice: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ page } = await openApp(browser, server.url));
  // The manager sells 2 Day Passes (RM 98.00) at the till, then opens the back office.
  await signInToSales(page, MANAGER);
  await addTile(page, 'DAY-ADULT', 2);
  await dialog(page, 'Quantity').waitFor({ state: 'detached' });
  invoice = await checkOutCash(page, 'ada@example.com');
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** A headline figure's value as shown. */
const figure = (current: Page, label: string) =>
  current.locator(`[data-testid="figure"][data-figure="${label}"] [data-testid="figure-value"]`);

describe('the back office (/admin)', () => {
  it("shows a manager today's sales: figures, charts with their tables, the shifts", async () => {
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect.poll(() => figure(page, 'Net sales').innerText()).toBe('RM 98.00');
    expect(await figure(page, 'Orders').innerText()).toBe('1');
    expect(await figure(page, 'Average sale').innerText()).toBe('RM 98.00');
    expect(await figure(page, 'Refunds').innerText()).toBe('RM 0.00');
    // Every chart is drawn, and has its figures as a table.
    const charts = page.getByTestId('chart');
    expect(await charts.count()).toBe(7);
    expect(await page.locator('[data-testid="chart"] canvas[role="img"]').count()).toBe(7);
    const products = page.locator('[data-testid="chart"][data-chart="Top products"]');
    await products.getByText('Figures as a table').click();
    const rows = products.getByRole('table', { name: 'Top products' }).locator('tbody tr');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringMatching(/^Day Pass - Adult\s+RM 98\.00\s+2\s+Passes$/)]);
    const methods = page.locator('[data-testid="chart"][data-chart="By payment method"]');
    await methods.getByText('Figures as a table').click();
    await expect
      .poll(() => methods.locator('tbody tr').allInnerTexts())
      .toEqual([expect.stringMatching(/^Cash\s+RM 98\.00$/)]);
    // The manager's shift, still open.
    const shift = page.getByTestId('shift-row');
    expect(await shift.count()).toBe(1);
    expect(await shift.innerText()).toContain('Open');
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-dashboard.png`, fullPage: true });
  });

  it('keeps the period and store in the URL, and compares with the period before', async () => {
    await page.getByRole('radio', { name: 'This week' }).click();
    await page.waitForURL(/\/admin\?period=this-week$/);
    await expect.poll(() => figure(page, 'Net sales').innerText()).toBe('RM 98.00');
    await page.getByRole('radio', { name: 'Yesterday' }).click();
    await page.waitForURL(/period=yesterday/);
    await expect.poll(() => figure(page, 'Net sales').innerText()).toBe('RM 0.00');
    await page.getByLabel('Store').selectOption('STORE');
    await page.waitForURL(/store=STORE/);
    // A reload shows the same period and store.
    await page.reload();
    await expect.poll(() => page.getByTestId('period').innerText()).toMatch(/STORE/);
    expect(await page.getByRole('radio', { name: 'Yesterday' }).getAttribute('aria-checked')).toBe('true');
    // A custom period whose end is before its start is refused in words.
    await page.getByRole('radio', { name: 'Custom' }).click();
    const custom = page.getByRole('form', { name: 'Custom period' });
    await custom.getByLabel('From').fill('2026-11-20');
    await custom.getByLabel('To').fill('2026-11-10');
    await custom.getByRole('button', { name: 'Show' }).click();
    await custom.getByText('The period must not end before it starts: to is before from').waitFor();
    await page.goto('/admin');
  });

  it("downloads the period's orders as CSV", async () => {
    await expect.poll(() => figure(page, 'Net sales').innerText()).toBe('RM 98.00');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const path = await download.path();
    const csv = await readFile(path, 'utf8');
    expect(csv.split('\n')[0]).toContain('invoice');
    expect(csv).toContain(invoice);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('fits a tablet (768 px)', async () => {
    const tablet = await openApp(browser, server.url, { viewport: { width: 768, height: 1024 } });
    try {
      await signInToSales(tablet.page, MANAGER);
      await tablet.page.goto('/admin');
      await expect.poll(() => figure(tablet.page, 'Net sales').innerText()).toBe('RM 98.00');
      const overflow = await tablet.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await expectAccessible(tablet.page);
    } finally {
      await tablet.context.close();
    }
  });

  it('opened first on a device that never loaded the till: sign-in leads back to the screen asked for, and opens no shift', async () => {
    const office = await openApp(browser, server.url);
    try {
      const shiftCalls: string[] = [];
      office.page.on('request', (request) => {
        if (request.url().endsWith('/v1/admin/start_shift')) shiftCalls.push(request.url());
      });
      await office.page.goto('/admin/settings');
      await office.page.waitForURL('**/signin**');
      await submitSignIn(office.page, MANAGER.email, MANAGER.password);
      await office.page.waitForURL('**/admin/settings');
      const form = office.page.getByRole('form', { name: 'Venue settings' });
      // The venue's own settings, as the server has them, with no visit to the till first.
      await expect.poll(() => form.getByLabel('Time zone').inputValue()).toBe('Asia/Kuala_Lumpur');
      expect(await form.getByLabel('Venue name').inputValue()).not.toBe('');
      await office.page.getByRole('link', { name: 'Dashboard' }).click();
      await expect.poll(() => figure(office.page, 'Orders').innerText()).toBe('1');
      // A manager at the back office is not selling: no shift was started for this sign-in.
      expect(shiftCalls).toEqual([]);
    } finally {
      await office.context.close();
    }
  });

  it('tells a staff member it is for managers only, and keeps them signed in', async () => {
    const staff = await openApp(browser, server.url);
    try {
      await signInToSales(staff.page, CASHIER);
      await staff.page.goto('/admin');
      await staff.page.getByRole('heading', { level: 1, name: 'Managers only' }).waitFor();
      await expectAccessible(staff.page);
      // Every screen of the back office says the same, never a sign-out.
      for (const screen of [
        'orders',
        'shifts',
        'catalogue',
        'stock',
        'memberships',
        'staff',
        'terminals',
        'settings',
        'audit',
        'outbox',
      ]) {
        await staff.page.goto(`/admin/${screen}`);
        await staff.page.getByRole('heading', { level: 1, name: 'Managers only' }).waitFor();
      }
      await staff.page.getByRole('link', { name: 'Back to the till' }).click();
      await staff.page.waitForURL('**/main');
      // Still signed in: the till's Menu is there, no sign-in form.
      await openMenuEntry(staff.page, 'Order History');
      await staff.page.waitForURL('**/orders');
    } finally {
      await staff.context.close();
    }
  });

  it("Staff: adds a member (the server's field message under the field first), grants a right, disables them", async () => {
    await page.goto('/admin/staff');
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await page.getByRole('button', { name: 'Add staff' }).click();
    const add = dialog(page, 'Add staff');
    await add.getByLabel('First name').fill('Nadia');
    await add.getByLabel('Last name').fill('Rahman');
    await add.getByLabel('Email').fill('nadia@');
    await add.getByLabel('Password').fill('sunrise-2026');
    await add.getByLabel('PIN').fill('4321');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.getByText('Invalid email format').waitFor();
    await expectAccessible(page);
    await add.getByLabel('Email').fill('nadia@demo.pos');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.waitFor({ state: 'detached' });
    const row = page.locator('[data-testid="staff-row"][data-email="nadia@demo.pos"]');
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Nadia Rahman[\s\S]*Staff[\s\S]*None[\s\S]*Active/);
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit Nadia Rahman');
    await edit.getByLabel(/Approves discounts/).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toMatch(/Approves discounts/);
    await row.getByRole('button', { name: 'Disable' }).click();
    await dialog(page, 'Disable Nadia Rahman?', 'alertdialog')
      .getByRole('button', { name: 'Disable' })
      .click();
    await expect.poll(() => row.innerText()).toMatch(/Disabled/);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-staff.png` });
  });

  it('Terminals: registers one with a pairing code, and unregisters it', async () => {
    await page.goto('/admin/terminals');
    await page.getByRole('button', { name: 'Register a terminal' }).click();
    const register = dialog(page, 'Register a terminal');
    await register.getByLabel('Terminal').fill('DOOR-1');
    await register.getByRole('button', { name: 'Get a pairing code' }).click();
    const code = dialog(page, 'Pairing code for DOOR-1');
    expect(await code.getByTestId('pairing-code').innerText()).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expectAccessible(page);
    await code.getByRole('button', { name: 'Done' }).click();
    const row = page.locator('[data-testid="terminal-row"][data-terminal="DOOR-1"]');
    await row.waitFor();
    await row.getByRole('button', { name: 'Unregister' }).click();
    await dialog(page, 'Unregister DOOR-1?', 'alertdialog')
      .getByRole('button', { name: 'Unregister' })
      .click();
    await row.waitFor({ state: 'detached' });
  });

  it('Settings: a wrong value is said under its field; a change saved shows in another browser', async () => {
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Venue settings' });
    await form.getByLabel('Time zone').fill('Mars/Olympus');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('must be an IANA time zone such as Asia/Kuala_Lumpur').waitFor();
    await form.getByLabel('Time zone').fill('Asia/Kuala_Lumpur');
    await form.getByLabel('Venue name').fill('Summit Climbing');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Settings saved').waitFor();
    await expectAccessible(page);
    const other = await openApp(browser, server.url);
    try {
      await signInToSales(other.page, MANAGER);
      await other.page.goto('/admin/settings');
      await expect.poll(() => other.page.getByLabel('Venue name').inputValue()).toBe('Summit Climbing');
    } finally {
      await other.context.close();
    }
  });

  it('Catalogue: searches, edits a price, retires and restores, and imports a CSV after showing its changes', async () => {
    await page.goto('/admin/catalogue');
    await page.getByLabel('Search').fill('grip');
    await page.waitForURL(/q=grip/);
    await expect.poll(() => page.getByTestId('catalogue-row').count()).toBe(3);
    const row = page.locator('[data-testid="catalogue-row"][data-sku="GRIP-M"]');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit GRIP-M');
    await edit.getByLabel('Price').fill('-1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('must not be negative').waitFor();
    await edit.getByLabel('Price').fill('16.50');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('RM 16.50');
    await row.getByRole('button', { name: 'Retire' }).click();
    await expect.poll(() => row.innerText()).toContain('Retired');
    await row.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => row.innerText()).toContain('On sale');
    await expectAccessible(page);

    // Export, change one price in the file, import: the dry run shows the one change before it is applied.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    const changed = csv.replace(/^(MERCHANDISE,GRIP-L,.*?),15(\.00)?,/m, '$1,17.00,');
    expect(changed).not.toBe(csv);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const upload = dialog(page, 'Import a catalogue CSV');
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(changed),
    });
    await upload.getByRole('button', { name: 'Check the file' }).click();
    await upload.getByTestId('import-preview').waitFor();
    expect(
      await upload.getByRole('table', { name: 'Changes of the import' }).locator('tbody tr').allInnerTexts(),
    ).toEqual([expect.stringMatching(/GRIP-L\s+Update\s+price: 15 → 17/)]);
    await upload.getByRole('button', { name: 'Apply 1 change' }).click();
    await upload.waitFor({ state: 'detached' });
    await page.getByLabel('Search').fill('GRIP-L');
    await expect
      .poll(() => page.locator('[data-testid="catalogue-row"][data-sku="GRIP-L"]').innerText())
      .toContain('RM 17.00');
  });

  it('Tax codes: added with a rate in percent (a wrong one said in words), named by a variant in the catalogue', async () => {
    await page.goto('/admin/settings');
    const form = page.getByRole('form', { name: 'Add or change a tax code' });
    await page.getByText('No tax codes: everything sells untaxed').waitFor();
    await form.getByLabel('Code').fill('SST6');
    await form.getByLabel('Tax name').fill('F&B 6%');
    await form.getByLabel('Rate').fill('6,5');
    await form.getByRole('button', { name: 'Save tax code' }).click();
    await form.getByText('Enter the rate in percent with up to 2 decimals, e.g. 8 or 0.5').waitFor();
    await form.getByLabel('Rate').fill('6');
    await form.getByRole('button', { name: 'Save tax code' }).click();
    await page.getByText('Saved tax code SST6').waitFor();
    expect(await page.getByTestId('tax-code').allInnerTexts()).toEqual([
      expect.stringMatching(/SST6\s+F&B 6%\s+6 %\s+02 Service tax/),
    ]);
    await expectAccessible(page);

    await page.goto('/admin/catalogue');
    await page.getByLabel('Search').fill('BOTTLE');
    const row = page.locator('[data-testid="catalogue-row"][data-sku="BOTTLE-750"]');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = dialog(page, 'Edit BOTTLE-750');
    await edit.getByLabel('Tax code').selectOption('SST6');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toMatch(/SST6/);

    // A code in use is not removed: the server's words.
    await page.goto('/admin/settings');
    await page.getByTestId('tax-code').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Tax code SST6 is used by BOTTLE-750: give them another code first').waitFor();
  });

  it('Audit log: filters by action and staff, the filter kept in the URL', async () => {
    await page.goto('/admin/audit');
    const filter = page.getByRole('form', { name: 'Filter the audit log' });
    await filter.getByLabel('Action').fill('catalog');
    await filter.getByLabel('Staff email').fill(MANAGER.email);
    await filter.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/action=catalog/);
    await expect.poll(() => page.getByTestId('audit-row').count()).toBeGreaterThan(0);
    const actions = await page.locator('[data-testid="audit-row"] td:nth-child(2)').allInnerTexts();
    expect(actions.every((action) => action.startsWith('catalog.'))).toBe(true);
    await expectAccessible(page);
  });

  it('Orders: any period, searched; one opens with its lines and emails, and its receipt goes out again', async () => {
    await page.goto('/admin/orders');
    const row = page.locator(`[data-testid="admin-order-row"][data-invoice="${invoice}"]`);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/ada@example\.com[\s\S]*2[\s\S]*RM 98\.00[\s\S]*PAID/);
    const filter = page.getByRole('form', { name: 'Filter the orders' });
    await filter.getByLabel('Search').fill('nobody@example.com');
    await filter.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/q=nobody/);
    await page.getByText('No orders for this filter').waitFor();
    await filter.getByLabel('Search').fill(invoice);
    await filter.getByRole('button', { name: 'Show' }).click();
    await row.getByRole('button', { name: invoice }).click();
    const opened = page.getByTestId('admin-order');
    await opened.getByText('2 × Day Pass - Adult').waitFor();
    await expectAccessible(page);
    await opened.getByLabel('Send the receipt to').fill('ada.new@example.com');
    await opened.getByRole('button', { name: 'Resend receipt' }).click();
    await opened.getByText('Receipt queued for ada.new@example.com').waitFor();
    await expect
      .poll(() => opened.getByRole('list', { name: 'Emails' }).innerText())
      .toContain('receipt to ada.new@example.com');
    await opened.getByRole('button', { name: 'Close' }).click();
  });

  it("Memberships: found by the member's email, held with the till's form, the hold ended, its history kept", async () => {
    await page.goto('/main');
    await sellMembership(page, {
      name: 'Mia Member',
      email: 'mia@example.com',
      phone: '123456789',
      dob: '17-05-1990',
    });
    await page.goto('/admin/memberships?q=mia@example.com');
    const card = page.getByTestId('membership-card');
    await card.waitFor();
    const expiry = await card.getByTestId('membership-expiry').innerText();
    await card.getByRole('button', { name: 'Hold…' }).click();
    const form = dialog(page, 'Hold Membership');
    await form.getByLabel('Days').fill('14');
    await form.getByRole('button', { name: 'Hold', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => card.getByTestId('membership-hold').innerText()).toMatch(/On hold/);
    await expect.poll(() => card.getByTestId('membership-expiry').innerText()).not.toBe(expiry);
    await expect.poll(() => card.getByTestId('hold-row').count()).toBe(1);
    await expectAccessible(page);
    await card.getByRole('button', { name: 'End Hold' }).click();
    await expect.poll(() => card.getByTestId('membership-hold').innerText()).toMatch(/Not on hold/);
    await expect.poll(() => card.getByTestId('membership-expiry').innerText()).toBe(expiry);
    await expect.poll(() => card.getByTestId('hold-row').innerText()).toMatch(/0 of 14/);
  });

  it("Mail: the failed messages first, with the mail server's answer; Resend queues the receipt again", async () => {
    const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''));
    try {
      db.prepare(
        "update mail_outbox set status = 'failed', attempts = 8, last_error = '550 mailbox unavailable' where kind = 'receipt' and to_address = 'ada@example.com'",
      ).run();
    } finally {
      db.close();
    }
    await page.goto('/admin/outbox');
    const failed = page.locator('[data-testid="outbox-row"][data-status="failed"]');
    await failed.first().waitFor();
    expect(await failed.count()).toBe(1);
    expect(await failed.innerText()).toMatch(
      /Receipt[\s\S]*ada@example\.com[\s\S]*Failed[\s\S]*8[\s\S]*550 mailbox unavailable/,
    );
    await expectAccessible(page);
    await failed.getByRole('button', { name: 'Resend' }).click();
    await failed.getByText('Queued again for ada@example.com').waitFor();
    await page.getByRole('radio', { name: 'All' }).click();
    await page.waitForURL(/status=all/);
    await expect.poll(() => page.getByTestId('outbox-row').count()).toBeGreaterThan(1);
  });

  it("Stock: keeps a variant's stock, receives a delivery, counts it (variance shown before it is applied)", async () => {
    await page.goto('/admin/stock');
    await page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
    await page.getByRole('button', { name: 'Keep stock of a variant' }).click();
    const track = dialog(page, 'Keep stock of a variant');
    await track.getByLabel('Merchandise SKU').fill('GRIP-S');
    await track.getByLabel('On hand now').fill('10');
    await track.getByLabel('Low at (optional)').fill('3');
    await track.getByLabel('Cost of one (optional)').fill('6.50');
    await track.getByRole('button', { name: 'Keep stock' }).click();
    await track.waitFor({ state: 'detached' });
    const row = page.locator('[data-testid="stock-row"][data-sku="GRIP-S"]');
    await row.waitFor();
    await row.getByRole('button', { name: 'Receive' }).click();
    const receive = dialog(page, 'Receive Grip Socks - S');
    await receive.getByLabel('Units').fill('0');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await receive.getByText('must be at least 1').waitFor();
    await receive.getByLabel('Units').fill('5');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await receive.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('td').nth(2).innerText()).toBe('15');
    await expect.poll(() => page.getByTestId('stock-value').innerText()).toContain('RM 97.50');
    await expectAccessible(page);

    // A count: 12 on the shelf, 3 fewer than the level; checked first, then applied.
    await page.getByRole('button', { name: 'Count stock' }).click();
    await page.getByLabel('Counted GRIP-S').fill('12');
    await page.getByRole('button', { name: 'Check count' }).click();
    await expect.poll(() => row.getByTestId('count-variance').innerText()).toBe('-3');
    await expect.poll(() => row.locator('td').nth(2).innerText()).toBe('15');
    await page.getByRole('button', { name: 'Apply count' }).click();
    await page.getByText('Count applied to 1 item').waitFor();
    await expect.poll(() => row.locator('td').nth(2).innerText()).toBe('12');
    await row.getByRole('button', { name: 'History' }).click();
    const history = dialog(page, 'History of Grip Socks - S');
    await expect
      .poll(() => history.getByRole('table').locator('tbody tr td:nth-child(2)').allInnerTexts())
      .toEqual(['Count', 'Delivery', 'Correction']);
    await history.getByRole('button', { name: 'Close' }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/admin-stock.png` });
    // The dashboard shows the stock's value at cost now: 12 x RM 6.50.
    await page.goto('/admin');
    await expect.poll(() => figure(page, 'Stock at cost').innerText()).toBe('RM 78.00');
  });

  it('Stock: imports deliveries from a CSV, shown before they are received', async () => {
    await page.goto('/admin/stock');
    const row = page.locator('[data-testid="stock-row"][data-sku="GRIP-S"]');
    await expect.poll(() => row.locator('td').nth(2).innerText()).toBe('12');
    await page.getByRole('button', { name: 'Import deliveries' }).click();
    const upload = dialog(page, 'Import deliveries');
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'delivery.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('sku,quantity,reason\nGRIP-S,4,PO 4471\n'),
    });
    await upload.getByRole('button', { name: 'Check the file' }).click();
    const preview = upload.getByRole('table', { name: 'Deliveries of the file' });
    await preview.waitFor();
    await expect
      .poll(() => preview.locator('tbody tr').allInnerTexts())
      .toEqual([expect.stringMatching(/^2\s+GRIP-S\s+\+4\s+12\s+16\s+PO 4471$/)]);
    expect(await row.locator('td').nth(2).innerText()).toBe('12');
    await upload.getByRole('button', { name: 'Receive 1 delivery' }).click();
    await upload.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('td').nth(2).innerText()).toBe('16');
  });

  it("Shifts: the period's shifts, one open on its X report", async () => {
    await page.goto('/admin/shifts');
    const row = page.getByTestId('admin-shift-row').first();
    await row.waitFor();
    expect(await row.innerText()).toMatch(/TICKET01[\s\S]*Open/);
    await expectAccessible(page);
    await row.getByRole('button', { name: 'X report' }).click();
    const report = page.getByTestId('admin-shift-report');
    await report.getByRole('heading', { name: 'Shift so far' }).waitFor();
    const cash = report.locator('[data-testid="admin-shift-method"]').first();
    await expect.poll(() => cash.innerText()).toMatch(/^Cash\s+\d+\.\d{2}\s+\d+\.\d{2}\s+\d+\.\d{2}$/);
    await report.getByRole('button', { name: 'Close' }).click();
  });
});
