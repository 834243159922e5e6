import type { CodeTable } from './codeTable';

/** A MyInvois tax type: the `TaxCategory/ID` of a line's and the document's tax. */
export type TaxTypeCode = '01' | '02' | '03' | '04' | '05' | '06' | 'E';

/** Tax types, the whole published table. */
export const TAX_TYPES: CodeTable<TaxTypeCode> = {
  source: 'https://sdk.myinvois.hasil.gov.my/codes/tax-types/ (TaxTypes.json)',
  complete: true,
  entries: [
    { code: '01', description: 'Sales Tax' },
    { code: '02', description: 'Service Tax' },
    { code: '03', description: 'Tourism Tax' },
    { code: '04', description: 'High-Value Goods Tax' },
    { code: '05', description: 'Sales Tax on Low Value Goods' },
    { code: '06', description: 'Not Applicable' },
    { code: 'E', description: 'Tax exemption (where applicable)' },
  ],
};
