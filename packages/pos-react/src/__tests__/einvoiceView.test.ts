import type { EinvoiceDocument } from 'pos-sdk/contract';
import { describe, expect, it } from 'vitest';
import { cancellable, einvoiceErrorLines, previewSummary, retriable } from '../admin/einvoice/einvoiceView';

const DOCUMENT: EinvoiceDocument = {
  id: '9b2f0c1e-0000-4000-8000-000000000001',
  store: 'STORE',
  type: '01',
  number: 'STORE-CE-2026-10',
  month: '2026-10',
  status: 'valid',
  attempts: 1,
  next_attempt_at: '2026-11-02T01:00:00.000Z',
  last_error: null,
  payable: 98,
  tax: 0,
  submission_uid: 'SUB1',
  uuid: 'UUID1',
  long_id: 'LONG1',
  validation_link: 'https://preprod.myinvois.hasil.gov.my/UUID1/share/LONG1',
  validation_errors: null,
  created_at: '2026-11-02T01:00:00.000Z',
  submitted_at: '2026-11-02T01:00:05.000Z',
  validated_at: '2026-11-02T01:00:10.000Z',
  cancelled_at: null,
};

describe("the e-invoice screen's words", () => {
  it("lists LHDN's failed validation steps with their inner errors, and a refusal at submission", () => {
    const invalid = [
      {
        name: 'Step03-Issuance Date Time Validator',
        status: 'Invalid',
        error: {
          propertyName: null,
          propertyPath: null,
          errorCode: 'CV302',
          error: 'The issue date and time are not within the last 72 hours',
          innerError: [{ propertyPath: 'Invoice.IssueDate', errorCode: 'CV302', error: 'too old' }],
        },
      },
    ];
    expect(einvoiceErrorLines(invalid)).toEqual([
      'Step03-Issuance Date Time Validator: CV302 The issue date and time are not within the last 72 hours',
      '– Invoice.IssueDate: CV302 too old',
    ]);
    const rejected = [{ errorCode: 'IncorrectSubmitter', error: 'Not the taxpayer', innerError: null }];
    expect(einvoiceErrorLines(rejected)).toEqual(['IncorrectSubmitter Not the taxpayer']);
    expect(einvoiceErrorLines(null)).toEqual([]);
    // A shape it does not know is shown as it came, never dropped.
    expect(einvoiceErrorLines([{ odd: 1 }])).toEqual(['{"odd":1}']);
  });

  it("summarises a dry run's UBL document in sen: its number, lines and totals", () => {
    const amount = (value: number) => [{ _: value, currencyID: 'MYR' }];
    const preview = {
      Invoice: [
        {
          ID: [{ _: 'STORE-CE-2026-10' }],
          TaxTotal: [{ TaxAmount: amount(7.26) }],
          LegalMonetaryTotal: [
            { TaxExclusiveAmount: amount(90.74), TaxInclusiveAmount: amount(98), PayableAmount: amount(98) },
          ],
          InvoiceLine: [
            {
              LineExtensionAmount: amount(90.74),
              TaxTotal: [{ TaxAmount: amount(7.26) }],
              Item: [{ Description: [{ _: 'Receipts STORE-000001 - STORE-000002 (tax 02 8 %)' }] }],
            },
          ],
        },
      ],
    };
    expect(previewSummary(preview)).toEqual({
      number: 'STORE-CE-2026-10',
      lines: [
        { description: 'Receipts STORE-000001 - STORE-000002 (tax 02 8 %)', excludingTax: 9074, tax: 726 },
      ],
      excludingTax: 9074,
      tax: 726,
      payable: 9800,
    });
    expect(previewSummary({ nothing: true })).toBeNull();
    expect(previewSummary(undefined)).toBeNull();
  });

  it('offers Cancel only for a valid document validated less than 72 hours ago, Retry for the failed ones', () => {
    const validated = Date.parse(DOCUMENT.validated_at ?? '');
    expect(cancellable(DOCUMENT, new Date(validated + 71 * 3_600_000))).toBe(true);
    expect(cancellable(DOCUMENT, new Date(validated + 72 * 3_600_000 + 1))).toBe(false);
    expect(cancellable({ ...DOCUMENT, status: 'cancelled' }, new Date(validated))).toBe(false);
    expect(cancellable({ ...DOCUMENT, validated_at: null }, new Date(validated))).toBe(false);
    expect(retriable(DOCUMENT)).toBe(false);
    for (const status of ['failed', 'rejected', 'invalid'] as const) {
      expect(retriable({ ...DOCUMENT, status })).toBe(true);
    }
    for (const status of ['queued', 'submitting', 'submitted', 'cancelled'] as const) {
      expect(retriable({ ...DOCUMENT, status })).toBe(false);
    }
  });
});
