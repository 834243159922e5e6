import { randomUUID } from 'node:crypto';
import type { CheckoutRequest, EinvoiceBuyer, EinvoiceSettings, Order } from 'pos-sdk/contract';
import { fromRinggit } from 'pos-sdk/money';
import { EINVOICE_BUYER_MESSAGES } from 'pos-sdk/rules';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { cartItem, checkoutBody, openShift, sell } from '../../__tests__/support/saleSupport';
import {
  CASHIER,
  createTestApp,
  createTestClock,
  describeOnEngines,
  MANAGER,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';
import type { EinvoiceConfig } from '../../config';
import type { EinvoiceDocumentRow } from '../../db/Database';
import { renderMail } from '../../mail/renderMail';
import { ordersToWire } from '../../orders';
import { einvoiceOfMail, queueValidEinvoiceMail } from '../buyerMail';
import { escapeHtml, REQUEST_PAGE_CSP } from '../buyerRequestPage';
import { loadConfiguredSigning } from '../configuredSigning';
import { createEinvoiceSender, type EinvoiceSender } from '../einvoiceSender';
import { createLargeSaleChore, queueMissedLargeSales } from '../largeSale';
import { readMonthReceipts } from '../monthReceipts';
import type { MyInvoisClient } from '../myinvoisClient';
import { GYM, GYM_IDENTITY } from './support/einvoiceFixtures';
import { expectGolden } from './support/golden';
import { type MyInvoisTestBed, startMyInvoisTestBed } from './support/myinvoisTestBed';

/** 10:00 on 22 November 2026 in Kuala Lumpur. */
const SALES = '2026-11-22T02:00:00.000Z';
const PUBLIC_URL = 'https://pos.gym.example';

/** A company asking for an e-invoice in its name. */
const COMPANY: EinvoiceBuyer = {
  name: 'Syarikat Sukan Maju Sdn Bhd',
  tin: 'C25845632020',
  id_type: 'BRN',
  id_value: '201901234567',
  address_line: '8 Jalan Raja Chulan',
  city: 'Kuala Lumpur',
  postcode: '50200',
  state_code: '14',
  phone: '+60378901234',
  email: 'accounts@sukanmaju.example',
};

/** The form a person fills in on the request page. */
const PERSON: Record<string, string> = {
  name: 'Aminah binti Hassan',
  tin: 'IG12345678901',
  id_type: 'NRIC',
  id_value: '900101-14-5678',
  address_line: '12 Jalan Ampang',
  city: 'Kuala Lumpur',
  postcode: '50450',
  state_code: '14',
  country: 'MYS',
  phone: '+60123456789',
  email: 'aminah@example.com',
};

const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** The document without its signature (the test certificate is new every run): what the golden file holds. */
function unsigned(json: string | null): unknown {
  const document = JSON.parse(json ?? '{}') as { Invoice: Record<string, unknown>[] };
  const [invoice] = document.Invoice;
  const { UBLExtensions: _extensions, Signature: _signature, ...rest } = invoice ?? {};
  return { ...document, Invoice: [rest] };
}

/** A number of ringgit of the document, read back as sen. */
function senOf(json: string | null, total: 'PayableAmount' | 'TaxAmount'): number {
  const invoice = (
    JSON.parse(json ?? '{}') as { Invoice: Record<string, [Record<string, [{ _: number }]>]>[] }
  ).Invoice[0];
  const value =
    total === 'TaxAmount'
      ? invoice?.TaxTotal?.[0]?.TaxAmount?.[0]?._
      : invoice?.LegalMonetaryTotal?.[0]?.PayableAmount?.[0]?._;
  return fromRinggit(Number(value));
}

describeOnEngines("a buyer's own e-invoice: at their request, and for a sale above RM 10,000", (engine) => {
  let t: TestApp;
  let bed: MyInvoisTestBed;
  let client: MyInvoisClient;
  let manager: TestSession;
  let cashier: TestSession;
  let sender: EinvoiceSender;
  let einvoice: EinvoiceConfig;
  const clock = createTestClock(SALES);

  beforeAll(async () => {
    bed = await startMyInvoisTestBed(clock, { validationDelayMs: 5_000 });
    ({ client, einvoice } = bed);
    t = await createTestApp({ engine, clock, config: { einvoice, publicUrl: PUBLIC_URL } });
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    cashier = await t.signIn(CASHIER);
    await openShift(t, cashier);
    const ok = async (url: string, body: unknown) => {
      const response = await t.post(manager, url, body);
      expect(response.statusCode, response.body).toBe(200);
    };
    await ok('/v1/admin/settings/set', { name: GYM.name, sst_registration_no: GYM.sstNo });
    await ok('/v1/admin/tax/set', {
      code: { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' },
    });
    await ok('/v1/admin/tax/set', { code: { code: 'SST6', name: 'F&B 6%', rate_bp: 600, type: '02' } });
    await ok('/v1/admin/catalog/edit', { sku: 'PUNCH-10', changes: { tax_code: 'SST8' } });
    await ok('/v1/admin/catalog/edit', { sku: 'DAY-ADULT', changes: { tax_code: 'SST8' } });
    await ok('/v1/admin/catalog/edit', { sku: 'GRIP-M', changes: { tax_code: 'SST6' } });
    await ok('/v1/admin/einvoice/settings/set', GYM_IDENTITY);
  });
  afterAll(async () => {
    await t?.close();
    await bed?.close();
  });
  beforeEach(async () => {
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    cashier = await t.signIn(CASHIER);
    sender = createEinvoiceSender({
      db: t.db,
      client,
      clock,
      pollMs: 5_000,
      owner: 'server-1',
      onValid: async () => {
        await queueValidEinvoiceMail(t.db, clock());
      },
    });
  });

  const documentOf = (orderId: string): Promise<EinvoiceDocumentRow | undefined> =>
    t.db
      .selectFrom('einvoice_documents')
      .selectAll()
      .where('event_key', '=', `sale:${orderId}`)
      .executeTakeFirst();
  /** Runs the sender until the document is settled, moving the clock to each next try. */
  const driveToEnd = async (id: string) => {
    for (let round = 0; round < 10; round += 1) {
      await sender.runOnce();
      const row = await t.db
        .selectFrom('einvoice_documents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (!['queued', 'submitting', 'submitted'].includes(row.status)) return row;
      if (row.next_attempt_at > clock().toISOString()) clock.set(row.next_attempt_at);
    }
    throw new Error(`e-invoice ${id} not settled`);
  };
  const tokenPath = (order: Order) => {
    const url = order.einvoice_request_url;
    if (typeof url !== 'string') throw new Error('no request link');
    return url.slice(PUBLIC_URL.length);
  };
  /** A RM 12,000 sale, prices holding their tax: 34 ten-visit passes (8 %), 4 pairs of socks (6 %), a child's day. */
  const bigSale = (extra: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    ...checkoutBody(
      [cartItem('PUNCH-10', 34, clock()), cartItem('GRIP-M', 4, clock()), cartItem('DAY-CHILD', 1, clock())],
      { tenders: [['CREDIT CARD', 12_000]], email: 'buyer@example.com' },
    ),
    ...extra,
  });

  it('a RM 12,000 sale gets its own e-invoice to the buyer the cashier gave: the golden document, sums to the sen, validated and emailed', async () => {
    const receipt = await sell(t, cashier, bigSale({ buyer: COMPANY, email: 'till@example.com' }));
    expect(receipt.order.total_amount).toBe(12_000);
    expect(receipt.order.einvoice_request_url).toMatch(
      /^https:\/\/pos\.gym\.example\/e-invoice\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}$/,
    );
    const row = await documentOf(receipt.order._id);
    expect(row).toMatchObject({ status: 'queued', type_code: '01', number: receipt.order.invoice?._id });
    expectGolden('individual-12000.json', unsigned(row?.document_json ?? null));
    // Audited as the cashier's, in the sale's e-invoice's own transaction.
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['staff_id', 'details'])
      .where('action', '=', 'einvoice.queued')
      .where('subject_id', '=', row?.id ?? '')
      .execute();
    expect(audit).toEqual([
      { staff_id: cashier.profile._id, details: expect.stringContaining('"source":"checkout"') },
    ]);
    // The document's sums are the order's, read back as sen.
    const order = await t.db
      .selectFrom('orders')
      .select(['total_sen', 'tax_sen'])
      .where('id', '=', receipt.order._id)
      .executeTakeFirstOrThrow();
    expect(senOf(row?.document_json ?? null, 'PayableAmount')).toBe(Number(order.total_sen));
    expect(senOf(row?.document_json ?? null, 'TaxAmount')).toBe(Number(order.tax_sen));
    // A retried checkout (same key) queues nothing more.
    const count = await t.db.selectFrom('einvoice_documents').select('id').execute();
    const valid = await driveToEnd(row?.id ?? '');
    expect(valid.status).toBe('valid');
    expect((await t.db.selectFrom('einvoice_documents').select('id').execute()).length).toBe(count.length);
    // Valid: the buyer's email (the buyer's own address, not the till's) is queued, with the validation link.
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('order_id', '=', receipt.order._id)
      .where('kind', '=', 'einvoice')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: COMPANY.email, event_key: `einvoice:${valid.id}` });
    expect(await queueValidEinvoiceMail(t.db, clock())).toBe(0);
    const orderRow = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', receipt.order._id)
      .executeTakeFirstOrThrow();
    const [wire] = await ordersToWire(t.db, [orderRow], { timeZone: 'Asia/Kuala_Lumpur' });
    const document = await einvoiceOfMail(
      t.db,
      mail[0]?.event_key ?? '',
      'https://preprod.myinvois.hasil.gov.my',
    );
    if (wire === undefined || document === undefined) throw new Error('no order or e-invoice');
    const rendered = await renderMail({
      kind: 'einvoice',
      order: wire,
      tickets: [],
      storeName: GYM.name,
      timeZone: 'Asia/Kuala_Lumpur',
      einvoice: document,
    });
    const link = `https://preprod.myinvois.hasil.gov.my/${valid.uuid}/share/${valid.long_id}`;
    expect(rendered.subject).toBe(`E-invoice ${valid.number} from ${GYM.name}`);
    expect(rendered.text).toContain(link);
    expect(rendered.text).toContain('Total payable: RM 12000.00');
    expect(rendered.html).toContain('src="cid:einvoice-validation@pos"');
    expect(rendered.images[0]?.content.subarray(1, 4).toString()).toBe('PNG');
  });

  it('a sale above RM 10,000 without a buyer names the general public; one of RM 10,000 has none; a wrong buyer sells nothing', async () => {
    const general = await sell(t, cashier, bigSale());
    const row = await documentOf(general.order._id);
    const buyer = JSON.parse(row?.document_json ?? '{}').Invoice[0].AccountingCustomerParty[0].Party[0];
    expect(buyer.PartyIdentification[0].ID[0]._).toBe('EI00000000010');
    expect(buyer.PartyLegalEntity[0].RegistrationName[0]._).toBe('General Public');
    const exactly = await sell(
      t,
      cashier,
      checkoutBody([cartItem('PUNCH-10', 28, clock()), cartItem('DAY-CHILD', 5, clock())], {
        tenders: [['CASH', 10_000]],
        email: 'buyer@example.com',
      }),
    );
    expect(exactly.order.total_amount).toBe(10_000);
    expect(await documentOf(exactly.order._id)).toBeUndefined();
    const before = await t.db.selectFrom('orders').select('id').execute();
    const wrong = await t.inject({
      method: 'POST',
      url: '/v1/checkout',
      payload: bigSale({ buyer: { ...COMPANY, tin: 'C0123', id_type: 'NRIC', id_value: '9001' } }),
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'buyer.tin', message: EINVOICE_BUYER_MESSAGES.tinInvalid },
      { path: 'buyer.id_value', message: EINVOICE_BUYER_MESSAGES.nricInvalid },
    ]);
    expect(await t.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    // A sale made offline and replayed is booked whatever its buyer: a wrong one leaves it to the general public.
    const replayed = await t.inject({
      method: 'POST',
      url: '/v1/checkout',
      payload: bigSale({ buyer: { ...COMPANY, tin: 'C0123' } }),
      headers: { ...cashier.headers, 'idempotency-key': randomUUID(), 'x-offline-replay': '1' },
    });
    expect(replayed.statusCode, replayed.body).toBe(200);
    const booked = await documentOf(replayed.json<{ order: Order }>().order._id);
    const party = JSON.parse(booked?.document_json ?? '{}').Invoice[0].AccountingCustomerParty[0].Party[0];
    expect(party.PartyLegalEntity[0].RegistrationName[0]._).toBe('General Public');
  });

  it("the request page: the sale shown, a bad form answered in words (escaped), the request queued once, then its state and LHDN's link", async () => {
    const receipt = await sell(
      t,
      cashier,
      checkoutBody([cartItem('DAY-ADULT', 1, clock())], { email: 'aminah@example.com' }),
    );
    const path = tokenPath(receipt.order);
    // The order read back carries the same link.
    const again = await t.post(cashier, '/v1/admin/get_order', { order_id: receipt.order._id });
    expect(again.json<Order>().einvoice_request_url).toBe(receipt.order.einvoice_request_url);
    const listed = await t.post(cashier, '/v1/admin/get_orders', {
      origin: 'STORE',
      from: '2026-11-21T16:00:00.000Z',
      search: receipt.order.invoice?._id,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<Order[]>().map((order) => order.einvoice_request_url)).toEqual([
      receipt.order.einvoice_request_url,
    ]);

    const page = await t.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(REQUEST_PAGE_CSP);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(escapeHtml(GYM.name));
    expect(page.body).toContain(receipt.order.invoice?._id);
    expect(page.body).toContain('RM 49.00');
    expect(page.body).toContain('<form method="post">');
    expect(page.body).not.toContain('<script');

    // A wrong MAC, or a made-up token, is a link that is not valid.
    const forged = `${path.slice(0, -3)}AAA`;
    expect((await t.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/e-invoice/nothing' })).statusCode).toBe(404);

    const bad = await t.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ ...PERSON, name: '<script>alert(1)</script>', tin: 'X123', email: 'not-an-email' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(escapeHtml(EINVOICE_BUYER_MESSAGES.tinInvalid));
    expect(bad.body).toContain(escapeHtml(EINVOICE_BUYER_MESSAGES.emailInvalid));
    expect(bad.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(bad.body).not.toContain('<script');
    expect(await documentOf(receipt.order._id)).toBeUndefined();
    // A JSON body with fields that are not text is a bad form too, never a fault of the server.
    const json = await t.inject({
      method: 'POST',
      url: path,
      payload: { ...PERSON, tin: 12345678901, email: ['x'] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.body).toContain(escapeHtml(EINVOICE_BUYER_MESSAGES.tinRequired));

    const good = await t.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(PERSON),
    });
    expect(good.statusCode, good.body).toBe(303);
    expect(good.headers.location).toBe(path);
    const row = await documentOf(receipt.order._id);
    expect(row).toMatchObject({ status: 'queued', number: receipt.order.invoice?._id });
    const party = JSON.parse(row?.document_json ?? '{}').Invoice[0].AccountingCustomerParty[0].Party[0];
    expect(party.PartyIdentification.slice(0, 2)).toEqual([
      { ID: [{ _: 'IG12345678901', schemeID: 'TIN' }] },
      { ID: [{ _: '900101145678', schemeID: 'NRIC' }] },
    ]);
    // Asked again: the one e-invoice, its state shown, nothing more queued.
    const twice = await t.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(PERSON),
    });
    expect(twice.statusCode).toBe(200);
    expect(twice.body).toContain('Being submitted to LHDN');
    expect(twice.body).toContain('emailed to aminah@example.com');
    expect(
      await t.db
        .selectFrom('einvoice_documents')
        .select('id')
        .where('order_id', '=', receipt.order._id)
        .execute(),
    ).toHaveLength(1);

    const valid = await driveToEnd(row?.id ?? '');
    expect(valid.status).toBe('valid');
    const shown = await t.inject({ method: 'GET', url: path });
    expect(shown.body).toContain('Validated by LHDN.');
    expect(shown.body).toContain(
      `https://preprod.myinvois.hasil.gov.my/${valid.uuid}/share/${valid.long_id}`,
    );
    expect(shown.body).toContain('<img src="data:image/png;base64,');
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address'])
      .where('order_id', '=', receipt.order._id)
      .where('kind', '=', 'einvoice')
      .execute();
    expect(mail).toEqual([{ to_address: 'aminah@example.com' }]);
  });

  it('is closed for a cancelled sale, after the venue’s days, and once the month is consolidated; a sale with its own e-invoice leaves the month', async () => {
    const cancelled = await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())]));
    const cancel = await t.inject({
      method: 'POST',
      url: '/v1/admin/cancel_order',
      payload: { order_id: cancelled.order._id, reason: 'Rang up twice' },
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refused = await t.inject({ method: 'GET', url: tokenPath(cancelled.order) });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This sale was cancelled');

    const set = await t.post(manager, '/v1/admin/einvoice/settings/set', { request_days: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<EinvoiceSettings>().request_days).toBe(3);
    const late = await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())]));
    clock.advance(3 * 24 * 60 * 60_000);
    const expired = await t.inject({
      method: 'POST',
      url: tokenPath(late.order),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(PERSON),
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.body).toContain('within 3 days of the sale');
    expect(await documentOf(late.order._id)).toBeUndefined();
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' }); // three days on: a new session
    const unset = await t.post(manager, '/v1/admin/einvoice/settings/set', { request_days: null });
    expect(unset.statusCode, unset.body).toBe(200);
    expect(unset.json<EinvoiceSettings>().request_days).toBeNull();
    expect((await t.inject({ method: 'GET', url: tokenPath(late.order) })).statusCode).toBe(200);

    // November is over and consolidated: the sales with their own e-invoice are not in it, the others are.
    clock.set('2026-12-01T02:00:00.000Z');
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    const own = await t.db
      .selectFrom('einvoice_documents')
      .innerJoin('invoices', 'invoices.order_id', 'einvoice_documents.order_id')
      .select('invoices.number')
      .execute();
    expect(own.length).toBeGreaterThanOrEqual(3);
    const receipts = await readMonthReceipts(t.db, {
      store: 'STORE',
      month: '2026-11',
      timeZone: 'Asia/Kuala_Lumpur',
    });
    const numbers = receipts.map((one) => one.number);
    for (const { number } of own) expect(numbers).not.toContain(Number(number));
    expect(numbers).toContain(Number(late.order.invoice?._id.slice(-6)));
    const submitted = await t.post(manager, '/v1/admin/einvoice/submit', { month: '2026-11' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const closed = await t.inject({ method: 'GET', url: tokenPath(late.order) });
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('The receipts of 2026-11 have been reported to LHDN');
  });

  it('a rejected one is built again on retry, to the same buyer, issued now; a valid one is not', async () => {
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    cashier = await t.signIn(CASHIER);
    const receipt = await sell(t, cashier, bigSale({ buyer: COMPANY }));
    const row = await documentOf(receipt.order._id);
    if (row === undefined) throw new Error('no e-invoice');
    await t.db
      .updateTable('einvoice_documents')
      .set({ status: 'rejected', last_error: "the TIN is not the ERP system's", validation_errors: '[]' })
      .where('id', '=', row.id)
      .execute();
    clock.advance(60_000);
    const retried = await t.post(manager, '/v1/admin/einvoice/retry', { id: row.id });
    expect(retried.statusCode, retried.body).toBe(200);
    const rebuilt = await documentOf(receipt.order._id);
    expect(rebuilt).toMatchObject({ status: 'queued', number: row.number, last_error: null });
    expect(rebuilt?.document_json).not.toBe(row.document_json);
    const invoice = JSON.parse(rebuilt?.document_json ?? '{}').Invoice[0];
    expect(invoice.IssueTime[0]._).toBe(`${clock().toISOString().slice(11, 19)}Z`);
    expect(invoice.AccountingCustomerParty[0].Party[0].PartyIdentification[0].ID[0]._).toBe(COMPANY.tin);
    const valid = await driveToEnd(row.id);
    expect(valid.status).toBe('valid');
    const again = await t.post(manager, '/v1/admin/einvoice/retry', { id: row.id });
    expect(again.statusCode).toBe(409);
  });

  it('limits each client address: 30 requests in 10 minutes, then 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const response = await t.inject({
        method: 'GET',
        url: '/e-invoice/nothing',
        remoteAddress: '192.0.2.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await t.inject({ method: 'GET', url: '/e-invoice/nothing', remoteAddress: '192.0.2.8' });
    expect(other.statusCode).toBe(404);
  });

  it('a sale above RM 10,000 sold while the identity was incomplete gets its e-invoice later, to the buyer kept', async () => {
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    cashier = await t.signIn(CASHIER);
    const cleared = await t.post(manager, '/v1/admin/einvoice/settings/set', { tin: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const receipt = await sell(t, cashier, bigSale({ buyer: COMPANY }));
    expect(await documentOf(receipt.order._id)).toBeUndefined();
    const chore = createLargeSaleChore({
      db: t.db,
      store: 'STORE',
      timeZone: async () => 'Asia/Kuala_Lumpur',
      signing: loadConfiguredSigning(einvoice),
      clock,
    });
    await chore(); // still incomplete: nothing queued, tried again later
    expect(await documentOf(receipt.order._id)).toBeUndefined();
    await t.post(manager, '/v1/admin/einvoice/settings/set', { tin: GYM.tin });
    await chore(); // within the minute: not looked at again yet
    expect(await documentOf(receipt.order._id)).toBeUndefined();
    clock.advance(60_000);
    await chore();
    const row = await documentOf(receipt.order._id);
    expect(row).toMatchObject({ status: 'queued', number: receipt.order.invoice?._id });
    const party = JSON.parse(row?.document_json ?? '{}').Invoice[0].AccountingCustomerParty[0].Party[0];
    expect(party.PartyIdentification[0].ID[0]._).toBe(COMPANY.tin);
    clock.advance(60_000);
    expect(
      await queueMissedLargeSales(t.db, {
        store: 'STORE',
        timeZone: 'Asia/Kuala_Lumpur',
        now: clock(),
        signing: loadConfiguredSigning(einvoice),
      }),
    ).toBe(0);
  });
});
