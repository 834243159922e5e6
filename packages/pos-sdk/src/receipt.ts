/**
 * `pos-sdk/receipt`: the printed documents (receipt, reprint, float slip, X and Z reports) laid out as plain text,
 * without a printer: what the hardware drivers print and what pos-server mails as the receipt's text. The ESC/POS
 * encoding is not here (see `createEscPosDriver`).
 */
export type {
  DocumentHeader,
  DocumentHeaderOptions,
  FloatDocument,
  PrintDocument,
  PrintDocumentKind,
  RefundDocument,
  ReprintDocument,
  SaleDocument,
  VenueDetails,
  XReportDocument,
  ZReportDocument,
} from './hardware/PrintDocument';
export { createDocumentHeader } from './hardware/PrintDocument';
export type { RenderOptions } from './hardware/renderDocument';
export { renderDocument } from './hardware/renderDocument';
