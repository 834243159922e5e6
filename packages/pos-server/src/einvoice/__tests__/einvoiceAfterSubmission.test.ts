import { randomUUID } from 'node:crypto';
import type { EinvoiceDocument, EinvoiceSubmitResponse, Receipt } from 'pos-sdk/contract';
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
import { buildEinvoiceDocument } from '../buildEinvoiceDocument';
import { loadConfiguredSigning } from '../configuredSigning';
import { signedColumns } from '../einvoiceOutbox';
import { createEinvoiceSender, type EinvoiceSender } from '../einvoiceSender';
import { createEinvoiceChores } from '../monthEndSubmission';
import { readMonthReceipts } from '../monthReceipts';
import type { MyInvoisClient } from '../myinvoisClient';
import { MAX_DOCUMENT_BYTES } from '../splitConsolidated';
import { GYM, GYM_IDENTITY, MEMBER_INVOICE } from './support/einvoiceFixtures';
import type { MyInvoisSimulator } from './support/myinvoisSimulator';
import { type MyInvoisTestBed, startMyInvoisTestBed } from './support/myinvoisTestBed';

/** 23:00 on 30 November 2026 in Kuala Lumpur: the month's last sales. */
const LAST_HOUR = '2026-11-30T15:00:00.000Z';
/** 23:59:59 on 30 November in Kuala Lumpur: November is not over. */
const LAST_SECOND = '2026-11-30T15:59:59.000Z';
/** 00:00:05 on 1 December in Kuala Lumpur (16:00:05 UTC on 30 November): November is over. */
const FIRST_OF_DECEMBER = '2026-11-30T16:00:05.000Z';

type Invoice = Record<string, [Record<string, unknown>]>;
/** The first `Invoice` of a document's JSON. */
const invoiceOf = (json: string | null): Invoice =>
  (JSON.parse(json ?? '{}') as { Invoice: Invoice[] }).Invoice[0] as Invoice;
/** A decimal amount of a document read back as sen. */
const senAt = (invoice: Invoice, total: string, amount: string): number =>
  fromRinggit(Number((invoice[total]?.[0]?.[amount] as [{ _: number }] | undefined)?.[0]._));

describeOnEngines(
  'e-invoices after the month: queued at its end, refund notes, split months, audited',
  (engine) => {
    let t: TestApp;
    let bed: MyInvoisTestBed;
    let simulator: MyInvoisSimulator;
    let client: MyInvoisClient;
    let manager: TestSession;
    let cashier: TestSession;
    let einvoice: EinvoiceConfig;
    const clock = createTestClock(LAST_HOUR);
    const sold: Receipt[] = [];

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
      };
      await ok('/v1/admin/settings/set', { name: GYM.name, sst_registration_no: GYM.sstNo });
      await ok('/v1/admin/tax/set', {
        code: { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' },
      });
      await ok('/v1/admin/catalog/edit', { sku: 'DAY-ADULT', changes: { tax_code: 'SST8' } });
      await ok('/v1/admin/einvoice/settings/set', GYM_IDENTITY);
      // Three receipts in November's last hour: taxed and untaxed lines.
      sold.push(
        await sell(
          t,
          cashier,
          checkoutBody([cartItem('DAY-ADULT', 2, clock()), cartItem('GRIP-L', 1, clock())]),
        ),
        await sell(t, cashier, checkoutBody([cartItem('GRIP-L', 2, clock())])),
        await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())])),
      );
    });
    afterAll(async () => {
      await t?.close();
      await bed?.close();
    });

    /** This server's sender, with the server's round work (month end, refund notes) as `startServer` wires it. */
    const senderOf = (owner: string): EinvoiceSender =>
      createEinvoiceSender({
        db: t.db,
        client,
        clock,
        pollMs: 5_000,
        owner,
        beforeRound: createEinvoiceChores({
          db: t.db,
          store: 'STORE',
          timeZone: async () => 'Asia/Kuala_Lumpur',
          signing: loadConfiguredSigning(einvoice),
          clock,
        }),
      });
    let sender: EinvoiceSender;
    beforeEach(async () => {
      sender = senderOf('server-1');
    });

    const rowOf = async (id: string): Promise<EinvoiceDocumentRow> =>
      t.db.selectFrom('einvoice_documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const rowsOf = async (eventKey: string) =>
      t.db.selectFrom('einvoice_documents').selectAll().where('event_key', 'like', eventKey).execute();
    /** Runs the sender, moving the clock to each next try, until the document is settled (at most `rounds`). */
    const driveToEnd = async (id: string, rounds = 12) => {
      for (let round = 0; round < rounds; round += 1) {
        await sender.runOnce();
        const row = await rowOf(id);
        if (!['queued', 'submitting', 'submitted'].includes(row.status)) return row;
        clock.advance(5_000);
      }
      return rowOf(id);
    };
    const auditOf = async (id: string) =>
      (
        await t.db
          .selectFrom('audit_log')
          .select(['action', 'staff_id'])
          .where('subject_type', '=', 'einvoice')
          .where('subject_id', '=', id)
          .orderBy('at')
          .orderBy('id')
          .execute()
      ).map((entry) => entry.action);
    const refund = async (receipt: Receipt, items?: { sku: string; quantity: number }[]) => {
      cashier = await t.signIn(CASHIER);
      const response = await t.inject({
        method: 'POST',
        url: '/v1/admin/refund_order',
        payload: {
          invoice_id: receipt.order.invoice?._id,
          message: 'Changed their mind',
          ...(items === undefined ? {} : { items }),
        },
        headers: { ...cashier.headers, 'idempotency-key': randomUUID() },
      });
      expect(response.statusCode, response.body).toBe(200);
      return t.db
        .selectFrom('order_refunds')
        .selectAll()
        .where('order_id', '=', receipt.order._id)
        .orderBy('number', 'desc')
        .executeTakeFirstOrThrow();
    };
    /** Refunds are for the day of the sale only: the test dates a sale today to refund it after its month was sent. */
    const soldToday = async (receipt: Receipt) =>
      t.db
        .updateTable('orders')
        .set({ created_at: clock().toISOString() })
        .where('id', '=', receipt.order._id)
        .execute();

    it("queues November's consolidated e-invoice by itself at midnight on the 1st (venue time), once, submits it and audits it", async () => {
      clock.set(LAST_SECOND);
      await sender.runOnce();
      expect(await rowsOf('consolidated:%')).toEqual([]); // October had no receipts: nothing; November is not over
      clock.set(FIRST_OF_DECEMBER);
      await sender.runOnce();
      const [november, ...others] = await rowsOf('consolidated:%');
      expect(others).toEqual([]);
      expect(november).toMatchObject({
        event_key: 'consolidated:STORE:2026-11',
        number: 'STORE-CE-2026-11',
        status: 'submitted',
      });
      if (november === undefined) throw new Error('not queued');
      // A second server's round, and a manager asking, find the month queued: one document.
      await senderOf('server-2').runOnce();
      const asked = await t.post(manager, '/v1/admin/einvoice/submit', { month: '2026-11' });
      expect(asked.json<EinvoiceSubmitResponse>().document?.id).toBe(november.id);
      expect(await rowsOf('consolidated:%')).toHaveLength(1);
      clock.advance(5_000);
      expect((await driveToEnd(november.id)).status).toBe('valid');
      const held = await t.db
        .selectFrom('einvoice_document_orders')
        .select('order_id')
        .where('document_id', '=', november.id)
        .execute();
      expect(held.map((one) => one.order_id).sort()).toEqual(sold.map((receipt) => receipt.order._id).sort());
      expect(await auditOf(november.id)).toEqual(['einvoice.queued', 'einvoice.submitted', 'einvoice.valid']);
    });

    it('a refund of a receipt in the valid consolidated e-invoice queues a refund note (04) in its transaction, one per refund, built, signed and submitted with the refunded lines and tax', async () => {
      const [november] = await rowsOf('consolidated:STORE:2026-11');
      if (november?.uuid === null || november === undefined) throw new Error('November is not valid');
      const [first] = sold;
      if (first === undefined) throw new Error('no sale');
      await soldToday(first);
      const byLine = await refund(first, [{ sku: 'DAY-ADULT', quantity: 1 }]);
      const [note] = await rowsOf(`refund:${first.order._id}:${byLine.id}`);
      expect(note).toMatchObject({
        type_code: '04',
        number: `${first.order.invoice?._id}-RN1`,
        order_id: first.order._id,
        original_id: november.id,
        status: 'queued',
        document_json: null,
      });
      if (note === undefined) throw new Error('no note');
      expect(await auditOf(note.id)).toEqual(['einvoice.queued']);
      const rest = await refund(first);
      const notes = await rowsOf(`refund:${first.order._id}:%`);
      expect(notes.map((one) => one.number).sort()).toEqual([
        `${first.order.invoice?._id}-RN1`,
        `${first.order.invoice?._id}-RN2`,
      ]);
      for (const one of notes) expect((await driveToEnd(one.id)).status).toBe('valid');
      for (const [row, made] of [
        [await rowOf(note.id), byLine],
        [await rowOf(notes.find((one) => one.id !== note.id)?.id ?? ''), rest],
      ] as const) {
        const invoice = invoiceOf(row.document_json);
        expect((invoice.InvoiceTypeCode?.[0] as { _: string } | undefined)?._).toBe('04');
        expect(JSON.stringify(invoice.BillingReference)).toContain(november.uuid);
        expect(JSON.stringify(invoice.BillingReference)).toContain('STORE-CE-2026-11');
        expect(senAt(invoice, 'LegalMonetaryTotal', 'PayableAmount')).toBe(Number(made.amount_sen));
        expect(senAt(invoice, 'TaxTotal', 'TaxAmount')).toBe(Number(made.tax_sen));
        expect(JSON.stringify(invoice.AccountingCustomerParty)).toContain('EI00000000010');
      }
      expect(Number(byLine.tax_sen)).toBeGreaterThan(0);
      expect(await auditOf(note.id)).toEqual(['einvoice.queued', 'einvoice.submitted', 'einvoice.valid']);
    });

    it("a refund of a sale whose own e-invoice is not valid yet waits for it, then names it (refused, it is built again on retry); its receipt never goes into the month's consolidation", async () => {
      cashier = await t.signIn(CASHIER);
      const sale = await sell(t, cashier, checkoutBody([cartItem('DAY-ADULT', 1, clock())]));
      // The sale's own e-invoice (01), as a buyer's request issues it: queued with its order.
      const own = { ...MEMBER_INVOICE, number: sale.order.invoice?._id ?? '', issuedAt: clock() };
      const id = randomUUID();
      await t.db
        .insertInto('einvoice_documents')
        .values({
          id,
          store: 'STORE',
          event_key: `sale:${sale.order._id}`,
          type_code: '01',
          order_id: sale.order._id,
          original_id: null,
          status: 'queued',
          attempts: 0,
          next_attempt_at: clock().toISOString(),
          created_at: clock().toISOString(),
          ...signedColumns(buildEinvoiceDocument(own), loadConfiguredSigning(einvoice), clock()),
        })
        .execute();
      await sender.runOnce();
      expect((await rowOf(id)).status).toBe('submitted');
      const made = await refund(sale);
      const [note] = await rowsOf(`refund:${sale.order._id}:${made.id}`);
      if (note === undefined) throw new Error('no note');
      expect(note).toMatchObject({ original_id: id, status: 'queued', document_json: null });
      // Its original is still being validated: the note waits, unbuilt, and nothing is sent for it.
      await sender.runOnce();
      expect(await rowOf(note.id)).toMatchObject({ status: 'queued', document_json: null, attempts: 0 });
      clock.advance(5_000);
      await sender.runOnce(); // the original becomes valid
      expect((await rowOf(id)).status).toBe('valid');
      // Built with another taxpayer's TIN, MyInvois refuses the note; corrected, retry builds it again from its refund.
      manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
      await t.post(manager, '/v1/admin/einvoice/settings/set', { tin: 'C99999999990' });
      expect((await driveToEnd(note.id)).status).toBe('rejected');
      await t.post(manager, '/v1/admin/einvoice/settings/set', { tin: GYM.tin });
      const retried = await t.post(manager, '/v1/admin/einvoice/retry', { id: note.id });
      expect(retried.json<EinvoiceDocument>()).toMatchObject({ status: 'queued', type: '04', uuid: null });
      expect((await rowOf(note.id)).document_json).toBeNull();
      const end = await driveToEnd(note.id);
      expect(end.status).toBe('valid');
      expect(await auditOf(note.id)).toEqual([
        'einvoice.queued',
        'einvoice.rejected',
        'einvoice.retried',
        'einvoice.submitted',
        'einvoice.valid',
      ]);
      const invoice = invoiceOf(end.document_json);
      expect(JSON.stringify(invoice.BillingReference)).toContain((await rowOf(id)).uuid ?? 'none');
      expect(JSON.stringify(invoice.AccountingCustomerParty)).toContain('Aminah binti Hassan');
      const december = await readMonthReceipts(t.db, {
        store: 'STORE',
        month: '2026-12',
        timeZone: 'Asia/Kuala_Lumpur',
      });
      expect(december.map((receipt) => receipt.orderId)).not.toContain(sale.order._id);
      expect(senAt(invoice, 'LegalMonetaryTotal', 'PayableAmount')).toBe(Number(made.amount_sen));
    });

    it('splits a month too large for one document (300 KB) into documents numbered in sequence, each under the limit, holding every receipt once; a refund of a refused part waits, and is netted (the note withdrawn) when the part is built again', async () => {
      // October: 240 receipts with gaps between them (each its own run), two tax rates each: about 350 KB as one.
      const [template] = sold;
      if (template === undefined) throw new Error('no sale');
      const order = await t.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', template.order._id)
        .executeTakeFirstOrThrow();
      const items = await t.db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      const tenders = await t.db.selectFrom('tenders').selectAll().where('order_id', '=', order.id).execute();
      const count = 240;
      const ids = Array.from({ length: count }, () => randomUUID());
      const at = '2026-10-10T04:00:00.000Z';
      for (let start = 0; start < count; start += 40) {
        const slice = ids.slice(start, start + 40);
        await t.db
          .insertInto('orders')
          .values(slice.map((id) => ({ ...order, id, status: 'PAID', created_at: at, refunded_sen: 0 })))
          .execute();
        await t.db
          .insertInto('invoices')
          .values(
            slice.map((id, index) => {
              const number = 10_000 + 2 * (start + index);
              return { id: `STORE-0${number}`, store: 'STORE', number, order_id: id, issued_at: at };
            }),
          )
          .execute();
        await t.db
          .insertInto('order_items')
          .values(
            slice.flatMap((id) =>
              items.map((item) => ({
                ...item,
                id: randomUUID(),
                order_id: id,
                refunded_quantity: 0,
                refunded_sen: 0,
                refunded_tax_sen: 0,
              })),
            ),
          )
          .execute();
        await t.db
          .insertInto('tenders')
          .values(
            slice.flatMap((id) => tenders.map((tender) => ({ ...tender, id: randomUUID(), order_id: id }))),
          )
          .execute();
      }
      manager = await t.signIn(MANAGER, { host: 'OFFICE01' });
      // Another taxpayer's TIN: MyInvois refuses the documents (403), to be corrected and tried again.
      const wrongTin = await t.post(manager, '/v1/admin/einvoice/settings/set', { tin: 'C99999999990' });
      expect(wrongTin.statusCode).toBe(200);
      const response = await t.post(manager, '/v1/admin/einvoice/submit', { month: '2026-10' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<EinvoiceSubmitResponse>().document?.number).toBe('STORE-CE-2026-10-1');
      const listed = (await t.post(manager, '/v1/admin/einvoice/list', { month: '2026-10' })).json<
        EinvoiceDocument[]
      >();
      const parts = (await rowsOf('consolidated:STORE:2026-10%')).sort((a, b) =>
        a.number.localeCompare(b.number, 'en', { numeric: true }),
      );
      expect(parts.length).toBeGreaterThanOrEqual(2);
      expect(listed.map((doc) => doc.id).sort()).toEqual(parts.map((part) => part.id).sort());
      expect(listed.every((doc) => doc.month === '2026-10')).toBe(true);
      expect(parts.map((part) => part.number)).toEqual(
        parts.map((_, index) => `STORE-CE-2026-10-${index + 1}`),
      );
      expect(parts.map((part) => part.event_key)).toEqual(
        parts.map((_, index) => `consolidated:STORE:2026-10${index === 0 ? '' : `:${index + 1}`}`),
      );
      for (const part of parts) {
        expect(Buffer.byteLength(part.document_json ?? '', 'utf8')).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
      }
      const held = await t.db
        .selectFrom('einvoice_document_orders')
        .select(['order_id', 'document_id'])
        .where(
          'document_id',
          'in',
          parts.map((part) => part.id),
        )
        .execute();
      expect(held.map((one) => one.order_id).sort()).toEqual([...ids].sort());
      for (const part of parts) expect((await driveToEnd(part.id)).status).toBe('rejected');

      // A refund of a receipt of a refused part: its note waits for the part.
      const refundedId = ids[count - 1] ?? '';
      const last = { order: { _id: refundedId, invoice: { _id: `STORE-0${10_000 + 2 * (count - 1)}` } } };
      await soldToday(last as Receipt);
      const made = await refund(last as Receipt);
      const holder = held.find((one) => one.order_id === refundedId)?.document_id;
      const [note] = await rowsOf(`refund:${refundedId}:${made.id}`);
      if (note === undefined) throw new Error('no note');
      expect(note).toMatchObject({ original_id: holder, status: 'queued', document_json: null });
      await sender.runOnce();
      expect(await rowOf(note.id)).toMatchObject({ status: 'queued', document_json: null });

      // Corrected and tried again: each part is built again from its own receipts as they are now.
      const rightTin = await t.post(manager, '/v1/admin/einvoice/settings/set', { tin: GYM.tin });
      expect(rightTin.statusCode).toBe(200);
      for (const part of parts) {
        const retried = await t.post(manager, '/v1/admin/einvoice/retry', { id: part.id });
        expect(retried.statusCode, retried.body).toBe(200);
      }
      const withdrawn = await rowOf(note.id);
      expect(withdrawn).toMatchObject({ status: 'cancelled', document_json: null });
      const holderNumber = parts.find((part) => part.id === holder)?.number;
      expect(withdrawn.last_error).toBe(`withdrawn: ${holderNumber} was built again with this refund netted`);
      expect(await auditOf(note.id)).toEqual(['einvoice.queued', 'einvoice.withdrawn']);
      for (const part of parts) {
        expect((await driveToEnd(part.id)).status).toBe('valid');
        expect(await auditOf(part.id)).toEqual([
          'einvoice.queued',
          'einvoice.rejected',
          'einvoice.retried',
          'einvoice.submitted',
          'einvoice.valid',
        ]);
        expect(
          [...simulator.documents.values()].filter((doc) => doc.codeNumber === part.number),
        ).toHaveLength(1);
      }
      // Together the parts are the month: its takings less the refund, to the sen.
      const rebuilt = await rowsOf('consolidated:STORE:2026-10%');
      const payable = rebuilt.reduce(
        (sum, part) => sum + senAt(invoiceOf(part.document_json), 'LegalMonetaryTotal', 'PayableAmount'),
        0,
      );
      expect(payable).toBe(Number(order.total_sen) * count - Number(made.amount_sen));
    });
  },
);
