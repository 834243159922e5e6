/**
 * `pos-sdk/rules`: the spec's rules as pure functions of plain values (cart, discount, payment, refund, tickets,
 * venue day, forms), shared by the SDK's services, pos-server and the apps. A rule returns a `RuleResult`: the value,
 * or a refusal with its `RULE_CODES` code and the spec's message. No state, no I/O.
 */
export type { AmountInput } from './amountField';
export { readAmountField } from './amountField';
export { CALENDAR_DATE_FORMAT, formatCalendarDate, parseCalendarDate } from './calendarDate';
export { canCancel } from './cancel';
export { cartWithItem, cartWithoutItem, cartWithQuantity, checkCanAdd, checkCartHasItems } from './cart';
export type { DiscountType, RuleCartItem, RuleDiscount } from './cartItem';
export { isMembership, isRenewal, MEMBERSHIP_CATEGORY, MERCHANDISE_CATEGORY } from './cartItem';
export type { CartTotals } from './cartTotals';
export { cartTotals } from './cartTotals';
export type { CustomerEmailCheck } from './customerEmail';
export { checkCustomerEmail, isCustomerEmailRequired } from './customerEmail';
export type { DiscountRequest } from './discount';
export {
  cartWithDiscount,
  cartWithoutDiscount,
  computeDiscount,
  MAX_DISCOUNT_PERCENT,
  withQuantity,
} from './discount';
export type { DiscountApprover, DiscountApproverRights } from './discountApprover';
export { canApproveDiscounts, checkDiscountApprover } from './discountApprover';
export type { DiscountFormInput, DiscountFormValues } from './discountForm';
export { DISCOUNT_TYPE_LABELS, validateDiscountForm } from './discountForm';
export type { NotedDiscount } from './discountNote';
export { discountNote } from './discountNote';
export { checkDisplayCode } from './displayCode';
export {
  entriesPerDayText,
  itemTitle,
  type NameParts,
  passUses,
  personName,
  usesAllowed,
} from './displayText';
export {
  checkEinvoiceBuyer,
  EINVOICE_BUYER_MESSAGES,
  EINVOICE_ID_TYPES,
  EINVOICE_STATES,
  type EinvoiceBuyerInput,
  type EinvoiceBuyerValues,
  type EinvoiceIdType,
  INDIVIDUAL_EINVOICE_ABOVE,
  needsOwnEinvoice,
  tinKind,
} from './einvoiceBuyer';
export {
  EINVOICE_CANCEL_WINDOW_MS,
  einvoiceCancelDeadline,
  inEinvoiceCancelWindow,
} from './einvoiceCancel';
export { isEmail } from './email';
export type { EndShiftInput, EndShiftValues } from './endShiftForm';
export { validateEndShift } from './endShiftForm';
export type { FieldIssueLike } from './fieldIssueText';
export { fieldIssueText } from './fieldIssueText';
export type { FloatFormOptions } from './floatForm';
export { validateFloat } from './floatForm';
export type { Instant } from './instant';
export { kioskRefusal } from './kioskMessages';
export { grossAmount, lineAmount } from './lineAmount';
export type { LoginInput, LoginValues } from './loginForm';
export { validateLogin } from './loginForm';
export type { MemberDetailsContext, MemberDetailsInput, MemberDetailsValues } from './memberDetails';
export { COUNTRY_CODES, validateMemberDetails } from './memberDetails';
export type {
  HoldFormErrors,
  HoldFormInput,
  HoldLimits,
  HoldRequestValue,
  RuleHold,
} from './membershipHold';
export {
  DEFAULT_HOLD_LIMITS,
  daysBetween,
  daysHeld,
  endHoldOn,
  HOLD_MESSAGES,
  holdDaysBetween,
  holdOf,
  isHoldPending,
  isOnHold,
  lastHoldDay,
  membershipOnHoldUntil,
  validateHoldForm,
} from './membershipHold';
export type { OfflineAllowance } from './offline';
export { checkOfflineSale, passUnits } from './offline';
export { summarizeOrder } from './orderSummary';
export type { OrderTotals, RuleOrderCart, RuleOrderItem } from './orderTotals';
export { orderItemDiscount, orderItemGross, orderTotals } from './orderTotals';
export type { PassValidity, Period } from './passValidity';
export { addToDate, passValidity, startOfVenueDate } from './passValidity';
export type { EnabledPaymentType, PaymentChange, PaymentType, Tender } from './payment';
export {
  checkPayment,
  computeChange,
  ENABLED_PAYMENT_TYPES,
  isPaymentTypeEnabled,
  PAYMENT_TYPES,
  tenderAmount,
  tendersWithAmount,
  validateTenderAmount,
} from './payment';
export { validateInvoiceId, validatePassId, validateRefundReason } from './promptInputs';
export type { QuantityInput } from './quantity';
export { checkQuantity, MAX_QUANTITY, parseQuantity } from './quantity';
export type { RuleOrder } from './refund';
export { checkRefund } from './refund';
export type {
  RefundItemRequest,
  RefundLineState,
  RefundMethod,
  RefundPlan,
  RefundState,
  RefundTenderRequest,
  RefundTenderState,
} from './refundLines';
export { planRefund, refundAmountOf, refundableQuantity, refundStateOf, tenderStates } from './refundLines';
export {
  giveBack,
  REFUND_MESSAGES,
  REFUND_METHOD_LABELS,
  refundLineUnknown,
  refundQuantityTooLarge,
  refundTendersMustAddUp,
  refundTenderTooLarge,
} from './refundMessages';
export type {
  RenewalFormContext,
  RenewalFormInput,
  RenewalFormValues,
  RenewalPayment,
  RenewalTenderInput,
} from './renewalForm';
export {
  MAX_RENEWAL_MONTHS,
  MONTH_UNIT,
  renewalAmount,
  renewalPayment,
  validateRenewalForm,
} from './renewalForm';
export { validateResendEmail } from './resendEmail';
export type { FormResult, RuleCode, RuleFailure, RuleResult } from './result';
export { RULE_CODES } from './result';
export {
  addCalendarDays,
  periodDays,
  periodProblem,
  SALES_PERIODS,
  type SalesPeriod,
  type SalesPeriodName,
  salesChange,
  salesPeriod,
} from './salesPeriod';
export type { MethodVariance } from './shiftVariance';
export { DEFAULT_VARIANCE_ALERT, SHIFT_METHODS, shiftVariances, varianceInWords } from './shiftVariance';
export { findSkuRow, sameSku, skuKey } from './sku';
export type { RuleStock, RuleStockValue, StockPolicy } from './stock';
export { checkStock, onlyLeft, onlyLeftOf, STOCK_MESSAGES, stockBadge, stockValue } from './stock';
export type { OrderTax, PriceMode, RuleTaxCode, TaxedLine, TaxLineInput, TaxRow, TaxType } from './tax';
export {
  cartTax,
  formatTaxRate,
  lineTax,
  MAX_TAX_RATE_BP,
  orderTax,
  orderTaxRows,
  parseTaxRate,
  priceModeOf,
  refundedTax,
  TAX_RATE_MESSAGES,
  TAX_TYPES,
} from './tax';
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
