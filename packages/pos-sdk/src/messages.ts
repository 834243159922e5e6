/**
 * `pos-sdk/messages`: the texts, each written once, for apps that show them (the cashier UI and the CLI read them
 * here rather than keeping copies). Message maps are frozen objects of strings and functions of the values a message
 * names. The root entry exports none of them: an app that shows its own words does not load these.
 */

// What the terminal shows: toasts, refusals, labels.
export { BACK_OFFICE_MESSAGES } from './rules/backOfficeMessages';
export { DISPLAY_MESSAGES } from './rules/displayMessages';
export { KIOSK_MESSAGES } from './rules/kioskMessages';
export { MAIL_MESSAGES, mailStatusLine, receiptQueuedFor } from './rules/mailMessages';
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
export {
  giveBack,
  REFUND_MESSAGES,
  REFUND_METHOD_LABELS,
  refundLineUnknown,
  refundQuantityTooLarge,
  refundTendersMustAddUp,
  refundTenderTooLarge,
} from './rules/refundMessages';
export { SCAN_MESSAGES, scannedCode } from './rules/scanMessages';

// The texts of pos-server's error answers (the `message` of an answer), written beside the rules that refuse with
// them: pos-server sends them; an app receives them on the error it catches and needs these only to compare.
export {
  FIELD_MESSAGES,
  ORDER_MESSAGES,
  REPORT_MESSAGES,
  SALE_MESSAGES,
  SERVER_MESSAGES,
  SYNC_MESSAGES,
  TICKET_MESSAGES,
} from './rules/serverMessages';
