export { invoiceIdsByOrder } from './invoiceIdsByOrder';
export { formatInvoiceId, issueInvoice } from './issueInvoice';
