import { randomUUID } from 'node:crypto';
import type { EinvoiceDocument } from 'pos-sdk/contract';
import { venueDate } from 'pos-sdk/rules';
import type { Db, EinvoiceDocumentRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { buildEinvoiceDocument, type UblDocument } from './buildEinvoiceDocument';
import { consolidatedInput } from './consolidatedInput';
import { readSupplier } from './einvoiceSettings';
import { monthRange, readMonthReceipts } from './monthReceipts';
import { signDocument } from './signDocument';
import type { SigningCredentials } from './signingCredentials';
import { submissionDocument } from './submissionDocument';

/** The event key of a store-month's consolidated e-invoice: one document per store and month, ever. */
export const consolidatedEventKey = (store: string, month: string) => `consolidated:${store}:${month}`;

/** The month of a consolidated e-invoice's event key; null for another document. */
const monthOfEvent = (eventKey: string): string | null =>
  /^consolidated:[^:]+:(\d{4}-\d{2})$/.exec(eventKey)?.[1] ?? null;

/** The UBL document of a store-month's consolidated e-invoice, issued at `now`. */
async function buildMonthDocument(
  db: Db,
  options: { store: string; month: string; timeZone: string; now: Date },
): Promise<UblDocument> {
  const supplier = await readSupplier(db, options);
  const receipts = await readMonthReceipts(db, options);
  const input = consolidatedInput({ ...options, issuedAt: options.now, supplier, receipts });
  if (input.lines.length === 0) {
    throw HttpProblem.conflict(`No receipts to consolidate in ${options.month}: nothing to submit`);
  }
  return buildEinvoiceDocument(input);
}

/** The signed document's columns: its JSON and hash, sent as they are on every try. */
function signedColumns(document: UblDocument, signing: SigningCredentials, now: Date) {
  const signed = signDocument(document, signing, now);
  const number = String((document.Invoice[0] as { ID: [{ _: string }] }).ID[0]._);
  return {
    number,
    document_json: signed.json,
    document_hash: submissionDocument(signed, number).documentHash,
  };
}

/**
 * Queues a store-month's consolidated e-invoice to MyInvois, once: the document is built from the month's receipts
 * (`readMonthReceipts`), signed now and kept as it is, in the row of the month's event key, which is unique, so
 * asking again (or two managers at once) answers the one row. The month must be over: a receipt of a month already
 * submitted would never be consolidated. With `dryRun`, the document (unsigned) is answered and nothing is queued.
 *
 * @throws HttpProblem 409 when the month is not over, has no receipts, or the venue's identity is incomplete.
 */
export async function submitMonth(
  db: Db,
  options: {
    store: string;
    month: string;
    timeZone: string;
    now: Date;
    dryRun: boolean;
    signing: SigningCredentials | undefined;
  },
): Promise<{ row: EinvoiceDocumentRow | undefined; preview: UblDocument | undefined }> {
  if (options.dryRun) return { row: undefined, preview: await buildMonthDocument(db, options) };
  const eventKey = consolidatedEventKey(options.store, options.month);
  const existing = await db
    .selectFrom('einvoice_documents')
    .selectAll()
    .where('event_key', '=', eventKey)
    .executeTakeFirst();
  if (existing !== undefined) return { row: existing, preview: undefined };
  if (options.signing === undefined) {
    throw HttpProblem.conflict(
      'E-invoicing is not configured on this server (POS_EINVOICE_ENV, docs/server.md)',
    );
  }
  if (options.now < monthRange(options.month, options.timeZone).end) {
    throw HttpProblem.conflict(
      `${options.month} is not over yet: its consolidated e-invoice is submitted after the month ends (try --dry-run)`,
    );
  }
  const document = await buildMonthDocument(db, options);
  const at = options.now.toISOString();
  await db
    .insertInto('einvoice_documents')
    .values({
      id: randomUUID(),
      store: options.store,
      event_key: eventKey,
      type_code: '01',
      order_id: null,
      original_id: null,
      status: 'queued',
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
      ...signedColumns(document, options.signing, options.now),
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .execute();
  const row = await db
    .selectFrom('einvoice_documents')
    .selectAll()
    .where('event_key', '=', eventKey)
    .executeTakeFirstOrThrow();
  return { row, preview: undefined };
}

/** One e-invoice by id. @throws HttpProblem 404. */
export async function findEinvoice(db: Db, id: string): Promise<EinvoiceDocumentRow> {
  const row = await db.selectFrom('einvoice_documents').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw HttpProblem.notFound(`No e-invoice ${id}`);
  return row;
}

/** The store's e-invoices, newest first; only the month's consolidated one with `month`. */
export async function listEinvoices(
  db: Db,
  options: { store: string; month?: string },
): Promise<EinvoiceDocumentRow[]> {
  let query = db.selectFrom('einvoice_documents').selectAll().where('store', '=', options.store);
  if (options.month !== undefined)
    query = query.where('event_key', '=', consolidatedEventKey(options.store, options.month));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * The e-invoices that cover an order, newest first: its own documents (an invoice of its sale, a note of its refund),
 * and the consolidated e-invoice of its month (the venue's calendar) when the order is one of its receipts: paid or
 * refunded, with a receipt number, and no invoice of its own (`readMonthReceipts`). None yet: [].
 *
 * @throws HttpProblem 404 when there is no such order.
 */
export async function einvoicesOfOrder(
  db: Db,
  options: { orderId: string; timeZone: string },
): Promise<EinvoiceDocumentRow[]> {
  const order = await db
    .selectFrom('orders')
    .leftJoin('invoices', 'invoices.order_id', 'orders.id')
    .select(['orders.id', 'orders.store', 'orders.status', 'orders.created_at', 'invoices.number'])
    .where('orders.id', '=', options.orderId)
    .executeTakeFirst();
  if (order === undefined) throw HttpProblem.notFound(`No order ${options.orderId}`);
  const own = await db
    .selectFrom('einvoice_documents')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const consolidated =
    order.number !== null &&
    (order.status === 'PAID' || order.status === 'REFUNDED') &&
    !own.some((row) => row.type_code === '01');
  if (!consolidated) return own;
  const month = venueDate(new Date(order.created_at), options.timeZone).slice(0, 7);
  const ofMonth = await db
    .selectFrom('einvoice_documents')
    .selectAll()
    .where('event_key', '=', consolidatedEventKey(order.store, month))
    .executeTakeFirst();
  return ofMonth === undefined ? own : [...own, ofMonth];
}

/**
 * Tries a document again: a `failed` one (given up after its retries) is queued again with the same signed payload
 * (MyInvois's duplicate checks catch it if an earlier try was taken after all); a `rejected` or `invalid`
 * consolidated one is built again from the month's receipts and the venue's identity as they are now (corrected),
 * signed and issued now, and queued. Anything else is 409: it is on its way, or done.
 */
export async function retryEinvoice(
  db: Db,
  options: { id: string; timeZone: string; now: Date; signing: SigningCredentials | undefined },
): Promise<EinvoiceDocumentRow> {
  const row = await findEinvoice(db, options.id);
  const at = options.now.toISOString();
  const reset = {
    status: 'queued' as const,
    attempts: 0,
    next_attempt_at: at,
    lease_owner: null,
    lease_until: null,
    last_error: null,
  };
  if (row.status === 'failed') {
    await db
      .updateTable('einvoice_documents')
      .set(reset)
      .where('id', '=', row.id)
      .where('status', '=', 'failed')
      .execute();
    return findEinvoice(db, row.id);
  }
  const month = monthOfEvent(row.event_key);
  if ((row.status === 'rejected' || row.status === 'invalid') && month !== null) {
    if (options.signing === undefined) {
      throw HttpProblem.conflict(
        'E-invoicing is not configured on this server (POS_EINVOICE_ENV, docs/server.md)',
      );
    }
    const document = await buildMonthDocument(db, {
      store: row.store,
      month,
      timeZone: options.timeZone,
      now: options.now,
    });
    const { document_json, document_hash } = signedColumns(document, options.signing, options.now);
    await db
      .updateTable('einvoice_documents')
      .set({
        ...reset,
        document_json,
        document_hash,
        submission_uid: null,
        uuid: null,
        long_id: null,
        validation_errors: null,
        submitted_at: null,
        validated_at: null,
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .execute();
    return findEinvoice(db, row.id);
  }
  throw HttpProblem.conflict(
    `E-invoice ${row.number} is ${row.status}: only a failed, rejected or invalid one is tried again`,
  );
}

/** A number of ringgit read back from the document's JSON (the decimals it was written with). */
function amountOf(document: unknown, path: readonly string[]): number {
  let node: unknown = document;
  for (const name of path) node = (node as Record<string, unknown[]> | undefined)?.[name]?.[0];
  const value = (node as { _?: unknown } | undefined)?._;
  return typeof value === 'number' ? value : 0;
}

/** The validation link of a valid document: `{portal}/{uuid}/share/{longId}`. */
export function validationLink(portalUrl: string, uuid: string | null, longId: string | null): string | null {
  return uuid === null || longId === null ? null : `${portalUrl}/${uuid}/share/${longId}`;
}

/** An outbox row on the wire. */
export function einvoiceToWire(row: EinvoiceDocumentRow, portalUrl: string): EinvoiceDocument {
  const document: unknown = row.document_json === null ? undefined : JSON.parse(row.document_json);
  const invoice = (document as { Invoice?: unknown[] } | undefined)?.Invoice?.[0];
  return {
    id: row.id,
    store: row.store,
    type: row.type_code,
    number: row.number,
    month: monthOfEvent(row.event_key),
    status: row.status,
    attempts: Number(row.attempts),
    next_attempt_at: row.next_attempt_at,
    last_error: row.last_error,
    payable: amountOf(invoice, ['LegalMonetaryTotal', 'PayableAmount']),
    tax: amountOf(invoice, ['TaxTotal', 'TaxAmount']),
    submission_uid: row.submission_uid,
    uuid: row.uuid,
    long_id: row.long_id,
    validation_link: validationLink(portalUrl, row.uuid, row.long_id),
    validation_errors: row.validation_errors === null ? null : JSON.parse(row.validation_errors),
    created_at: row.created_at,
    submitted_at: row.submitted_at,
    validated_at: row.validated_at,
    cancelled_at: row.cancelled_at,
  };
}
