import fc from 'fast-check';
import { type Sen, sen, sumSen } from 'pos-sdk/money';
import { describe, expect, it } from 'vitest';
import { buildEinvoiceDocument } from '../buildEinvoiceDocument';
import {
  type ConsolidatedReceipt,
  consolidatedInput,
  consolidatedLines,
  type ReceiptPart,
  receiptRuns,
} from '../consolidatedInput';
import { GYM } from './support/einvoiceFixtures';

const receipt = (number: number, parts: ReceiptPart[]): ConsolidatedReceipt => ({
  number,
  receipt: `STORE-${String(number).padStart(6, '0')}`,
  parts,
});
const part = (
  taxType: ReceiptPart['taxType'],
  taxRateBp: number,
  excludingTax: number,
  tax: number,
): ReceiptPart => ({
  taxType,
  taxRateBp,
  taxName: taxType === 'E' ? 'Exempt sports' : taxType === '06' ? null : `Tax ${taxRateBp}`,
  excludingTax: sen(excludingTax),
  tax: sen(tax),
});

describe('consolidatedInput', () => {
  it('groups receipts into runs of consecutive numbers, whatever their order', () => {
    const runs = receiptRuns([
      receipt(5, []),
      receipt(1, []),
      receipt(2, []),
      receipt(4, []),
      receipt(9, []),
    ]);
    expect(runs.map((run) => run.map((one) => one.number))).toEqual([[1, 2], [4, 5], [9]]);
  });

  it("one line per run and tax rate, 'Receipt' for a run of one, an exempt line with its reason, nothing for a part refunded to zero", () => {
    const lines = consolidatedLines([
      receipt(7, [part('02', 800, 4537, 363), part('06', 0, 0, 0)]),
      receipt(8, [part('E', 0, 1000, 0)]),
    ]);
    expect(
      lines.map((line) => [line.description, line.amount, line.tax, line.taxType, line.exemptionReason]),
    ).toEqual([
      ['Receipts STORE-000007 - STORE-000008 (tax 02 8 %)', 4537, 363, '02', undefined],
      ['Receipts STORE-000007 - STORE-000008 (exempt)', 1000, 0, 'E', 'Exempt: Exempt sports'],
    ]);
    expect(consolidatedLines([receipt(3, [part('02', 600, 1500, 90)])])[0]?.description).toBe(
      'Receipt STORE-000003',
    );
  });

  it("adds up to the receipts' amounts and tax to the sen, and the document builds, for any month of receipts", () => {
    const partArb = fc
      .record({
        kind: fc.constantFrom('02-800', '02-600', '01-1000', '06-0'),
        amount: fc.integer({ min: 0, max: 500_000 }),
      })
      .map(({ kind, amount }) => {
        const [type, rate] = kind.split('-') as ['01' | '02' | '06', string];
        const bp = Number(rate);
        // The tax of the amount at the rate, half up, in whole sen (integer arithmetic only).
        const tax = Math.floor((amount * bp + 5_000) / 10_000);
        return part(type, bp, amount, tax);
      });
    const monthArb = fc
      .uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 40 })
      .chain((numbers) =>
        fc.tuple(
          ...numbers.map((number) =>
            fc.array(partArb, { minLength: 1, maxLength: 4 }).map((parts) => receipt(number, parts)),
          ),
        ),
      );
    fc.assert(
      fc.property(monthArb, (receipts) => {
        const parts = receipts.flatMap((one) => one.parts);
        const expectedAmount: Sen = sumSen(parts.map((one) => one.excludingTax));
        const expectedTax: Sen = sumSen(parts.map((one) => one.tax));
        const input = consolidatedInput({
          store: 'STORE',
          month: '2026-11',
          issuedAt: new Date('2026-12-01T02:00:00Z'),
          supplier: GYM,
          receipts,
        });
        expect(input.totals.excludingTax).toBe(expectedAmount);
        expect(input.totals.tax).toBe(expectedTax);
        expect(input.totals.payable).toBe(expectedAmount + expectedTax);
        if (input.lines.length > 0) expect(() => buildEinvoiceDocument(input)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});
