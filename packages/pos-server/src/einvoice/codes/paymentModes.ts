import type { CodeTable } from './codeTable';

/** A MyInvois payment mode: the document's `PaymentMeans/PaymentMeansCode`. */
export type PaymentModeCode = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '08';

/** Payment modes, the whole published table. */
export const PAYMENT_MODES: CodeTable<PaymentModeCode> = {
  source: 'https://sdk.myinvois.hasil.gov.my/codes/payment-methods/ (PaymentMethods.json)',
  complete: true,
  entries: [
    { code: '01', description: 'Cash' },
    { code: '02', description: 'Cheque' },
    { code: '03', description: 'Bank Transfer' },
    { code: '04', description: 'Credit Card' },
    { code: '05', description: 'Debit Card' },
    { code: '06', description: 'e-Wallet / Digital Wallet' },
    { code: '07', description: 'Digital Bank' },
    { code: '08', description: 'Others' },
  ],
};
