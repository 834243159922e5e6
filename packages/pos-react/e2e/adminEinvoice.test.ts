import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { EINVOICE_BUYER_MESSAGES } from 'pos-sdk/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MyInvoisSimulator,
  startMyInvoisSimulator,
} from '../../pos-server/src/einvoice/__tests__/support/myinvoisSimulator';
import {
  makeTestCertificate,
  type TestCertificate,
} from '../../pos-server/src/einvoice/__tests__/support/testCertificate';
import { sell } from './fixtures/sell';
import { expectAccessible } from './support/axe';
import { launchBrowser, openApp } from './support/browser';
import { addTile, dialog, MANAGER, signInToSales } from './support/pos';
import { SCREENSHOTS } from './support/screenshots';
import { startTestServer, type TestServer } from './support/server';

/** The venue's TIN: the simulator's taxpayer, whose documents it takes. */
const TIN = 'C20830570210';
const SECRET = 's3cret-never-shown';
const DAY_MS = 86_400_000;

let cert: TestCertificate;
let simulator: MyInvoisSimulator;
/** How far the simulator's clock runs ahead of the real one (a document issued "days ago" is invalid). */
let simulatorAhead = 0;
let server: TestServer;
let browser: Browser;
let page: Page;
/** The invoice numbers of the sale moved to last month and of this month's. */
let earlier: string;
let current: string;

/** The venue's month (Kuala Lumpur, UTC+8) of an instant: `YYYY-MM`. */
const monthAt = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 7);
const thisMonth = monthAt(Date.now());
const lastMonth = (() => {
  const [year, month] = thisMonth.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
})();

beforeAll(async () => {
  cert = makeTestCertificate();
  simulator = await startMyInvoisSimulator({
    clock: () => new Date(Date.now() + simulatorAhead),
    clientId: 'gym-erp',
    clientSecret: SECRET,
    taxpayerTin: TIN,
    trustedCertificate: cert.certificatePem,
  });
  // The server with e-invoicing on, against the simulator (docs/einvoice.md, "Turning it on").
  server = await startTestServer({
    env: {
      POS_EINVOICE_ENV: 'sandbox',
      POS_EINVOICE_API_URL: simulator.url,
      POS_EINVOICE_IDENTITY_URL: simulator.url,
      POS_EINVOICE_CLIENT_ID: 'gym-erp',
      POS_EINVOICE_CLIENT_SECRET: SECRET,
      POS_EINVOICE_KEY_FILE: join(cert.folder, 'key.pem'),
      POS_EINVOICE_CERT_FILE: join(cert.folder, 'cert.pem'),
    },
  });
  browser = await launchBrowser();
  ({ page } = await openApp(browser, server.url));
  // Two sales at the till: 2 Day Passes (RM 98.00), moved to last month, and one this month.
  await signInToSales(page, MANAGER);
  earlier = await sell(page, 'DAY-ADULT', 2, 'ada@example.com');
  current = await sell(page, 'DAY-ADULT', 1, 'bo@example.com');
  moveToLastMonth(server, earlier);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await simulator?.close();
  cert?.remove();
});

/** Moves the sale of `invoice` (e.g. STORE-000001) to the 15th of last month, in the server's database. */
function moveToLastMonth(on: TestServer, invoice: string): void {
  const db = new Database(on.databaseUrl.replace(/^sqlite:/, ''));
  try {
    const moved = db
      .prepare(
        'update orders set created_at = ? where id = (select order_id from invoices where number = ? limit 1)',
      )
      .run(`${lastMonth}-15T04:00:00.000Z`, Number(invoice.replace(/^\D*-?/, '')));
    expect(moved.changes).toBe(1);
  } finally {
    db.close();
  }
}

/** Fills the identity form with a complete identity and saves it. */
async function fillIdentity(form: Locator): Promise<void> {
  await form.getByLabel('TIN').fill(TIN);
  await form.getByLabel('Business registration no (BRN)').fill('202005123456');
  await form.getByLabel('MSIC code').fill('93118');
  await form.getByLabel('Business activity').fill('Fitness centre');
  await form.getByLabel('Address', { exact: true }).fill('12 Jalan Ampang');
  await form.getByLabel('City').fill('Kuala Lumpur');
  await form.getByLabel('Postcode').fill('50450');
  await form.getByLabel('State').selectOption('14');
  await form.getByLabel('Phone').fill('+60321234567');
  await form.getByRole('button', { name: 'Save identity' }).click();
  await form.getByRole('status').getByText('E-invoicing identity saved').waitFor();
}

const documentRow = (): Locator => page.getByTestId('einvoice-row');
const stateOf = async () => (await documentRow().getAttribute('data-status')) ?? '';

describe('the back office e-invoice screen (/admin/einvoices)', () => {
  it("shows what is configured, never a secret, and sets the venue's identity (a wrong TIN said under its field)", async () => {
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'E-invoices' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'E-invoices' }).waitFor();
    const config = page.getByTestId('einvoice-config');
    await config.getByText('Sandbox (LHDN preprod)').waitFor();
    expect(await config.innerText()).toMatch(
      /Client ID and secret\s+Configured[\s\S]*Signing key and certificate\s+Configured[\s\S]*Incomplete/,
    );
    expect(await page.getByTestId('einvoice-missing').innerText()).toBe(
      'Missing: TIN, Business registration no (BRN), MSIC code, Business activity, Address, City, Postcode, State, Phone',
    );
    expect(await page.content()).not.toContain(SECRET);
    expect(await page.content()).not.toContain('PRIVATE KEY');

    const form = page.getByRole('form', { name: 'E-invoicing identity' });
    await form.getByLabel('TIN').fill('12345');
    await form.getByLabel('Postcode').fill('5045');
    await form.getByRole('button', { name: 'Save identity' }).click();
    await form.getByText("must be LHDN's TIN: letters then digits, e.g. C20830570210").waitFor();
    await form.getByText('must be 5 digits').waitFor();
    expect(await form.getByLabel('TIN').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await fillIdentity(form);
    await config.getByText('Complete').waitFor();
    expect(await page.getByTestId('einvoice-missing').count()).toBe(0);
    // The MSIC code's description, as LHDN publishes it.
    await form.getByText('Fitness centres').waitFor();
    // Kept: a reload shows it.
    await page.reload();
    await expect.poll(() => page.getByLabel('TIN').inputValue()).toBe(TIN);
    expect(await page.getByLabel('State').inputValue()).toBe('14');
  });

  it("this month: no document yet, a preview of its receipts, and the server's refusal to submit a month not over", async () => {
    await page.getByText(`No e-invoice for ${thisMonth} yet`).waitFor();
    expect(await page.getByLabel('Month').inputValue()).toBe(thisMonth);
    await page.getByRole('button', { name: 'Preview month' }).click();
    const preview = page.getByTestId('einvoice-preview');
    await preview
      .getByRole('heading', { name: `Preview of STORE-CE-${thisMonth}: nothing is sent yet` })
      .waitFor();
    expect(await preview.getByTestId('einvoice-preview-totals').innerText()).toMatch(/Payable\s+RM 49\.00/);
    await preview.getByRole('button', { name: `Submit ${thisMonth} to MyInvois` }).click();
    await page
      .getByRole('alert')
      .getByText(`${thisMonth} is not over yet: its consolidated e-invoice is submitted after the month ends`)
      .waitFor();
    expect(await documentRow().count()).toBe(0);
    await expectAccessible(page);
  });

  it("last month: previewed, submitted, invalid with LHDN's errors, retried, valid with its validation link", async () => {
    await page.getByLabel('Month').fill(lastMonth);
    await page.waitForURL(new RegExp(`month=${lastMonth}`));
    await page.getByText(`No e-invoice for ${lastMonth} yet`).waitFor();
    await page.getByRole('button', { name: 'Preview month' }).click();
    const preview = page.getByTestId('einvoice-preview');
    await expect
      .poll(() => preview.getByTestId('einvoice-preview-totals').innerText())
      .toMatch(/Payable\s+RM 98\.00/);
    expect(await preview.getByTestId('einvoice-preview-line').allInnerTexts()).toEqual([
      expect.stringMatching(/^Receipt STORE-000001.*RM [\d.]+\s+RM [\d.]+$/),
    ]);

    // MyInvois's clock four days ahead: the document's issue time is outside its 72 hours, so it is invalid.
    simulatorAhead = 4 * DAY_MS;
    await preview.getByRole('button', { name: `Submit ${lastMonth} to MyInvois` }).click();
    await documentRow().waitFor();
    expect(await documentRow().innerText()).toMatch(
      new RegExp(`STORE-CE-${lastMonth}\\s+01 Invoice\\s+Consolidated[\\s\\S]*RM 98\\.00`),
    );
    // The screen follows the document on its way (the server's sender works every 5 s).
    await expect.poll(stateOf, { timeout: 40_000, interval: 500 }).toBe('invalid');
    const errors = page.getByTestId('einvoice-errors');
    expect(await errors.innerText()).toMatch(
      /LHDN's errors for STORE-CE-[\d-]+[\s\S]*Step03-Issuance Date Time Validator: CV302 The issue date and time are not within the last 72 hours/,
    );
    expect(await documentRow().getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-einvoice-invalid.png`, fullPage: true });

    // Corrected (the clocks agree again): Retry builds it anew and it goes through.
    simulatorAhead = 0;
    await documentRow().getByRole('button', { name: 'Retry' }).click();
    await expect.poll(stateOf, { timeout: 40_000, interval: 500 }).toBe('valid');
    expect(await page.getByTestId('einvoice-errors').count()).toBe(0);
    const held = [...simulator.documents.values()].find((doc) => doc.outcome.status === 'Valid');
    expect(held?.longId).toBeDefined();
    const link = documentRow().getByRole('link', { name: `Validation link of STORE-CE-${lastMonth}` });
    expect(await link.getAttribute('href')).toBe(
      `https://preprod.myinvois.hasil.gov.my/${held?.uuid}/share/${held?.longId}`,
    );
    expect(await documentRow().innerText()).toContain(`UUID ${held?.uuid}`);
    expect(await documentRow().innerText()).toContain(`Long ID ${held?.longId}`);
    expect(await documentRow().getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/admin-einvoice.png`, fullPage: true });
  });

  it("shows the order's e-invoice on its invoice: the back office's order and the till's invoice dialog", async () => {
    // Last month's sale, in the back office's Orders: in the month's consolidated e-invoice, valid, with its link.
    await page.goto(`/admin/orders?from=${lastMonth}-01&to=${lastMonth}-28&q=${earlier}`);
    await page
      .locator(`[data-testid="admin-order-row"][data-invoice="${earlier}"]`)
      .getByRole('button', { name: earlier })
      .click();
    const opened = page.getByTestId('admin-order');
    const einvoice = opened.getByTestId('order-einvoice');
    await einvoice.waitFor();
    expect(await einvoice.innerText()).toMatch(
      new RegExp(
        `^E-invoice: in the consolidated e-invoice STORE-CE-${lastMonth}\\s+Valid\\s+Validation link`,
      ),
    );
    const held = [...simulator.documents.values()].find((doc) => doc.outcome.status === 'Valid');
    expect(
      await einvoice
        .getByRole('link', { name: `Validation link of STORE-CE-${lastMonth}` })
        .getAttribute('href'),
    ).toBe(`https://preprod.myinvois.hasil.gov.my/${held?.uuid}/share/${held?.longId}`);
    await expectAccessible(page);
    await opened.getByRole('button', { name: 'Close' }).click();

    // This month's sale on the till: nothing while it has no e-invoice; its own, once it has one.
    await page.goto('/orders');
    const row = page.locator(`[data-testid="order-row"][data-invoice="${current}"]`);
    await row.click();
    const dialog = page.getByTestId('invoice-dialog');
    await expect.poll(() => dialog.getByTestId('invoice-no').innerText()).toBe(current);
    await page.waitForLoadState('networkidle');
    expect(await dialog.getByTestId('order-einvoice').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // An e-invoice of its own (as a buyer's request issues one), valid.
    const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''));
    try {
      const at = new Date().toISOString();
      db.prepare(
        `insert into einvoice_documents (id, store, event_key, type_code, number, order_id, status, attempts,
           next_attempt_at, created_at, uuid, long_id, submitted_at, validated_at)
         select 'own-1', 'STORE', 'sale:' || order_id, '01', 'STORE-EI-000002', order_id, 'valid', 1, ?, ?,
           'OWNUUID', 'OWNLONGID', ?, ? from invoices where number = ?`,
      ).run(at, at, at, at, Number(current.replace(/^\D*-?/, '')));
    } finally {
      db.close();
    }
    await row.click();
    const own = dialog.getByTestId('order-einvoice');
    await own.waitFor();
    expect(await own.innerText()).toMatch(/^E-invoice STORE-EI-000002\s+Valid\s+Validation link/);
    expect(await own.getByRole('link').getAttribute('href')).toBe(
      'https://preprod.myinvois.hasil.gov.my/OWNUUID/share/OWNLONGID',
    );
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/invoice-einvoice.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`/admin/einvoices?month=${lastMonth}`);
    await documentRow().waitFor();
  });

  it("cancels a valid one with a reason, MyInvois's refusal said in the dialog first", async () => {
    await documentRow().getByRole('button', { name: 'Cancel' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel e-invoice STORE-CE-${lastMonth}` });
    await cancel.getByLabel('Reason').waitFor();
    await expectAccessible(page);
    // MyInvois refuses once: the server's message in words, nothing changed.
    simulator.fault({ kind: 'status', status: 400 }, { path: '/api/v1.0/documents/state', method: 'PUT' });
    await cancel.getByLabel('Reason').fill('Wrong amounts');
    await cancel.getByRole('button', { name: 'Cancel e-invoice' }).click();
    await cancel
      .getByRole('alert')
      .getByText(/^MyInvois refused the cancellation: /)
      .waitFor();
    expect(await stateOf()).toBe('valid');
    await cancel.getByRole('button', { name: 'Cancel e-invoice' }).click();
    await cancel.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText(`STORE-CE-${lastMonth} is cancelled with MyInvois`).waitFor();
    await expect.poll(stateOf).toBe('cancelled');
    expect(await documentRow().getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    const held = [...simulator.documents.values()].find((doc) => doc.cancelReason !== undefined);
    expect(held?.cancelReason).toBe('Wrong amounts');
    // Refresh status asks MyInvois again: still cancelled.
    await documentRow().getByRole('button', { name: 'Refresh status' }).click();
    await page.getByRole('status').getByText(`STORE-CE-${lastMonth}: Cancelled`).waitFor();
    // Submitting the month again answers its one document as it stands: nothing is sent twice.
    const before = simulator.requests.length;
    await page.getByRole('button', { name: 'Preview month' }).click();
    await page.getByRole('button', { name: `Submit ${lastMonth} to MyInvois` }).click();
    await page
      .getByRole('status')
      .getByText(`STORE-CE-${lastMonth} was submitted before: Cancelled`)
      .waitFor();
    expect(await documentRow().count()).toBe(1);
    expect(simulator.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('fits a tablet (768 px) in the dark theme, accessible', async () => {
    const tablet = await openApp(browser, server.url, { viewport: { width: 768, height: 1024 } });
    try {
      await signInToSales(tablet.page, MANAGER);
      await tablet.page.goto(`/admin/einvoices?month=${lastMonth}&theme=dark`);
      await tablet.page.getByTestId('einvoice-row').waitFor();
      const overflow = await tablet.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await expectAccessible(tablet.page);
    } finally {
      await tablet.context.close();
    }
  });
});

describe('a sale above RM 10,000 at the till: its own e-invoice, to the buyer the cashier gives', () => {
  it("asks for the buyer's details before the customer's email, checks them in words, and the e-invoice names the buyer", async () => {
    await page.goto('/main');
    // 205 Day Passes at RM 49.00: RM 10,045.00.
    await addTile(page, 'DAY-ADULT', 205);
    await dialog(page, 'Quantity').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Payment', exact: true }).click();
    await page.waitForURL('**/payment');
    await page.locator('[data-testid="tender"][data-type="CASH"]').click();
    await dialog(page, 'CASH').getByLabel('Amount').press('Enter');
    await dialog(page, 'CASH').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Checkout', exact: true }).click();

    const buyer = dialog(page, 'E-invoice Buyer');
    await buyer.getByText('A sale above RM 10,000 gets its own e-invoice.', { exact: false }).waitFor();
    await buyer.getByRole('button', { name: 'Use these details' }).click();
    await buyer.getByText(EINVOICE_BUYER_MESSAGES.nameRequired).waitFor();
    await buyer.getByText(EINVOICE_BUYER_MESSAGES.tinRequired).waitFor();
    await buyer.getByText(EINVOICE_BUYER_MESSAGES.phoneInvalid).waitFor();
    expect(await buyer.getByLabel('TIN').getAttribute('aria-invalid')).toBe('true');
    await buyer.getByLabel('Name').fill('Syarikat Maju Sdn Bhd');
    await buyer.getByLabel('TIN').fill('C123');
    await buyer.getByLabel('Identification', { exact: true }).selectOption('BRN');
    await buyer.getByLabel('Identification number').fill('201901012345');
    await buyer.getByLabel('Address').fill('1 Jalan Tun Razak');
    await buyer.getByLabel('City').fill('Kuala Lumpur');
    await buyer.getByLabel('Postcode').fill('50400');
    await buyer.getByLabel('Phone').fill('+60 3-2141 0000');
    await buyer.getByRole('button', { name: 'Use these details' }).click();
    await buyer.getByText(EINVOICE_BUYER_MESSAGES.tinInvalid).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/einvoice-buyer.png` });
    await buyer.getByLabel('TIN').fill('C20880050010');
    await buyer.getByRole('button', { name: 'Use these details' }).click();
    await buyer.waitFor({ state: 'detached' });

    const email = dialog(page, 'Customer Email');
    await email.getByLabel('Email Address').fill('accounts@maju.example.com');
    await email.getByRole('button', { name: 'Checkout' }).click();
    const receipt = dialog(page, 'Receipt');
    await receipt.waitFor();
    const invoice = (
      await receipt
        .getByText(/^Invoice /)
        .first()
        .innerText()
    )
      .replace(/^Invoice /, '')
      .trim();
    await receipt.getByRole('button', { name: 'New Sale' }).click();
    await receipt.waitFor({ state: 'detached' });

    // The sale's own e-invoice (01), to the buyer given, submitted to MyInvois and valid.
    const ownEinvoice = () => {
      const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''), { readonly: true });
      try {
        return db
          .prepare(
            `select d.status, d.number, d.document_json from einvoice_documents d join invoices i on i.order_id = d.order_id
             where i.number = ? and d.type_code = '01'`,
          )
          .get(Number(invoice.replace(/^\D*-?/, ''))) as
          | { status: string; number: string; document_json: string | null }
          | undefined;
      } finally {
        db.close();
      }
    };
    await expect.poll(() => ownEinvoice()?.status, { timeout: 60_000 }).toBe('valid');
    const document = JSON.parse(ownEinvoice()?.document_json ?? '{}');
    const party = document.Invoice[0].AccountingCustomerParty[0].Party[0];
    expect(party.PartyLegalEntity[0].RegistrationName[0]._).toBe('Syarikat Maju Sdn Bhd');
    expect(
      party.PartyIdentification.map((id: { ID: { _: string; schemeID: string }[] }) => id.ID[0]),
    ).toEqual(
      expect.arrayContaining([
        { _: 'C20880050010', schemeID: 'TIN' },
        { _: '201901012345', schemeID: 'BRN' },
      ]),
    );
    expect(document.Invoice[0].LegalMonetaryTotal[0].PayableAmount[0]._).toBe(10045);
  });
});

describe('the e-invoice screen with e-invoicing off', () => {
  let off: TestServer;
  let offPage: Page;
  beforeAll(async () => {
    off = await startTestServer();
    const opened = await openApp(browser, off.url);
    offPage = opened.page;
    await signInToSales(offPage, MANAGER);
    moveToLastMonth(off, await sell(offPage, 'DAY-ADULT', 1, 'ada@example.com'));
  }, 180_000);
  afterAll(async () => {
    await offPage?.context().close();
    await off?.dispose();
  });

  it("says it is off, and the server's refusals in words: an incomplete identity, then MyInvois not configured", async () => {
    await offPage.goto(`/admin/einvoices?month=${lastMonth}`);
    const config = offPage.getByTestId('einvoice-config');
    await config.getByText('Off', { exact: true }).waitFor();
    expect(await config.innerText()).toMatch(
      /This server sends nothing to MyInvois[\s\S]*Client ID and secret\s+Missing[\s\S]*Signing key and certificate\s+Missing[\s\S]*Incomplete/,
    );
    await offPage.getByText(`No e-invoice for ${lastMonth} yet`).waitFor();
    await offPage.getByRole('button', { name: 'Preview month' }).click();
    await offPage
      .getByRole('alert')
      .getByText(/^The venue's e-invoice identity is missing tin, brn, msic_code/)
      .waitFor();
    await expectAccessible(offPage);
    await fillIdentity(offPage.getByRole('form', { name: 'E-invoicing identity' }));
    await offPage.getByRole('button', { name: 'Preview month' }).click();
    const preview = offPage.getByTestId('einvoice-preview');
    await expect
      .poll(() => preview.getByTestId('einvoice-preview-totals').innerText())
      .toMatch(/Payable\s+RM 49\.00/);
    await preview.getByRole('button', { name: `Submit ${lastMonth} to MyInvois` }).click();
    await offPage
      .getByRole('alert')
      .getByText('E-invoicing is not configured on this server (POS_EINVOICE_ENV, docs/server.md)')
      .waitFor();
    expect(await offPage.getByTestId('einvoice-row').count()).toBe(0);
  });
});
