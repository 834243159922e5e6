import fc from 'fast-check';
import { formatAmount, fromRinggit, sen, sumSen } from 'pos-sdk/money';
import { describe, expect, it } from 'vitest';
import { buildEinvoiceDocument, einvoiceInputProblems, GENERAL_PUBLIC_TIN } from '../buildEinvoiceDocument';
import { EinvoiceInputError } from '../EinvoiceInputError';
import type { EinvoiceInput } from '../einvoiceInput';
import { ublAmount, ublDateTime, ublPercent } from '../ublNumbers';
import { GYM, line, MEMBER_INVOICE, totalsOf } from './support/einvoiceFixtures';
import { expectGolden } from './support/golden';

/** The value of a UBL field: `[{ "_": value }]`. */
const field = (node: unknown, name: string): unknown =>
  (node as Record<string, [{ _: unknown }]>)[name]?.[0]?._;
/** The first element of a UBL field: `node[name][0]`. */
const first = (node: unknown, name: string) =>
  ((node as Record<string, unknown[]>)[name] ?? [])[0] as Record<string, unknown>;

describe('ublNumbers', () => {
  it('writes sen as the decimal of ringgit, with no more digits than the sen have', () => {
    expect(ublAmount(sen(4950))).toBe(49.5);
    expect(ublAmount(sen(1))).toBe(0.01);
    expect(ublAmount(sen(-1990))).toBe(-19.9);
    expect(ublAmount(sen(0))).toBe(0);
    expect(JSON.stringify(ublAmount(sen(123456789)))).toBe('1234567.89');
  });

  it('prints every amount as exactly the 2-decimal text of its sen (no binary fraction leaks into the JSON)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (n) => {
        const printed = JSON.stringify(ublAmount(sen(n)));
        // The 2-decimal text without trailing zeros: "49.50" -> "49.5", "12.00" -> "12".
        expect(printed).toBe(formatAmount(sen(n)).replace(/\.?0+$/, ''));
      }),
    );
  });

  it('writes a rate in basis points as a percent', () => {
    expect([ublPercent(800), ublPercent(650), ublPercent(0), ublPercent(1), ublPercent(10_000)]).toEqual([
      8, 6.5, 0, 0.01, 100,
    ]);
    expect(() => ublPercent(12.5)).toThrow(RangeError);
    expect(() => ublPercent(-1)).toThrow(RangeError);
  });

  it('writes the issue date and time in UTC, as the document types want', () => {
    expect(ublDateTime(new Date('2026-11-29T07:30:00.999+08:00'))).toEqual({
      date: '2026-11-28',
      time: '23:30:00Z',
    });
  });
});

describe('buildEinvoiceDocument', () => {
  it('builds the invoice of a sale to a member (golden document)', () => {
    expectGolden('invoice-01.json', buildEinvoiceDocument(MEMBER_INVOICE));
  });

  it("writes the lines' figures from sen and totals that agree with them", () => {
    const invoice = buildEinvoiceDocument(MEMBER_INVOICE).Invoice[0];
    expect(field(invoice, 'IssueDate')).toBe('2026-11-29');
    expect(field(invoice, 'IssueTime')).toBe('01:15:30Z');
    const lines = invoice.InvoiceLine as Record<string, unknown>[];
    expect(lines.map((l) => field(l, 'LineExtensionAmount'))).toEqual([150, 45, 19.9]);
    const dayPass = lines[1] as Record<string, unknown>;
    expect(field(dayPass, 'InvoicedQuantity')).toBe(2);
    expect(field((dayPass.ItemPriceExtension as unknown[])[0], 'Amount')).toBe(50);
    expect(field((dayPass.AllowanceCharge as unknown[])[0], 'Amount')).toBe(5);
    const totals = (invoice.LegalMonetaryTotal as unknown[])[0];
    expect(field(totals, 'TaxExclusiveAmount')).toBe(214.9);
    expect(field(totals, 'TaxInclusiveAmount')).toBe(230.5);
    expect(field(totals, 'PayableAmount')).toBe(230.5);
    const taxTotal = (invoice.TaxTotal as Record<string, unknown>[])[0] as Record<string, unknown>;
    expect(field(taxTotal, 'TaxAmount')).toBe(15.6);
    // One subtotal per tax type: service tax (02) on 195.00, not applicable (06) on 19.90.
    const subtotals = taxTotal.TaxSubtotal as Record<string, unknown>[];
    expect(subtotals.map((s) => field(s, 'TaxableAmount'))).toEqual([195, 19.9]);
    expect(subtotals.map((s) => field((s.TaxCategory as unknown[])[0], 'ID'))).toEqual(['02', '06']);
  });

  it("a credit note (02) and a refund note (04) name their original invoice's number and UUID", () => {
    for (const type of ['02', '04'] as const) {
      const note = buildEinvoiceDocument({
        ...MEMBER_INVOICE,
        type,
        number: `STORE-CN-${type}`,
        original: { number: 'STORE-000123', uuid: 'F9D425P6DS7D8IU0000000001' },
      }).Invoice[0];
      expect(note.InvoiceTypeCode).toEqual([{ _: type, listVersionID: '1.1' }]);
      expect(note.BillingReference).toEqual([
        {
          InvoiceDocumentReference: [
            { ID: [{ _: 'STORE-000123' }], UUID: [{ _: 'F9D425P6DS7D8IU0000000001' }] },
          ],
        },
      ]);
    }
    expect(buildEinvoiceDocument(MEMBER_INVOICE).Invoice[0]).not.toHaveProperty('BillingReference');
  });

  it('a consolidated e-invoice to the general public: TIN EI00000000010, "NA" details, classification 004', () => {
    const lines = [
      line('Sales of 29/11/2026 (receipts STORE-000100 to STORE-000180)', 1, 512_340, {
        classification: '004',
      }),
    ];
    const input: EinvoiceInput = {
      ...MEMBER_INVOICE,
      number: 'CONS-20261129',
      buyer: { kind: 'generalPublic' },
      lines,
      totals: totalsOf(lines),
    };
    expectGolden('consolidated-01.json', buildEinvoiceDocument(input));
    const customer = first(buildEinvoiceDocument(input).Invoice[0], 'AccountingCustomerParty');
    const party = first(customer, 'Party');
    expect(field((party.PartyIdentification as unknown[])[0], 'ID')).toBe(GENERAL_PUBLIC_TIN);
    expect(field((party.PartyLegalEntity as unknown[])[0], 'RegistrationName')).toBe('General Public');
  });

  it('a refund note (04) for the member invoice (golden document)', () => {
    const refunded = [line('Day pass', 1, 2500, { classification: '038' })];
    expectGolden(
      'refund-note-04.json',
      buildEinvoiceDocument({
        ...MEMBER_INVOICE,
        type: '04',
        number: 'STORE-R-000007',
        issuedAt: new Date('2026-11-30T10:02:03+08:00'),
        lines: refunded,
        totals: totalsOf(refunded),
        original: { number: 'STORE-000123', uuid: 'F9D425P6DS7D8IU0000000001' },
        paymentMode: '01',
      }),
    );
  });

  it('the document adds up in ringgit exactly as the lines do in sen (any lines, any rates)', () => {
    const lineArbitrary = fc.record({
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPrice: fc.integer({ min: 0, max: 5_000_000 }),
      discountPercent: fc.integer({ min: 0, max: 100 }),
      tax: fc.constantFrom(
        { taxType: '02' as const, taxRateBp: 800 },
        { taxType: '01' as const, taxRateBp: 1000 },
        { taxType: '02' as const, taxRateBp: 600 },
        { taxType: '06' as const, taxRateBp: 0 },
      ),
    });
    fc.assert(
      fc.property(fc.array(lineArbitrary, { minLength: 1, maxLength: 12 }), (specs) => {
        const lines = specs.map((spec, index) =>
          line(`Item ${index}`, spec.quantity, spec.unitPrice, {
            ...spec.tax,
            // A whole number of sen off: (subtotal × percent) / 100, rounded down by integer division.
            discount: sen(
              Number((BigInt(spec.quantity * spec.unitPrice) * BigInt(spec.discountPercent)) / 100n),
            ),
          }),
        );
        const invoice = buildEinvoiceDocument({ ...MEMBER_INVOICE, lines, totals: totalsOf(lines) })
          .Invoice[0];
        const documentLines = invoice.InvoiceLine as Record<string, unknown>[];
        const lineSum = sumSen(
          documentLines.map((l) => fromRinggit(field(l, 'LineExtensionAmount') as number)),
        );
        const taxSum = sumSen(
          documentLines.map((l) => fromRinggit(field(first(l, 'TaxTotal'), 'TaxAmount') as number)),
        );
        const totals = first(invoice, 'LegalMonetaryTotal');
        expect(fromRinggit(field(totals, 'TaxExclusiveAmount') as number)).toBe(lineSum);
        expect(fromRinggit(field(first(invoice, 'TaxTotal'), 'TaxAmount') as number)).toBe(taxSum);
        expect(fromRinggit(field(totals, 'PayableAmount') as number)).toBe(lineSum + taxSum);
        // And each is the sale's own figure, to the sen.
        expect(lineSum).toBe(totalsOf(lines).excludingTax);
      }),
    );
  });

  it('is pure: the same input gives the same document', () => {
    expect(JSON.stringify(buildEinvoiceDocument(MEMBER_INVOICE))).toBe(
      JSON.stringify(buildEinvoiceDocument(MEMBER_INVOICE)),
    );
  });

  it('refuses figures that do not add up, naming each problem', () => {
    const [first, ...rest] = MEMBER_INVOICE.lines;
    const wrongLine = { ...(first as NonNullable<typeof first>), amount: sen(14_999) };
    const input: EinvoiceInput = {
      ...MEMBER_INVOICE,
      lines: [wrongLine, ...rest],
      totals: { ...MEMBER_INVOICE.totals, payable: sen(1) },
    };
    expect(einvoiceInputProblems(input)).toEqual([
      'line 1: amount 14999 sen is not quantity × unit price − discount (15000)',
      'total excluding tax is 21490 sen, its lines make 21489',
      'payable is not total including tax + rounding',
    ]);
    expect(() => buildEinvoiceDocument(input)).toThrow(EinvoiceInputError);
  });

  it('refuses a note without its original, an exempt line without a reason, codes not in the tables', () => {
    const exempt = line('Junior pass', 1, 1000, { taxType: 'E', taxRateBp: 0 });
    const input: EinvoiceInput = {
      ...MEMBER_INVOICE,
      type: '02',
      supplier: {
        ...GYM,
        address: { ...GYM.address, state: '18' as never },
        msic: { code: '9311', description: '' },
      },
      lines: [exempt, { ...exempt, taxType: 'X' as never, classification: '13' }],
      totals: totalsOf([exempt, exempt]),
      paymentMode: '09' as never,
    };
    expect(einvoiceInputProblems(input)).toEqual([
      'a credit note (02) needs its original invoice',
      "payment mode 09 is not in LHDN's table",
      'supplier state 18 is not a state code',
      'MSIC code 9311 is not 5 digits',
      'line 1: an exempt line (E) needs its reason',
      "line 2: tax type X is not in LHDN's table",
      'line 2: classification 13 is not 3 digits',
    ]);
    let thrown: unknown;
    try {
      buildEinvoiceDocument(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EinvoiceInputError);
    expect((thrown as EinvoiceInputError).problems).toHaveLength(7);
  });

  it('writes an exempt line with its reason, and a line without discount with no AllowanceCharge', () => {
    const exempt = line('Junior pass', 1, 1000, {
      taxType: 'E',
      taxRateBp: 0,
      exemptionReason: 'Exempt under Schedule A',
    });
    const doc = buildEinvoiceDocument({ ...MEMBER_INVOICE, lines: [exempt], totals: totalsOf([exempt]) });
    const only = (doc.Invoice[0].InvoiceLine as Record<string, unknown>[])[0] as Record<string, unknown>;
    expect(only).not.toHaveProperty('AllowanceCharge');
    expect(JSON.stringify(only.TaxTotal)).toContain('"TaxExemptionReason":[{"_":"Exempt under Schedule A"}]');
  });
});
