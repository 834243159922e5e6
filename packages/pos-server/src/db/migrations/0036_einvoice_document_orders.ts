import type { Kysely } from 'kysely';

/**
 * Which receipts each consolidated e-invoice holds (docs/einvoice.md): one row per document and order, written with
 * the document. A month may be split into several consolidated documents (each under MyInvois's 300 KB), so the
 * month alone no longer names the document of a receipt: a refund made after the receipt was submitted finds here
 * the document its refund note corrects. An order's own e-invoice names it in `einvoice_documents.order_id` instead.
 */
export const einvoiceDocumentOrders = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('einvoice_document_orders')
      .addColumn('document_id', 'text', (col) => col.notNull().references('einvoice_documents.id'))
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
      .addPrimaryKeyConstraint('einvoice_document_orders_pk', ['document_id', 'order_id'])
      .execute();
    await db.schema
      .createIndex('einvoice_document_orders_order')
      .on('einvoice_document_orders')
      .column('order_id')
      .execute();
  },
};
