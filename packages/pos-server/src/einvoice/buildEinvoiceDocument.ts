import { addSen, multiplySen, type Sen, sen, subtractSen, sumSen } from 'pos-sdk/money';
import { isCodeOf } from './codes/codeTable';
import { PAYMENT_MODES } from './codes/paymentModes';
import { STATE_CODES } from './codes/stateCodes';
import { TAX_TYPES, type TaxTypeCode } from './codes/taxTypes';
import { EinvoiceInputError } from './EinvoiceInputError';
import type {
  EinvoiceAddress,
  EinvoiceBuyer,
  EinvoiceInput,
  EinvoiceLine,
  EinvoiceSupplier,
} from './einvoiceInput';
import { ublAmount, ublDateTime, ublPercent } from './ublNumbers';

/** A UBL 2.1 document in its JSON representation, as MyInvois takes it: namespaces and one `Invoice`. */
export interface UblDocument {
  _D: string;
  _A: string;
  _B: string;
  Invoice: [UblInvoice];
}

/** The `Invoice` element: UBL names each field, every value is an array of objects with `_` (the value). */
export type UblInvoice = Record<string, unknown>;

/** The version of the document types this builder writes (`InvoiceTypeCode/listVersionID`). */
export const DOCUMENT_VERSION = '1.1';

/** LHDN's TIN for the general public, the buyer of a consolidated e-invoice. */
export const GENERAL_PUBLIC_TIN = 'EI00000000010';

/** The namespaces of a UBL 2.1 invoice in the JSON representation (MyInvois samples). */
const NAMESPACES = {
  _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  _A: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  _B: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** A UBL value: `[{ "_": value, ...attributes }]`. */
const value = (text: string | number | boolean, attributes: Record<string, string> = {}) => [
  { _: text, ...attributes },
];
const amount = (sen: Sen) => value(ublAmount(sen), { currencyID: 'MYR' });
const taxScheme = () => [{ ID: value('OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }) }];

/** The problems of the input, one line each; empty when a document can be built from it. */
export function einvoiceInputProblems(input: EinvoiceInput): string[] {
  const problems: string[] = [];
  if (input.number.trim() === '') problems.push('the document has no number');
  if (Number.isNaN(input.issuedAt.getTime())) problems.push('the issue time is not a date');
  if (input.type === '01' && input.original !== undefined)
    problems.push('an invoice (01) refers to no original');
  if (input.type !== '01' && input.original === undefined) {
    problems.push(
      `a ${input.type === '02' ? 'credit' : 'refund'} note (${input.type}) needs its original invoice`,
    );
  }
  if (input.paymentMode !== undefined && !isCodeOf(PAYMENT_MODES, input.paymentMode)) {
    problems.push(`payment mode ${input.paymentMode} is not in LHDN's table`);
  }
  problems.push(...addressProblems('supplier', input.supplier.address));
  if (!/^\d{5}$/.test(input.supplier.msic.code))
    problems.push(`MSIC code ${input.supplier.msic.code} is not 5 digits`);
  if (input.buyer.kind === 'identified') problems.push(...addressProblems('buyer', input.buyer.address));
  if (input.lines.length === 0) problems.push('the document has no lines');
  input.lines.forEach((line, index) => {
    problems.push(...lineProblems(line).map((problem) => `line ${index + 1}: ${problem}`));
  });
  const { totals, lines } = input;
  const expect = (name: string, actual: Sen, expected: Sen) => {
    if (actual !== expected) problems.push(`total ${name} is ${actual} sen, its lines make ${expected}`);
  };
  expect('excluding tax', totals.excludingTax, sumSen(lines.map((line) => line.amount)));
  expect('discount', totals.discount, sumSen(lines.map((line) => line.discount)));
  expect('tax', totals.tax, sumSen(lines.map((line) => line.tax)));
  if (totals.includingTax !== addSen(totals.excludingTax, totals.tax)) {
    problems.push('total including tax is not total excluding tax + tax');
  }
  if (totals.payable !== addSen(totals.includingTax, totals.rounding)) {
    problems.push('payable is not total including tax + rounding');
  }
  return problems;
}

function addressProblems(whose: string, address: EinvoiceAddress): string[] {
  const problems: string[] = [];
  if (address.lines.length < 1 || address.lines.length > 3)
    problems.push(`${whose} address has 1 to 3 lines`);
  if (!isCodeOf(STATE_CODES, address.state))
    problems.push(`${whose} state ${address.state} is not a state code`);
  return problems;
}

function lineProblems(line: EinvoiceLine): string[] {
  const problems: string[] = [];
  if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
    problems.push(`quantity ${line.quantity} is not a whole positive number`);
    return problems;
  }
  if (line.unitPrice < 0 || line.discount < 0 || line.tax < 0) problems.push('an amount is negative');
  const expected = subtractSen(multiplySen(line.unitPrice, line.quantity), line.discount);
  if (line.amount !== expected) {
    problems.push(`amount ${line.amount} sen is not quantity × unit price − discount (${expected})`);
  }
  if (!isCodeOf(TAX_TYPES, line.taxType)) problems.push(`tax type ${line.taxType} is not in LHDN's table`);
  if ((line.taxType === '06' || line.taxType === 'E') && (line.taxRateBp !== 0 || line.tax !== 0)) {
    problems.push(`tax type ${line.taxType} carries no tax`);
  }
  if (line.taxType === 'E' && !line.exemptionReason?.trim())
    problems.push('an exempt line (E) needs its reason');
  if (!/^\d{3}$/.test(line.classification))
    problems.push(`classification ${line.classification} is not 3 digits`);
  return problems;
}

function postalAddress(address: EinvoiceAddress) {
  return [
    {
      CityName: value(address.city),
      ...(address.postcode === '' ? {} : { PostalZone: value(address.postcode) }),
      CountrySubentityCode: value(address.state),
      AddressLine: address.lines.map((line) => ({ Line: value(line) })),
      Country: [
        { IdentificationCode: value(address.country ?? 'MYS', { listID: 'ISO3166-1', listAgencyID: '6' }) },
      ],
    },
  ];
}

const identification = (id: string, scheme: string) => ({ ID: value(id, { schemeID: scheme }) });

function contact(phone: string, email: string | undefined) {
  return [{ Telephone: value(phone), ...(email === undefined ? {} : { ElectronicMail: value(email) }) }];
}

function supplierParty(supplier: EinvoiceSupplier) {
  return [
    {
      Party: [
        {
          IndustryClassificationCode: value(supplier.msic.code, { name: supplier.msic.description }),
          PartyIdentification: [
            identification(supplier.tin, 'TIN'),
            identification(supplier.brn, 'BRN'),
            identification(supplier.sstNo ?? 'NA', 'SST'),
            identification(supplier.tourismTaxNo ?? 'NA', 'TTX'),
          ],
          PostalAddress: postalAddress(supplier.address),
          PartyLegalEntity: [{ RegistrationName: value(supplier.name) }],
          Contact: contact(supplier.phone, supplier.email),
        },
      ],
    },
  ];
}

function customerParty(buyer: EinvoiceBuyer) {
  if (buyer.kind === 'generalPublic') {
    // LHDN's e-Invoice Specific Guideline (consolidated e-invoice): the general public's TIN, "NA" for the buyer's
    // registration number, SST number, address and contact number.
    return [
      {
        Party: [
          {
            PartyIdentification: [
              identification(GENERAL_PUBLIC_TIN, 'TIN'),
              identification('NA', 'BRN'),
              identification('NA', 'SST'),
              identification('NA', 'TTX'),
            ],
            PostalAddress: postalAddress({ lines: ['NA'], city: 'NA', postcode: '', state: '17' }),
            PartyLegalEntity: [{ RegistrationName: value('General Public') }],
            Contact: contact('NA', undefined),
          },
        ],
      },
    ];
  }
  return [
    {
      Party: [
        {
          PartyIdentification: [
            identification(buyer.tin, 'TIN'),
            identification(buyer.idValue, buyer.idType),
            identification(buyer.sstNo ?? 'NA', 'SST'),
            identification('NA', 'TTX'),
          ],
          PostalAddress: postalAddress(buyer.address),
          PartyLegalEntity: [{ RegistrationName: value(buyer.name) }],
          Contact: contact(buyer.phone, buyer.email),
        },
      ],
    },
  ];
}

function taxCategory(taxType: TaxTypeCode, exemptionReason: string | undefined) {
  return [
    {
      ID: value(taxType),
      ...(taxType === 'E' && exemptionReason !== undefined
        ? { TaxExemptionReason: value(exemptionReason) }
        : {}),
      TaxScheme: taxScheme(),
    },
  ];
}

function invoiceLine(line: EinvoiceLine, index: number) {
  return {
    ID: value(String(index + 1)),
    InvoicedQuantity: value(line.quantity, { unitCode: line.unit ?? 'C62' }),
    LineExtensionAmount: amount(line.amount),
    ...(line.discount > 0
      ? {
          AllowanceCharge: [
            {
              ChargeIndicator: value(false),
              AllowanceChargeReason: value('Discount'),
              Amount: amount(line.discount),
            },
          ],
        }
      : {}),
    TaxTotal: [
      {
        TaxAmount: amount(line.tax),
        TaxSubtotal: [
          {
            TaxableAmount: amount(line.amount),
            TaxAmount: amount(line.tax),
            Percent: value(ublPercent(line.taxRateBp)),
            TaxCategory: taxCategory(line.taxType, line.exemptionReason),
          },
        ],
      },
    ],
    Item: [
      {
        CommodityClassification: [
          { ItemClassificationCode: value(line.classification, { listID: 'CLASS' }) },
        ],
        Description: value(line.description),
      },
    ],
    Price: [{ PriceAmount: amount(line.unitPrice) }],
    // The line's subtotal before its discount (LHDN's "Subtotal"): quantity × unit price.
    ItemPriceExtension: [{ Amount: amount(multiplySen(line.unitPrice, line.quantity)) }],
  };
}

/** The document's tax, one subtotal per tax type in the order the lines first use them. */
function taxSubtotals(lines: readonly EinvoiceLine[]) {
  const byType = new Map<TaxTypeCode, { taxable: Sen; tax: Sen; reason: string | undefined }>();
  for (const line of lines) {
    const seen = byType.get(line.taxType) ?? { taxable: sen(0), tax: sen(0), reason: line.exemptionReason };
    byType.set(line.taxType, {
      taxable: addSen(seen.taxable, line.amount),
      tax: addSen(seen.tax, line.tax),
      reason: seen.reason,
    });
  }
  return [...byType].map(([taxType, subtotal]) => ({
    TaxableAmount: amount(subtotal.taxable),
    TaxAmount: amount(subtotal.tax),
    TaxCategory: taxCategory(taxType, subtotal.reason),
  }));
}

/**
 * Builds the UBL 2.1 JSON document (MyInvois document type version 1.1) of an invoice (01), credit note (02) or
 * refund note (04), unsigned: {@link signDocument} adds the signature. Pure: the same input gives the same document.
 * Amounts are integer sen in the input and decimals of ringgit in the document ({@link ublAmount}); the issue date
 * and time are in UTC, as the document types want.
 *
 * Sources: https://sdk.myinvois.hasil.gov.my/documents/invoice-v1-1/ (and credit-v1-1, refund-v1-1), the samples
 * https://sdk.myinvois.hasil.gov.my/files/sdksamples/1.1-Invoice-Sample.json and 1.1-Credit-Note-Sample.json.
 *
 * @throws EinvoiceInputError naming every problem of the input ({@link einvoiceInputProblems}).
 */
export function buildEinvoiceDocument(input: EinvoiceInput): UblDocument {
  const problems = einvoiceInputProblems(input);
  if (problems.length > 0) throw new EinvoiceInputError(problems);
  const { date, time } = ublDateTime(input.issuedAt);
  const { totals } = input;
  const invoice: UblInvoice = {
    ID: value(input.number),
    IssueDate: value(date),
    IssueTime: value(time),
    InvoiceTypeCode: value(input.type, { listVersionID: DOCUMENT_VERSION }),
    DocumentCurrencyCode: value('MYR'),
    TaxCurrencyCode: value('MYR'),
    ...(input.original === undefined
      ? {}
      : {
          BillingReference: [
            {
              InvoiceDocumentReference: [
                { ID: value(input.original.number), UUID: value(input.original.uuid) },
              ],
            },
          ],
        }),
    AccountingSupplierParty: supplierParty(input.supplier),
    AccountingCustomerParty: customerParty(input.buyer),
    ...(input.paymentMode === undefined
      ? {}
      : { PaymentMeans: [{ PaymentMeansCode: value(input.paymentMode) }] }),
    TaxTotal: [{ TaxAmount: amount(totals.tax), TaxSubtotal: taxSubtotals(input.lines) }],
    LegalMonetaryTotal: [
      {
        LineExtensionAmount: amount(totals.excludingTax),
        TaxExclusiveAmount: amount(totals.excludingTax),
        TaxInclusiveAmount: amount(totals.includingTax),
        ...(totals.rounding === 0 ? {} : { PayableRoundingAmount: amount(totals.rounding) }),
        PayableAmount: amount(totals.payable),
      },
    ],
    InvoiceLine: input.lines.map(invoiceLine),
  };
  return { ...NAMESPACES, Invoice: [invoice] };
}
