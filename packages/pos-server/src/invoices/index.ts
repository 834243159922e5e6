/**
 * Invoices: the store's numbered invoice ids, issued to an order when it is paid.
 */
export { invoiceIdsByOrder } from './invoiceIdsByOrder';
export { formatInvoiceId, issueInvoice } from './issueInvoice';
