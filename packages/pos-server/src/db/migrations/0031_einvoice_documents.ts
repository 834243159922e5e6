import type { Kysely } from 'kysely';

/**
 * The e-invoice outbox (MyInvois, docs/einvoice.md): one row per document the venue issues to LHDN, written in the
 * transaction of the event it records and submitted afterwards by a sender, as the mail outbox is (0011). Nothing
 * writes it yet; the sender and the sale's document come later.
 *
 * - `einvoice_documents`: what (`type_code` 01 invoice, 02 credit note, 04 refund note; the venue's `number`, unique
 *   per store), for which event (`event_key`, unique: `sale:<order id>`, `refund:<order id>:<refund id>`,
 *   `consolidated:<store>:<period>`, so one event never issues two documents), for which order (none for a
 *   consolidated document) and, for a note, which document it corrects (`original_id`). The signed JSON is kept
 *   (`document_json`, `document_hash`) and sent again as it is: the same payload is what lets MyInvois's duplicate
 *   checks (422 DuplicateSubmission within 10 minutes, DS302 after) catch a submission whose answer was lost.
 * - The sender's state: `status`, `attempts`, `next_attempt_at` (backoff, and `Retry-After`), a lease
 *   (`lease_owner`, `lease_until`) so that of two servers only one submits a row, `last_error`.
 * - What MyInvois answered: `submission_uid`, the document's `uuid` and, once valid, its `long_id` (the public
 *   validation link), `validation_errors` (JSON) when invalid, and when it was submitted, validated or cancelled.
 */
export const einvoiceDocuments = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('einvoice_documents')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store', 'text', (col) => col.notNull())
      .addColumn('event_key', 'text', (col) => col.notNull())
      .addColumn('type_code', 'text', (col) => col.notNull())
      .addColumn('number', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.references('orders.id'))
      .addColumn('original_id', 'text', (col) => col.references('einvoice_documents.id'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (col) => col.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('document_json', 'text')
      .addColumn('document_hash', 'text')
      .addColumn('submission_uid', 'text')
      .addColumn('uuid', 'text')
      .addColumn('long_id', 'text')
      .addColumn('validation_errors', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('validated_at', 'text')
      .addColumn('cancelled_at', 'text')
      .addUniqueConstraint('einvoice_documents_event', ['event_key'])
      .addUniqueConstraint('einvoice_documents_number', ['store', 'number'])
      .execute();
    await db.schema
      .createIndex('einvoice_documents_due')
      .on('einvoice_documents')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('einvoice_documents_order')
      .on('einvoice_documents')
      .column('order_id')
      .execute();
    await db.schema.createIndex('einvoice_documents_uuid').on('einvoice_documents').column('uuid').execute();
  },
};
