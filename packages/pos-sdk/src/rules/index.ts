export type { AmountInput } from './amountField';
export { readAmountField } from './amountField';
export { BACK_OFFICE_MESSAGES } from './backOfficeMessages';
export { CALENDAR_DATE_FORMAT, formatCalendarDate, parseCalendarDate } from './calendarDate';
export { canCancel } from './cancel';
export { addToCart, checkCanAdd, checkCartHasItems, removeFromCart, setQuantity } from './cart';
export type { DiscountType, RuleCartItem, RuleDiscount } from './cartItem';
export { isMembership, isRenewal, MEMBERSHIP_CATEGORY, MERCHANDISE_CATEGORY } from './cartItem';
export type { CartTotals } from './cartTotals';
export { cartTotals } from './cartTotals';
export type { CatalogFileIssue, CatalogFileResult, CatalogFileRow } from './catalogFile';
export { CATALOG_CSV_COLUMNS, formatCatalogFile, parseCatalogFile, readCsvRecords } from './catalogFile';
export type { CustomerEmailCheck } from './customerEmail';
export { checkCustomerEmail, isCustomerEmailRequired } from './customerEmail';
export type { DiscountRequest } from './discount';
export {
  applyDiscount,
  computeDiscount,
  MAX_DISCOUNT_PERCENT,
  removeDiscount,
  withQuantity,
} from './discount';
export type { DiscountApprover, DiscountApproverRights } from './discountApprover';
export { canApproveDiscounts, checkDiscountApprover } from './discountApprover';
export type { DiscountFormInput, DiscountFormValues } from './discountForm';
export { DISCOUNT_TYPE_LABELS, validateDiscountForm } from './discountForm';
export type { NotedDiscount } from './discountNote';
export { discountNote } from './discountNote';
export {
  entriesPerDayText,
  itemTitle,
  type NameParts,
  passUses,
  personName,
  usesAllowed,
} from './displayText';
export { isEmail } from './email';
export type { EndShiftInput, EndShiftValues } from './endShiftForm';
export { validateEndShift } from './endShiftForm';
export type { FieldIssueLike } from './fieldIssueText';
export { fieldIssueText } from './fieldIssueText';
export type { FloatFormOptions } from './floatForm';
export { validateFloat } from './floatForm';
export type { Instant } from './instant';
export { grossAmount, lineAmount } from './lineAmount';
export type { LoginInput, LoginValues } from './loginForm';
export { validateLogin } from './loginForm';
export type { MailKind } from './mailMessages';
export {
  MAIL_MESSAGES,
  mailStatusLine,
  passesSubject,
  receiptQueuedFor,
  receiptSubject,
  refundSubject,
  renewalSubject,
} from './mailMessages';
export type { MemberDetailsContext, MemberDetailsInput, MemberDetailsValues } from './memberDetails';
export { COUNTRY_CODES, validateMemberDetails } from './memberDetails';
export type { MessageKey } from './messages';
export {
  addedToCart,
  MESSAGES,
  paidWith,
  paymentShortBy,
  productNotFound,
  quantityAtLeast,
  reprintingInvoice,
  ticketIs,
} from './messages';
export type { OfflineAllowance } from './offline';
export { checkOfflineSale, passUnits } from './offline';
export { OFFLINE_MESSAGES } from './offlineMessages';
export { ORDER_LIST_MESSAGES, ordersMatching, ordersShown } from './orderListMessages';
export { summarizeOrder } from './orderSummary';
export type { OrderTotals, RuleOrderCart, RuleOrderItem } from './orderTotals';
export { orderItemDiscount, orderItemGross, orderTotals } from './orderTotals';
export type { PassValidity, Period } from './passValidity';
export { addToDate, passValidity, startOfVenueDate } from './passValidity';
export type { EnabledPaymentType, PaymentChange, Tender } from './payment';
export {
  checkPayment,
  computeChange,
  ENABLED_PAYMENT_TYPES,
  isPaymentTypeEnabled,
  PAYMENT_TYPES,
  setTender,
  tenderAmount,
  validateTenderAmount,
} from './payment';
export { validateInvoiceId, validatePassId, validateRefundReason } from './promptInputs';
export type { QuantityInput } from './quantity';
export { checkQuantity, MAX_QUANTITY, parseQuantity } from './quantity';
export type { RuleOrder } from './refund';
export { canRefund } from './refund';
export type { RenewalFormContext, RenewalFormInput, RenewalFormValues } from './renewalForm';
export {
  MAX_RENEWAL_MONTHS,
  MONTH_UNIT,
  renewalAmount,
  validateRenewalForm,
} from './renewalForm';
export { validateResendEmail } from './resendEmail';
export type { FormResult, RuleCode, RuleFailure, RuleResult } from './result';
export { ignored, ok, RULE_CODES, refuse } from './result';
export { SCAN_MESSAGES, scannedCode } from './scanMessages';
export {
  FIELD_MESSAGES,
  ORDER_MESSAGES,
  SALE_MESSAGES,
  SERVER_MESSAGES,
  SYNC_MESSAGES,
  TICKET_MESSAGES,
} from './serverMessages';
export { findSkuRow, sameSku, skuKey } from './sku';
export {
  checkPairingCode,
  checkTerminalId,
  describePairingCode,
  formatPairingCode,
  isTerminalId,
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_MINUTES,
  TERMINAL_ID_MAX_LENGTH,
  TERMINAL_ID_PATTERN,
  TERMINAL_ID_RULE_TEXT,
} from './terminalId';
export type { RulePass, RuleTicket, TicketStatus } from './ticketStatus';
export {
  canRedeem,
  checkRedeem,
  deriveTicketStatus,
  entriesOnVenueDay,
  entriesPerDay,
  isMembershipPass,
  passEntriesToday,
  TICKET_STATUSES,
} from './ticketStatus';
export type { WirePrice } from './unitPrice';
export { merchandiseUnitPrice, passUnitPrice } from './unitPrice';
export {
  DEFAULT_TIMEZONE,
  formatVenueDateTime,
  isSameVenueDay,
  venueDate,
  venueDateStart,
  venueDayRange,
  venueDayStart,
} from './venueDay';
