import { RECEIPT_COLUMNS, type ReceiptColumns } from './HardwareDriver';
import type { PrintDocument } from './PrintDocument';
import { renderFloatSlip } from './renderFloatSlip';
import { renderOrderReceipt } from './renderOrderReceipt';
import { renderRefundSlip } from './renderRefundSlip';
import { renderShiftReport } from './renderShiftReport';

/** Options of {@link renderDocument}. */
export interface RenderOptions {
  /** Characters per line: 32 (58 mm paper), 42 or 48 (80 mm). Default 42. */
  readonly columns?: ReceiptColumns;
}

/**
 * Lays a document out as plain text for a receipt printer: lines joined with `\n`, each at most
 * `columns` characters, no trailing spaces. Dates are `DD-MM-YYYY HH:mm:ss` in the header's
 * time zone; amounts are formatted by `money/` (`RM 103.20`, `-9.80`).
 *
 * @throws RangeError when `columns` is not 32, 42 or 48.
 * @example
 * renderDocument({ kind: 'sale', header: createDocumentHeader({ venueName: 'Demo Gym' }), order }, { columns: 32 })
 */
export function renderDocument(document: PrintDocument, options: RenderOptions = {}): string {
  const columns = options.columns ?? 42;
  if (!RECEIPT_COLUMNS.includes(columns)) {
    throw new RangeError(`Receipt columns must be one of ${RECEIPT_COLUMNS.join(', ')}, got ${columns}`);
  }
  return linesOf(document, columns).join('\n');
}

/** The lines of a document, by kind. */
function linesOf(document: PrintDocument, columns: ReceiptColumns): string[] {
  switch (document.kind) {
    case 'sale':
      return renderOrderReceipt(document.order, document.header, columns, false);
    case 'reprint':
      return renderOrderReceipt(document.order, document.header, columns, true);
    case 'refund':
      return renderRefundSlip(document, columns);
    case 'float':
      return renderFloatSlip(document, columns);
    case 'x-report':
    case 'z-report':
      return renderShiftReport(document, columns);
  }
}
