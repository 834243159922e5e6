/**
 * MyInvois (LHDN e-invoicing), the foundations: LHDN's code tables, the UBL 2.1 JSON document of an invoice, credit
 * note or refund note, its signature, the client of the MyInvois API, the venue's identity, and the month's
 * consolidated e-invoice (queued at the month's end, split over MyInvois's size) with the outbox sender that submits
 * it once, the refund notes of refunds made after a receipt was submitted, and a sale's own e-invoice: asked for by
 * its buyer on the public request page, or issued for a sale above RM 10,000.
 */

export type { UblDocument, UblInvoice } from './buildEinvoiceDocument';
export {
  buildEinvoiceDocument,
  DOCUMENT_VERSION,
  einvoiceInputProblems,
  GENERAL_PUBLIC_TIN,
} from './buildEinvoiceDocument';
export { einvoiceMailEvent, einvoiceOfMail, queueValidEinvoiceMail } from './buyerMail';
export { REQUEST_PAGE_POLICY } from './buyerRequestRoutes';
export { cancelEinvoice } from './cancelEinvoice';
export { CLASSIFICATION_CODES, CONSOLIDATED_CLASSIFICATION } from './codes/classificationCodes';
export type { CodeEntry, CodeTable } from './codes/codeTable';
export { describeCode, isCodeOf } from './codes/codeTable';
export { COUNTRY_CODES } from './codes/countryCodes';
export { EINVOICE_TYPES, type EinvoiceTypeCode } from './codes/einvoiceTypes';
export { MSIC_CODES } from './codes/msicCodes';
export { PAYMENT_MODES, type PaymentModeCode } from './codes/paymentModes';
export { STATE_CODES, type StateCode } from './codes/stateCodes';
export { TAX_TYPES, type TaxTypeCode } from './codes/taxTypes';
export { UNIT_CODES } from './codes/unitCodes';
export { loadConfiguredSigning } from './configuredSigning';
export {
  type ConsolidatedReceipt,
  consolidatedInput,
  consolidatedLines,
  consolidatedNumber,
  type ReceiptPart,
  receiptRuns,
} from './consolidatedInput';
export { EinvoiceInputError } from './EinvoiceInputError';
export type {
  EinvoiceAddress,
  EinvoiceBuyer,
  EinvoiceInput,
  EinvoiceLine,
  EinvoiceSupplier,
  EinvoiceTotals,
  GeneralPublicBuyer,
  IdentifiedBuyer,
  IssuedDocumentType,
} from './einvoiceInput';
export {
  consolidatedEventKey,
  consolidatedPartEventKey,
  einvoiceToWire,
  findEinvoice,
  listEinvoices,
  retryEinvoice,
  submitMonth,
  validationLink,
} from './einvoiceOutbox';
export { createEinvoiceSender, type EinvoiceSender, type EinvoiceSenderOptions } from './einvoiceSender';
export {
  readEinvoiceIdentity,
  readEinvoiceSettings,
  readSupplier,
  setEinvoiceIdentity,
} from './einvoiceSettings';
export {
  INDIVIDUAL_EINVOICE_ABOVE_SEN,
  queueSaleEinvoice,
  requestClosed,
  type SaleBuyer,
  saleEinvoice,
  saleEventKey,
} from './individualEinvoice';
export { individualInput, individualLines, paymentModeOf, type SoldLine } from './individualInput';
export {
  checkoutBuyer,
  checkoutBuyerOrNone,
  createLargeSaleChore,
  queueLargeSale,
  queueMissedLargeSales,
} from './largeSale';
export {
  createEinvoiceChores,
  type EinvoiceChoresOptions,
  type MonthEndOutcome,
  previousMonth,
  queueEndedMonth,
} from './monthEndSubmission';
export { monthRange, readMonthReceipts } from './monthReceipts';
export {
  createMyInvoisClient,
  type DocumentDetails,
  type DocumentStatus,
  type DocumentSummary,
  type MyInvoisClient,
  type MyInvoisClientOptions,
  type Submission,
  type SubmissionStatus,
  type ValidationStep,
} from './myinvoisClient';
export {
  type AcceptedDocument,
  type CallOutcome,
  duplicateOf,
  hasErrorCode,
  type MyInvoisError,
  type OkOutcome,
  type RejectedDocument,
  type RejectedOutcome,
  type RetryAfterOutcome,
  type SubmitOutcome,
  type TransientOutcome,
} from './myinvoisOutcome';
export { prepareRefundNotes, refundNoteDocument } from './refundNotes';
export { orderOfToken, REQUEST_PAGE_PATH, requestToken, requestUrl } from './requestToken';
export { einvoiceRoutes } from './routes';
export { type SignedDocument, signDocument } from './signDocument';
export {
  loadSigningCredentials,
  type PemCredentials,
  SIGNING_ENV,
  type SigningCredentials,
  SigningCredentialsError,
  signingCredentialsFromEnv,
} from './signingCredentials';
export {
  type ConsolidatedPart,
  MAX_DOCUMENT_BYTES,
  SIGNATURE_ALLOWANCE_BYTES,
  splitConsolidated,
} from './splitConsolidated';
export { type SubmissionDocument, submissionDocument } from './submissionDocument';
export { ublAmount, ublDateTime, ublPercent } from './ublNumbers';
