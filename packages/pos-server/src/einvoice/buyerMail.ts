import type { EinvoiceDocument } from 'pos-sdk/contract';
import type { Db } from '../db/Database';
import { enqueueMail } from '../outbox';
import { einvoiceToWire } from './einvoiceOutbox';

/** The mail event of a document's message to its buyer: `einvoice:<document id>`. */
export const einvoiceMailEvent = (documentId: string) => `einvoice:${documentId}`;

/**
 * Queues the message of every valid e-invoice of a sale whose buyer gave an email and has none queued yet: its
 * number, totals and LHDN's validation link as a QR code (`renderMail`, kind `einvoice`), through the mail outbox
 * like the receipts. The event key is the document's, so asking again queues nothing more; the server runs it when
 * the e-invoice sender sees a document turn valid, which also catches up one whose message a stop left unqueued.
 *
 * @returns how many messages were queued now.
 */
export async function queueValidEinvoiceMail(db: Db, now: Date): Promise<number> {
  const due = await db
    .selectFrom('einvoice_documents')
    .innerJoin('einvoice_buyers', 'einvoice_buyers.order_id', 'einvoice_documents.order_id')
    .select(['einvoice_documents.id', 'einvoice_documents.order_id', 'einvoice_buyers.email'])
    .where('einvoice_documents.status', '=', 'valid')
    .where('einvoice_documents.type_code', '=', '01')
    .where('einvoice_buyers.email', '!=', '')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('mail_outbox')
            .select('mail_outbox.id')
            .whereRef('mail_outbox.order_id', '=', 'einvoice_documents.order_id')
            .where('mail_outbox.kind', '=', 'einvoice'),
        ),
      ),
    )
    .limit(100)
    .execute();
  let queued = 0;
  for (const row of due) {
    if (row.order_id === null) continue;
    const written = await enqueueMail(db, {
      eventKey: einvoiceMailEvent(row.id),
      kinds: ['einvoice'],
      orderId: row.order_id,
      to: row.email,
      now,
    });
    queued += written.length;
  }
  return queued;
}

/** The e-invoice an `einvoice` message tells about, on the wire, from the message's event key. */
export async function einvoiceOfMail(
  db: Db,
  eventKey: string,
  portalUrl: string,
): Promise<EinvoiceDocument | undefined> {
  const id = /^einvoice:(.+)$/.exec(eventKey)?.[1];
  if (id === undefined) return undefined;
  const row = await db.selectFrom('einvoice_documents').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : einvoiceToWire(row, portalUrl);
}
