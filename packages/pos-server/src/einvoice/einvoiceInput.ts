import type { Sen } from 'pos-sdk/money';
import type { PaymentModeCode } from './codes/paymentModes';
import type { StateCode } from './codes/stateCodes';
import type { TaxTypeCode } from './codes/taxTypes';

/** The document types this system issues: an invoice, a credit note and a refund note. */
export type IssuedDocumentType = '01' | '02' | '04';

/** A postal address as MyInvois wants it: up to three lines, city, postcode, state code and country. */
export interface EinvoiceAddress {
  /** One to three address lines. */
  lines: readonly string[];
  city: string;
  postcode: string;
  /** The state's code (`STATE_CODES`), "17" for not applicable. */
  state: StateCode;
  /** ISO 3166-1 alpha-3; default "MYS". */
  country?: string;
}

/** The supplier: the venue's registered business (LHDN's "Supplier" fields). */
export interface EinvoiceSupplier {
  /** Registered name. */
  name: string;
  /** Tax identification number, e.g. "C20830570210". */
  tin: string;
  /** Business registration number (SSM), e.g. "202005123456". */
  brn: string;
  /** SST registration number; absent when not registered ("NA" on the document). */
  sstNo?: string;
  /** Tourism tax registration number; absent when not registered ("NA" on the document). */
  tourismTaxNo?: string;
  /** MSIC 2008 code and its description as published, e.g. 93118 "Fitness centres". */
  msic: { code: string; description: string };
  address: EinvoiceAddress;
  /** Contact number, e.g. "+60123456789". */
  phone: string;
  email?: string;
}

/** A buyer who asked for an e-invoice in their name. */
export interface IdentifiedBuyer {
  kind: 'identified';
  name: string;
  tin: string;
  /** The kind of registration or identity number, as MyInvois names it. */
  idType: 'BRN' | 'NRIC' | 'PASSPORT' | 'ARMY';
  idValue: string;
  sstNo?: string;
  address: EinvoiceAddress;
  phone: string;
  email?: string;
}

/**
 * The general public: a buyer who did not ask for an e-invoice (a consolidated e-invoice, or a sale whose buyer gave
 * no details). LHDN's general public TIN and "NA" for the rest (e-Invoice Specific Guideline, consolidated e-invoice).
 */
export interface GeneralPublicBuyer {
  kind: 'generalPublic';
}

/** The buyer of a document. */
export type EinvoiceBuyer = IdentifiedBuyer | GeneralPublicBuyer;

/** One line: what was sold, its amounts in sen, excluding tax, and its tax. */
export interface EinvoiceLine {
  description: string;
  /** A whole positive number of units. */
  quantity: number;
  /** UN/ECE Rec 20 unit; default "C62" (one). */
  unit?: string;
  /** The price of one unit, excluding tax. */
  unitPrice: Sen;
  /** The line's discount, 0 for none. */
  discount: Sen;
  /** quantity × unitPrice − discount: the line's total excluding tax. */
  amount: Sen;
  /** MyInvois tax type: 01 sales tax, 02 service tax, 06 not applicable, E exempt, ... */
  taxType: TaxTypeCode;
  /** The rate in basis points (600 = 6%); 0 for 06 and E. */
  taxRateBp: number;
  /** The line's tax. */
  tax: Sen;
  /** Why the line is exempt; required for tax type E. */
  exemptionReason?: string;
  /** The classification code, e.g. "013" gym membership, "004" consolidated e-invoice. */
  classification: string;
}

/** The document's totals, which must agree with its lines. */
export interface EinvoiceTotals {
  /** The sum of the lines' amounts (excluding tax). */
  excludingTax: Sen;
  /** The sum of the lines' discounts. */
  discount: Sen;
  /** The sum of the lines' tax. */
  tax: Sen;
  /** excludingTax + tax. */
  includingTax: Sen;
  /** Rounding of the payable amount (e.g. cash rounding to 5 sen); 0 for none. */
  rounding: Sen;
  /** includingTax + rounding. */
  payable: Sen;
}

/** Everything one MyInvois document is made from. */
export interface EinvoiceInput {
  type: IssuedDocumentType;
  /** The supplier's own number of the document (its `ID`, and the submission's `codeNumber`). */
  number: string;
  /** When it was issued; written in UTC. */
  issuedAt: Date;
  supplier: EinvoiceSupplier;
  buyer: EinvoiceBuyer;
  lines: readonly EinvoiceLine[];
  totals: EinvoiceTotals;
  /** The invoice a credit note (02) or refund note (04) corrects: its number and the UUID MyInvois gave it. */
  original?: { number: string; uuid: string };
  paymentMode?: PaymentModeCode;
}
