/**
 * `pos-sdk/messages`: every text the terminal, the server and the mail show, each written once (the cashier UI,
 * the CLI and pos-server read them here rather than keeping copies). Message maps are frozen objects of strings and
 * functions of the values a message names.
 */
export { BACK_OFFICE_MESSAGES } from './rules/backOfficeMessages';
export type { MailKind } from './rules/mailMessages';
export {
  MAIL_MESSAGES,
  mailStatusLine,
  passesSubject,
  receiptQueuedFor,
  receiptSubject,
  refundSubject,
  renewalSubject,
} from './rules/mailMessages';
export type { MessageKey } from './rules/messages';
export {
  addedToCart,
  MESSAGES,
  paidWith,
  paymentShortBy,
  productNotFound,
  quantityAtLeast,
  reprintingInvoice,
  ticketIs,
} from './rules/messages';
export { OFFLINE_MESSAGES } from './rules/offlineMessages';
export { ORDER_LIST_MESSAGES, ordersMatching, ordersShown } from './rules/orderListMessages';
export { SCAN_MESSAGES, scannedCode } from './rules/scanMessages';
export {
  FIELD_MESSAGES,
  ORDER_MESSAGES,
  SALE_MESSAGES,
  SERVER_MESSAGES,
  SYNC_MESSAGES,
  TICKET_MESSAGES,
} from './rules/serverMessages';
