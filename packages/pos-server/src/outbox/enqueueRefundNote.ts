import { recordAudit } from '../audit';
import type { Db } from '../db/Database';
import { timeOrderedId } from '../db/timeOrderedId';
import { formatInvoiceId } from '../invoices';

/** The event key of a refund's e-invoice note: one note per refund, ever. */
export const refundNoteEventKey = (orderId: string, refundId: string) => `refund:${orderId}:${refundId}`;

/**
 * Queues the MyInvois refund note (type 04) a refund owes, in the refund's transaction, when the refunded order's
 * receipt is already in an e-invoice: the order's own e-invoice (type 01 naming the order), else the consolidated
 * e-invoice that holds its receipt (`einvoice_document_orders`). A cancelled document is no original. Without one
 * (the month not submitted yet) nothing is queued: the month's consolidated e-invoice nets the refund.
 *
 * The row is written unbuilt (no JSON yet): the e-invoice sender's round builds and signs it from the refund's lines
 * once its original is valid (it needs the original's MyInvois UUID), and only then submits it (docs/einvoice.md).
 * Its event key is the refund's, unique, so a refund never queues two notes.
 *
 * @returns the note's id, or undefined when the order has no e-invoice yet.
 */
export async function enqueueRefundNote(
  db: Db,
  refund: {
    orderId: string;
    store: string;
    refundId: string;
    /** The refund's number among the order's refunds: 1, 2, ... */
    refundNumber: number;
    staffId: string | null;
    terminalId: string | null;
    now: Date;
  },
): Promise<string | undefined> {
  const own = await db
    .selectFrom('einvoice_documents')
    .select(['id', 'number'])
    .where('order_id', '=', refund.orderId)
    .where('type_code', '=', '01')
    .where('status', '!=', 'cancelled')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const original =
    own ??
    (await db
      .selectFrom('einvoice_document_orders')
      .innerJoin('einvoice_documents', 'einvoice_documents.id', 'einvoice_document_orders.document_id')
      .select(['einvoice_documents.id', 'einvoice_documents.number'])
      .where('einvoice_document_orders.order_id', '=', refund.orderId)
      .where('einvoice_documents.status', '!=', 'cancelled')
      .orderBy('einvoice_documents.created_at', 'desc')
      .executeTakeFirst());
  if (original === undefined) return undefined;
  const invoice = await db
    .selectFrom('invoices')
    .select('number')
    .where('order_id', '=', refund.orderId)
    .executeTakeFirstOrThrow();
  const id = timeOrderedId();
  const at = refund.now.toISOString();
  const number = `${formatInvoiceId(refund.store, Number(invoice.number))}-RN${refund.refundNumber}`;
  const written = await db
    .insertInto('einvoice_documents')
    .values({
      id,
      store: refund.store,
      event_key: refundNoteEventKey(refund.orderId, refund.refundId),
      type_code: '04',
      number,
      order_id: refund.orderId,
      original_id: original.id,
      status: 'queued',
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
      document_json: null,
      document_hash: null,
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (written === undefined) return undefined;
  await recordAudit(db, {
    action: 'einvoice.queued',
    staffId: refund.staffId,
    terminalId: refund.terminalId,
    at: refund.now,
    subject: { type: 'einvoice', id },
    details: { number, type: '04', original: original.number, order_id: refund.orderId },
  });
  return id;
}
