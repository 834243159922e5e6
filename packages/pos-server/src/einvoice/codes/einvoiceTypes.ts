import type { CodeTable } from './codeTable';

/** A MyInvois e-invoice type: the document's `InvoiceTypeCode`. */
export type EinvoiceTypeCode = '01' | '02' | '03' | '04' | '11' | '12' | '13' | '14';

/** E-invoice types, the whole published table (of them, this system writes types 01, 02 and 04). */
export const EINVOICE_TYPES: CodeTable<EinvoiceTypeCode> = {
  source: 'https://sdk.myinvois.hasil.gov.my/codes/e-invoice-types/ (EInvoiceTypes.json)',
  complete: true,
  entries: [
    { code: '01', description: 'Invoice' },
    { code: '02', description: 'Credit Note' },
    { code: '03', description: 'Debit Note' },
    { code: '04', description: 'Refund Note' },
    { code: '11', description: 'Self-billed Invoice' },
    { code: '12', description: 'Self-billed Credit Note' },
    { code: '13', description: 'Self-billed Debit Note' },
    { code: '14', description: 'Self-billed Refund Note' },
  ],
};
