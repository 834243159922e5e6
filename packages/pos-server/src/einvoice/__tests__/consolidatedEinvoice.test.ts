import { randomUUID } from 'node:crypto';
import type {
  CheckoutRequest,
  EinvoiceDocument,
  EinvoiceSettings,
  EinvoiceSubmitResponse,
} from 'pos-sdk/contract';
import { fromRinggit } from 'pos-sdk/money';
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
import { createEinvoiceSender, type EinvoiceSender } from '../einvoiceSender';
import type { MyInvoisClient } from '../myinvoisClient';
import { GYM, GYM_IDENTITY } from './support/einvoiceFixtures';
import { expectGolden } from './support/golden';
import type { MyInvoisSimulator } from './support/myinvoisSimulator';
import { type MyInvoisTestBed, startMyInvoisTestBed } from './support/myinvoisTestBed';

/** 10:00 on 22 November 2026 in Kuala Lumpur: the month's sales. */
const SALES = '2026-11-22T02:00:00.000Z';
/** 10:00 on 1 December 2026 in Kuala Lumpur: November is over, its consolidated e-invoice is submitted. */
const SUBMIT = '2026-12-01T02:00:00.000Z';
const SUBMISSIONS = '/api/v1.0/documentsubmissions';

/** A checkout body paid in cash with exactly `toPay` ringgit (tax added on top). */
const paidExactly = (body: CheckoutRequest, toPay: number): CheckoutRequest => ({
  ...body,
  payment: { methods: [{ type: 'CASH', amount: toPay }], change: 0 },
});

describeOnEngines("the month's consolidated e-invoice, submitted exactly once", (engine) => {
  let t: TestApp;
  let bed: MyInvoisTestBed;
  let simulator: MyInvoisSimulator;
  let client: MyInvoisClient;
  let manager: TestSession;
  let cashier: TestSession;
  let einvoice: EinvoiceConfig;
  const clock = createTestClock(SALES);
  /** The sales' expected figures, from the orders as sold (sen). */
  let paidSen = 0;
  let taxSen = 0;

  beforeAll(async () => {
    bed = await startMyInvoisTestBed(clock, { validationDelayMs: 5_000 });
    ({ simulator, client, einvoice } = bed);
    t = await createTestApp({ engine, clock, config: { einvoice } });
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    cashier = await t.signIn(CASHIER);
    await openShift(t, cashier);
    const ok = async (url: string, body: unknown) => {
      const response = await t.post(manager, url, body);
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    await ok('/v1/admin/settings/set', { name: GYM.name, sst_registration_no: GYM.sstNo });
    await ok('/v1/admin/tax/set', {
      code: { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' },
    });
    await ok('/v1/admin/tax/set', { code: { code: 'SST6', name: 'F&B 6%', rate_bp: 600, type: '02' } });
    await ok('/v1/admin/catalog/edit', { sku: 'DAY-ADULT', changes: { tax_code: 'SST8' } });
    await ok('/v1/admin/catalog/edit', { sku: 'GRIP-M', changes: { tax_code: 'SST6' } });

    // Receipt 1: taxed and untaxed lines, prices holding their tax (RM 158.00 holding RM 9.81).
    const first = await sell(
      t,
      cashier,
      checkoutBody([
        cartItem('DAY-ADULT', 2, clock()),
        cartItem('GRIP-M', 3, clock()),
        cartItem('GRIP-L', 1, clock()),
      ]),
    );
    // Receipt 2: an untaxed sale.
    await sell(t, cashier, checkoutBody([cartItem('GRIP-L', 2, clock())]));
    // Receipt 3: cancelled, so the receipts run 1-2, then 4-6.
    const cancelled = await sell(t, cashier, checkoutBody([cartItem('GRIP-L', 1, clock())]));
    const cancel = await t.inject({
      method: 'POST',
      url: '/v1/admin/cancel_order',
      payload: { order_id: cancelled.order._id, reason: 'Rang up twice' },
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Receipts 4 and 5: tax added on top (RM 49.00 + RM 3.92; 3 x RM 15.00 + RM 2.70), one socks pair refunded.
    await ok('/v1/admin/settings/set', { prices_include_tax: false });
    await sell(t, cashier, paidExactly(checkoutBody([cartItem('DAY-ADULT', 1, clock())]), 52.92));
    const refunded = await sell(
      t,
      cashier,
      paidExactly(checkoutBody([cartItem('GRIP-M', 3, clock())]), 47.7),
    );
    const refund = await t.inject({
      method: 'POST',
      url: '/v1/admin/refund_order',
      payload: {
        invoice_id: refunded.order.invoice?._id,
        message: 'Wrong size',
        items: [{ sku: 'GRIP-M', quantity: 1 }],
      },
      headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // Receipt 6, sold at the first instant of November in Kuala Lumpur; receipt 7 at the last of October (left out).
    const early = await sell(
      t,
      cashier,
      paidExactly(checkoutBody([cartItem('DAY-ADULT', 1, clock())]), 52.92),
    );
    const october = await sell(t, cashier, checkoutBody([cartItem('GRIP-L', 1, clock())]));
    await t.db
      .updateTable('orders')
      .set({ created_at: '2026-10-31T16:00:00.000Z' })
      .where('id', '=', early.order._id)
      .execute();
    await t.db
      .updateTable('orders')
      .set({ created_at: '2026-10-31T15:59:59.999Z' })
      .where('id', '=', october.order._id)
      .execute();
    expect(first.order.order_details.cart.tax).toBe(9.81);
    clock.set(SUBMIT);

    // What November's receipts took and taxed, as sold, less what the refund gave back: from the orders themselves.
    const orders = await t.db
      .selectFrom('orders')
      .select(['total_sen', 'refunded_sen', 'tax_sen', 'id'])
      .where('status', 'in', ['PAID', 'REFUNDED'])
      .where('id', '!=', october.order._id)
      .execute();
    const refunds = await t.db.selectFrom('order_refunds').select('tax_sen').execute();
    paidSen = orders.reduce((sum, order) => sum + Number(order.total_sen) - Number(order.refunded_sen), 0);
    taxSen =
      orders.reduce((sum, order) => sum + Number(order.tax_sen), 0) -
      refunds.reduce((sum, one) => sum + Number(one.tax_sen), 0);
  });
  afterAll(async () => {
    await t?.close();
    await bed?.close();
  });

  let sender: EinvoiceSender;
  beforeEach(async () => {
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    cashier = await t.signIn(CASHIER);
    sender = createEinvoiceSender({ db: t.db, client, clock, pollMs: 5_000, owner: 'server-1' });
  });

  const setIdentity = async () => {
    const response = await t.post(manager, '/v1/admin/einvoice/settings/set', GYM_IDENTITY);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EinvoiceSettings>();
  };
  const submit = async (body: Record<string, unknown>) => t.post(manager, '/v1/admin/einvoice/submit', body);
  const rowOf = async (id: string): Promise<EinvoiceDocumentRow> =>
    t.db.selectFrom('einvoice_documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const heldCopies = (number: string) =>
    [...simulator.documents.values()].filter((doc) => doc.codeNumber === number);
  const taken = () =>
    simulator.requests.filter((r) => r.method === 'POST' && r.path === SUBMISSIONS && r.status === 202);
  /** Runs the sender, moving the clock to each next try, until the document is settled (at most `rounds`). */
  const driveToEnd = async (id: string, rounds = 12, work: EinvoiceSender = sender) => {
    for (let round = 0; round < rounds; round += 1) {
      await work.runOnce();
      const row = await rowOf(id);
      if (!['queued', 'submitting', 'submitted'].includes(row.status)) return row;
      if (row.next_attempt_at > clock().toISOString()) clock.set(row.next_attempt_at);
    }
    return rowOf(id);
  };
  /** Starts a scenario afresh: November's document forgotten, the clock past MyInvois's duplicate windows. */
  const afresh = async () => {
    await t.db.deleteFrom('einvoice_document_orders').execute();
    await t.db.deleteFrom('einvoice_documents').execute();
    clock.advance(11 * 60_000);
    const response = await submit({ month: '2026-11' });
    expect(response.statusCode, response.body).toBe(200);
    const document = response.json<EinvoiceSubmitResponse>().document;
    if (document === null) throw new Error('no document');
    return document;
  };

  it("keeps the venue's identity (a manager's), checks MSIC and state codes, and never answers the secrets", async () => {
    const before = (await t.post(manager, '/v1/admin/einvoice/settings', {})).json<EinvoiceSettings>();
    expect(before).toMatchObject({
      tin: '',
      supplier_name: GYM.name,
      sst_registration_no: GYM.sstNo,
      environment: 'sandbox',
      credentials_configured: true,
      signing_key_configured: true,
    });
    expect(before.missing).toContain('tin');
    expect(JSON.stringify(before)).not.toContain('s3cret');
    expect((await t.post(cashier, '/v1/admin/einvoice/settings', {})).statusCode).toBe(403);
    expect((await t.post(cashier, '/v1/admin/einvoice/submit', { month: '2026-11' })).statusCode).toBe(403);
    const wrong = await t.post(manager, '/v1/admin/einvoice/settings/set', {
      msic_code: '93110',
      state_code: '19',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'msic_code', message: 'must be an MSIC code of the table, e.g. 93118 (Fitness centres)' },
      { path: 'state_code', message: 'must be a MyInvois state code, 01 to 17 (14 Kuala Lumpur)' },
    ]);
    const incomplete = await submit({ month: '2026-11', dry_run: true });
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().message).toMatch(
      /^The venue's e-invoice identity is missing tin, brn, msic_code/,
    );
    const after = await setIdentity();
    expect(after).toMatchObject({
      tin: GYM.tin,
      msic_code: '93118',
      msic_description: 'Fitness centres',
      missing: [],
    });
    // The change is in the audit log: who, what changed and what it was (the refused one is not).
    const audited = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'einvoice.identity_updated')
      .execute();
    expect(audited).toHaveLength(1);
    expect(audited[0]?.staff_id).toBe(manager.profile._id);
    expect(JSON.parse(audited[0]?.details ?? '{}')).toMatchObject({
      changes: { tin: GYM.tin, msic_code: '93118', city: 'Kuala Lumpur' },
      before: {},
    });
  });

  it("builds November's document from its receipts: runs of receipt numbers split by tax rate, refunds netted, sums equal to the sen", async () => {
    const notOver = await submit({ month: '2026-12' });
    expect(notOver.statusCode).toBe(409);
    expect(notOver.json().message).toMatch(/^2026-12 is not over yet/);
    const response = await submit({ month: '2026-11', dry_run: true });
    expect(response.statusCode, response.body).toBe(200);
    const { document, preview } = response.json<EinvoiceSubmitResponse>();
    expect(document).toBeNull();
    expectGolden('consolidated-month-2026-11.json', preview);
    const invoice = (preview as { Invoice: Record<string, [Record<string, [{ _: number | string }]>]>[] })
      .Invoice[0];
    const lines = (invoice as unknown as { InvoiceLine: { Item: [{ Description: [{ _: string }] }] }[] })
      .InvoiceLine;
    expect(lines.map((line) => line.Item[0].Description[0]._)).toEqual([
      'Receipts STORE-000001 - STORE-000002 (tax 02 6 %)',
      'Receipts STORE-000001 - STORE-000002 (tax 02 8 %)',
      'Receipts STORE-000001 - STORE-000002 (no tax)',
      'Receipts STORE-000004 - STORE-000006 (tax 02 6 %)',
      'Receipts STORE-000004 - STORE-000006 (tax 02 8 %)',
    ]);
    // The document's totals, read back as sen, are the receipts' takings and tax less the refund, exactly.
    const payable = fromRinggit(Number(invoice?.LegalMonetaryTotal?.[0]?.PayableAmount?.[0]?._));
    const tax = fromRinggit(Number(invoice?.TaxTotal?.[0]?.TaxAmount?.[0]?._));
    expect(payable).toBe(paidSen);
    expect(tax).toBe(taxSen);
  });

  it('submit -> submitted -> valid, with the validation link; asking again answers the same document and sends nothing', async () => {
    const queued = await afresh();
    expect(queued).toMatchObject({
      status: 'queued',
      number: 'STORE-CE-2026-11',
      month: '2026-11',
      type: '01',
    });
    const again = await submit({ month: '2026-11' });
    expect(again.json<EinvoiceSubmitResponse>().document?.id).toBe(queued.id);
    const before = taken().length;
    await sender.runOnce();
    const submitted = await rowOf(queued.id);
    expect(submitted).toMatchObject({ status: 'submitted', attempts: 1 });
    expect(submitted.uuid).toBeTruthy();
    await sender.runOnce(); // the status is not due before 5 s
    expect((await rowOf(queued.id)).status).toBe('submitted');
    clock.advance(5_000);
    await sender.runOnce();
    const status = await t.post(manager, '/v1/admin/einvoice/status', { id: queued.id });
    const valid = status.json<EinvoiceDocument>();
    expect(valid).toMatchObject({ status: 'valid', uuid: submitted.uuid });
    expect(valid.validation_link).toBe(
      `https://preprod.myinvois.hasil.gov.my/${valid.uuid}/share/${valid.long_id}`,
    );
    expect(taken().length - before).toBe(1);
    expect(heldCopies('STORE-CE-2026-11').filter((doc) => doc.uuid === valid.uuid)).toHaveLength(1);
    const list = (await t.post(manager, '/v1/admin/einvoice/list', { month: '2026-11' })).json<
      EinvoiceDocument[]
    >();
    expect(list.map((doc) => [doc.id, doc.status])).toEqual([[queued.id, 'valid']]);
  });

  it('a 5xx is tried again after a backoff, then accepted once', async () => {
    const queued = await afresh();
    const before = taken().length;
    simulator.fault({ kind: 'status', status: 503 }, { path: SUBMISSIONS, method: 'POST' });
    await sender.runOnce();
    const waiting = await rowOf(queued.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(Date.parse(waiting.next_attempt_at) - clock().getTime()).toBe(30_000);
    expect(await sender.runOnce()).toBe(0);
    expect((await driveToEnd(queued.id)).status).toBe('valid');
    expect(taken().length - before).toBe(1);
  });

  it('a 429 waits its Retry-After, then is accepted once', async () => {
    const queued = await afresh();
    const before = taken().length;
    simulator.fault(
      { kind: 'status', status: 429, retryAfterSeconds: 7 },
      { path: SUBMISSIONS, method: 'POST' },
    );
    await sender.runOnce();
    const waiting = await rowOf(queued.id);
    expect(waiting.status).toBe('queued');
    expect(Date.parse(waiting.next_attempt_at) - clock().getTime()).toBe(7_000);
    expect((await driveToEnd(queued.id)).status).toBe('valid');
    expect(taken().length - before).toBe(1);
  });

  it('an answer lost after the submission was taken: the same payload meets 422 DuplicateSubmission, waits, then DS302 is read as this document', async () => {
    const queued = await afresh();
    const before = simulator.documents.size;
    simulator.fault({ kind: 'lostAnswer' }, { path: SUBMISSIONS, method: 'POST' });
    await sender.runOnce();
    expect((await rowOf(queued.id)).status).toBe('queued');
    clock.advance(30_000);
    await sender.runOnce();
    const duplicate = simulator.requests.at(-1);
    expect(duplicate).toMatchObject({ path: SUBMISSIONS, status: 422 });
    const end = await driveToEnd(queued.id);
    expect(end.status).toBe('valid');
    expect(simulator.documents.size - before).toBe(1);
    expect(heldCopies('STORE-CE-2026-11').map((doc) => doc.uuid)).toContain(end.uuid);
  });

  it('a server stopped mid-submission: another sender takes the row over when its lease ends and sends the identical payload; MyInvois holds one document', async () => {
    const queued = await afresh();
    const before = simulator.documents.size;
    // Server 1 claimed the row and sent it; MyInvois took it; server 1 stopped before recording the answer.
    const row = await rowOf(queued.id);
    await t.db
      .updateTable('einvoice_documents')
      .set({
        status: 'submitting',
        attempts: 1,
        lease_owner: 'server-1',
        lease_until: new Date(clock().getTime() + 120_000).toISOString(),
      })
      .where('id', '=', queued.id)
      .execute();
    const sent = await client.submit([
      {
        format: 'JSON',
        document: Buffer.from(row.document_json ?? '', 'utf8').toString('base64'),
        documentHash: row.document_hash ?? '',
        codeNumber: row.number,
      },
    ]);
    expect(sent.kind).toBe('accepted');
    const restarted = createEinvoiceSender({ db: t.db, client, clock, pollMs: 5_000, owner: 'server-2' });
    expect(await restarted.runOnce()).toBe(0); // server 1's lease still holds
    clock.advance(121_000);
    const end = await driveToEnd(queued.id, 12, restarted);
    expect(end.status).toBe('valid');
    expect(simulator.documents.size - before).toBe(1);
    expect(end.uuid).toBe(sent.kind === 'accepted' ? sent.accepted[0]?.uuid : undefined);
  });

  it('a server restarted with the document submitted polls it to valid and never submits it again', async () => {
    const queued = await afresh();
    const before = taken().length;
    await sender.runOnce();
    expect((await rowOf(queued.id)).status).toBe('submitted');
    await sender.stop();
    const restarted = createEinvoiceSender({ db: t.db, client, clock, pollMs: 5_000, owner: 'server-2' });
    clock.advance(5_000);
    expect((await driveToEnd(queued.id, 12, restarted)).status).toBe('valid');
    expect(taken().length - before).toBe(1);
  });

  it("a refusal is kept with LHDN's errors (another taxpayer's TIN: 403), and retry rebuilds it from the corrected identity", async () => {
    expect(
      (await t.post(manager, '/v1/admin/einvoice/settings/set', { tin: 'C99999999990' })).statusCode,
    ).toBe(200);
    const queued = await afresh();
    const before = taken().length;
    const refused = await driveToEnd(queued.id);
    expect(refused.status).toBe('rejected');
    expect(refused.validation_errors).toContain('IncorrectSubmitter');
    const failedRetry = await t.post(manager, '/v1/admin/einvoice/retry', { id: queued.id });
    expect(failedRetry.statusCode).toBe(200); // rebuilt, but still with the wrong TIN
    expect((await driveToEnd(queued.id)).status).toBe('rejected');
    await setIdentity();
    const retried = await t.post(manager, '/v1/admin/einvoice/retry', { id: queued.id });
    expect(retried.json<EinvoiceDocument>()).toMatchObject({ status: 'queued', attempts: 0, uuid: null });
    expect((await driveToEnd(queued.id)).status).toBe('valid');
    expect(taken().length - before).toBe(1);
    const again = await t.post(manager, '/v1/admin/einvoice/retry', { id: queued.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'E-invoice STORE-CE-2026-11 is valid: only a failed, rejected or invalid one is tried again',
    );
  });

  it('cancels a valid document within 72 hours of its validation, not after', async () => {
    const queued = await afresh();
    expect((await driveToEnd(queued.id)).status).toBe('valid');
    const cancelled = await t.post(manager, '/v1/admin/einvoice/cancel', {
      id: queued.id,
      reason: 'Wrong amounts',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<EinvoiceDocument>()).toMatchObject({ status: 'cancelled' });
    const second = await afresh();
    expect((await driveToEnd(second.id)).status).toBe('valid');
    clock.advance(72 * 3_600_000 + 60_000);
    manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
    const late = await t.post(manager, '/v1/admin/einvoice/cancel', { id: second.id, reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/validated more than 72 hours ago/);
  });
});
