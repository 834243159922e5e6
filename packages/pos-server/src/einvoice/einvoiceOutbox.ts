import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { EinvoiceDocument } from 'pos-sdk/contract';
import { venueDate } from 'pos-sdk/rules';
import { recordAudit } from '../audit';
import type { Database, Db, EinvoiceDocumentRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { buildEinvoiceDocument, type UblDocument } from './buildEinvoiceDocument';
import { type ConsolidatedReceipt, consolidatedInput } from './consolidatedInput';
import { readSupplier } from './einvoiceSettings';
import { orderOfSaleEvent, rebuildSaleDocument } from './individualEinvoice';
import { monthRange, readMonthReceipts } from './monthReceipts';
import { signDocument } from './signDocument';
import type { SigningCredentials } from './signingCredentials';
import { type ConsolidatedPart, splitConsolidated } from './splitConsolidated';
import { submissionDocument } from './submissionDocument';

/** The event key of a store-month's consolidated e-invoice: one document per store and month, ever. */
export const consolidatedEventKey = (store: string, month: string) => `consolidated:${store}:${month}`;

/** The event key of part `part` of a split month: part 1 keeps the month's key, then `...:2`, `...:3`. */
export const consolidatedPartEventKey = (store: string, month: string, part: number) =>
  part === 1 ? consolidatedEventKey(store, month) : `${consolidatedEventKey(store, month)}:${part}`;

/** The month of a consolidated e-invoice's event key (any part of it); null for another document. */
const monthOfEvent = (eventKey: string): string | null =>
  /^consolidated:[^:]+:(\d{4}-\d{2})(?::\d+)?$/.exec(eventKey)?.[1] ?? null;

/** The documents of a store-month's consolidated e-invoice, issued at `now`: one, or several when it is split. */
async function buildMonthParts(
  db: Db,
  options: { store: string; month: string; timeZone: string; now: Date },
): Promise<ConsolidatedPart[]> {
  const supplier = await readSupplier(db, options);
  const receipts = await readMonthReceipts(db, options);
  const parts = splitConsolidated({ ...options, issuedAt: options.now, supplier, receipts });
  if (parts.length === 0) {
    throw HttpProblem.conflict(`No receipts to consolidate in ${options.month}: nothing to submit`);
  }
  return parts;
}

/** The signed document's columns: its JSON and hash, sent as they are on every try. */
export function signedColumns(document: UblDocument, signing: SigningCredentials, now: Date) {
  const signed = signDocument(document, signing, now);
  const number = String((document.Invoice[0] as { ID: [{ _: string }] }).ID[0]._);
  return {
    number,
    document_json: signed.json,
    document_hash: submissionDocument(signed, number).documentHash,
  };
}

/** 409: the server has no MyInvois settings, so it cannot build, sign or send an e-invoice. */
export function einvoicingNotConfigured(): HttpProblem {
  return HttpProblem.conflict(
    'E-invoicing is not configured on this server (POS_EINVOICE_ENV, docs/server.md)',
  );
}

/** Runs `work` in `db`'s transaction, or in a new one. */
const inTransaction = <T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);

/**
 * Queues a store-month's consolidated e-invoice to MyInvois, once: the document is built from the month's receipts
 * (`readMonthReceipts`), signed now and kept as it is, in the row of the month's event key, which is unique, so
 * asking again (or two managers at once, or the month-end round) answers the one row. A month too large for one
 * document (300 KB) is split (`splitConsolidated`): its parts are queued together, part 1 under the month's key, and
 * the row answered is part 1's. Each document records the receipts it holds (`einvoice_document_orders`), for the
 * refund notes of later refunds. The month must be over: a receipt of a month already submitted would never be
 * consolidated. With `dryRun`, the document (unsigned; the parts' list when split) is answered and nothing is queued.
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
    /** Who asks, for the audit log; null for the month-end round. */
    staffId?: string | null;
    terminalId?: string | null;
  },
): Promise<{ row: EinvoiceDocumentRow | undefined; preview: UblDocument | UblDocument[] | undefined }> {
  if (options.dryRun) {
    const documents = (await buildMonthParts(db, options)).map((part) => buildEinvoiceDocument(part.input));
    return { row: undefined, preview: documents.length === 1 ? documents[0] : documents };
  }
  const eventKey = consolidatedEventKey(options.store, options.month);
  const existing = await db
    .selectFrom('einvoice_documents')
    .selectAll()
    .where('event_key', '=', eventKey)
    .executeTakeFirst();
  if (existing !== undefined) return { row: existing, preview: undefined };
  const signing = options.signing;
  if (signing === undefined) {
    throw einvoicingNotConfigured();
  }
  if (options.now < monthRange(options.month, options.timeZone).end) {
    throw HttpProblem.conflict(
      `${options.month} is not over yet: its consolidated e-invoice is submitted after the month ends (try --dry-run)`,
    );
  }
  const parts = await buildMonthParts(db, options);
  const at = options.now.toISOString();
  await inTransaction(db, async (trx) => {
    for (const part of parts) {
      const id = randomUUID();
      const written = await trx
        .insertInto('einvoice_documents')
        .values({
          id,
          store: options.store,
          event_key: consolidatedPartEventKey(options.store, options.month, part.part),
          type_code: '01',
          order_id: null,
          original_id: null,
          status: 'queued',
          attempts: 0,
          next_attempt_at: at,
          created_at: at,
          ...signedColumns(buildEinvoiceDocument(part.input), signing, options.now),
        })
        .onConflict((oc) => oc.column('event_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      // Queued first by someone else (another manager, the month-end round): theirs stand.
      if (written === undefined) return;
      await recordReceipts(trx, id, part.receipts);
      await recordAudit(trx, {
        action: 'einvoice.queued',
        staffId: options.staffId ?? null,
        terminalId: options.terminalId ?? null,
        at: options.now,
        subject: { type: 'einvoice', id },
        details: {
          number: part.number,
          type: '01',
          month: options.month,
          part: part.part,
          parts: parts.length,
        },
      });
    }
  });
  const row = await db
    .selectFrom('einvoice_documents')
    .selectAll()
    .where('event_key', '=', eventKey)
    .executeTakeFirstOrThrow();
  return { row, preview: undefined };
}

/** Records the receipts (orders) a consolidated document holds. */
async function recordReceipts(db: Db, documentId: string, receipts: readonly ConsolidatedReceipt[]) {
  const rows = receipts.flatMap((receipt) =>
    receipt.orderId === undefined ? [] : [{ document_id: documentId, order_id: receipt.orderId }],
  );
  for (let start = 0; start < rows.length; start += 400) {
    await db
      .insertInto('einvoice_document_orders')
      .values(rows.slice(start, start + 400))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** One e-invoice by id. @throws HttpProblem 404. */
export async function findEinvoice(db: Db, id: string): Promise<EinvoiceDocumentRow> {
  const row = await db.selectFrom('einvoice_documents').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw HttpProblem.notFound(`No e-invoice ${id}`);
  return row;
}

/** The store's e-invoices, newest first; only the month's consolidated one (all its parts) with `month`. */
export async function listEinvoices(
  db: Db,
  options: { store: string; month?: string },
): Promise<EinvoiceDocumentRow[]> {
  let query = db.selectFrom('einvoice_documents').selectAll().where('store', '=', options.store);
  if (options.month !== undefined) {
    const key = consolidatedEventKey(options.store, options.month);
    query = query.where((eb) => eb.or([eb('event_key', '=', key), eb('event_key', 'like', `${key}:%`)]));
  }
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
  // The part of its month's consolidated e-invoice that holds the receipt (a month over MyInvois's size is split);
  // a month queued before its documents recorded their receipts (migration 0036) by the month's event key.
  const holding = await db
    .selectFrom('einvoice_document_orders')
    .innerJoin('einvoice_documents', 'einvoice_documents.id', 'einvoice_document_orders.document_id')
    .selectAll('einvoice_documents')
    .where('einvoice_document_orders.order_id', '=', order.id)
    .where('einvoice_documents.order_id', 'is', null)
    .orderBy('einvoice_documents.created_at', 'desc')
    .executeTakeFirst();
  const month = venueDate(new Date(order.created_at), options.timeZone).slice(0, 7);
  const ofMonth =
    holding ??
    (await db
      .selectFrom('einvoice_documents')
      .selectAll()
      .where('event_key', '=', consolidatedEventKey(order.store, month))
      .executeTakeFirst());
  return ofMonth === undefined ? own : [...own, ofMonth];
}

/**
 * Tries a document again: a `failed` one (given up after its retries) is queued again with the same signed payload
 * (MyInvois's duplicate checks catch it if an earlier try was taken after all); a `rejected` or `invalid`
 * consolidated one is built again from the receipts it holds and the venue's identity as they are now (corrected),
 * signed and issued now, and queued, and the refund notes waiting for it are withdrawn (it nets their refunds); a
 * `rejected` or `invalid` refund note is queued unbuilt, to be built again from its refund by the sender's next
 * round. Anything else is 409: it is on its way, or done.
 */
export async function retryEinvoice(
  db: Db,
  options: {
    id: string;
    timeZone: string;
    now: Date;
    signing: SigningCredentials | undefined;
    staffId?: string | null;
    terminalId?: string | null;
  },
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
  /** What MyInvois said of the document sent before: a rebuilt one is a new submission. */
  const unsent = {
    submission_uid: null,
    uuid: null,
    long_id: null,
    validation_errors: null,
    submitted_at: null,
    validated_at: null,
  };
  const audit = (trx: Db, rebuilt: boolean) =>
    recordAudit(trx, {
      action: 'einvoice.retried',
      staffId: options.staffId ?? null,
      terminalId: options.terminalId ?? null,
      at: options.now,
      subject: { type: 'einvoice', id: row.id },
      details: { number: row.number, was: row.status, rebuilt },
    });
  if (row.status === 'failed') {
    await inTransaction(db, async (trx) => {
      const changed = await trx
        .updateTable('einvoice_documents')
        .set(reset)
        .where('id', '=', row.id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) > 0) await audit(trx, false);
    });
    return findEinvoice(db, row.id);
  }
  const month = monthOfEvent(row.event_key);
  const saleOrder = orderOfSaleEvent(row.event_key);
  if ((row.status === 'rejected' || row.status === 'invalid') && (month !== null || saleOrder !== null)) {
    if (options.signing === undefined) {
      throw einvoicingNotConfigured();
    }
    // A month's document from its receipts; a sale's own from the order and its buyer (`individualEinvoice`).
    const document =
      month !== null
        ? await rebuildConsolidated(db, row, { month, timeZone: options.timeZone, now: options.now })
        : await rebuildSaleDocument(db, row, {
            orderId: saleOrder ?? '',
            timeZone: options.timeZone,
            now: options.now,
          });
    const { document_json, document_hash } = signedColumns(document, options.signing, options.now);
    await inTransaction(db, async (trx) => {
      const changed = await trx
        .updateTable('einvoice_documents')
        .set({
          ...reset,
          document_json,
          document_hash,
          ...unsent,
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return;
      await audit(trx, true);
      await withdrawWaitingNotes(trx, row, options.now);
    });
    return findEinvoice(db, row.id);
  }
  if ((row.status === 'rejected' || row.status === 'invalid') && row.type_code === '04') {
    // A refund note is built again from its refund by the sender's next round (`prepareRefundNotes`), as at first.
    await inTransaction(db, async (trx) => {
      const changed = await trx
        .updateTable('einvoice_documents')
        .set({
          ...reset,
          document_json: null,
          document_hash: null,
          ...unsent,
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) > 0) await audit(trx, true);
    });
    return findEinvoice(db, row.id);
  }
  throw HttpProblem.conflict(
    `E-invoice ${row.number} is ${row.status}: only a failed, rejected or invalid one is tried again`,
  );
}

/**
 * A consolidated document built again, issued now, from the receipts it holds as they are now (their refunds
 * netted), under its own number; a document queued before its receipts were recorded is its whole month again.
 */
async function rebuildConsolidated(
  db: Db,
  row: EinvoiceDocumentRow,
  options: { month: string; timeZone: string; now: Date },
): Promise<UblDocument> {
  const held = await db
    .selectFrom('einvoice_document_orders')
    .select('order_id')
    .where('document_id', '=', row.id)
    .execute();
  const supplier = await readSupplier(db, { store: row.store, timeZone: options.timeZone });
  const receipts = await readMonthReceipts(db, {
    store: row.store,
    month: options.month,
    timeZone: options.timeZone,
    ...(held.length === 0 ? {} : { orderIds: held.map((one) => one.order_id) }),
  });
  const input = consolidatedInput({
    store: row.store,
    month: options.month,
    issuedAt: options.now,
    supplier,
    receipts,
  });
  if (input.lines.length === 0) {
    throw HttpProblem.conflict(`No receipts left in ${row.number}: nothing to submit`);
  }
  return buildEinvoiceDocument({ ...input, number: row.number });
}

/**
 * The refund notes still waiting for a document that is built again: the rebuilt document nets their refunds (it
 * reads the receipts as they are now), so the notes are withdrawn (`cancelled`, with the reason), never sent.
 */
async function withdrawWaitingNotes(trx: Db, original: EinvoiceDocumentRow, now: Date): Promise<void> {
  const withdrawn = await trx
    .updateTable('einvoice_documents')
    .set({
      status: 'cancelled',
      cancelled_at: now.toISOString(),
      last_error: `withdrawn: ${original.number} was built again with this refund netted`,
    })
    .where('original_id', '=', original.id)
    .where('status', '=', 'queued')
    .where('document_json', 'is', null)
    .returning(['id', 'number'])
    .execute();
  for (const note of withdrawn) {
    await recordAudit(trx, {
      action: 'einvoice.withdrawn',
      staffId: null,
      terminalId: null,
      at: now,
      subject: { type: 'einvoice', id: note.id },
      details: { number: note.number, original: original.number, reason: 'netted into the rebuilt original' },
    });
  }
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
