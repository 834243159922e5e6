import { sen } from 'pos-sdk/money';
import { describe, expect, it } from 'vitest';
import { buildEinvoiceDocument } from '../buildEinvoiceDocument';
import type { ConsolidatedReceipt } from '../consolidatedInput';
import { MAX_DOCUMENT_BYTES, SIGNATURE_ALLOWANCE_BYTES, splitConsolidated } from '../splitConsolidated';
import { GYM } from './support/einvoiceFixtures';

/** Receipts 1, 3, 5, ... (each its own run, as cancels between them make), each at three rates. */
const receipts = (count: number): ConsolidatedReceipt[] =>
  Array.from({ length: count }, (_, index) => {
    const number = 2 * index + 1;
    return {
      number,
      receipt: `STORE-${String(number).padStart(6, '0')}`,
      parts: [
        { taxType: '02', taxRateBp: 800, taxName: 'SST8', excludingTax: sen(4900 + index), tax: sen(392) },
        { taxType: '02', taxRateBp: 600, taxName: 'SST6', excludingTax: sen(1500), tax: sen(90) },
        { taxType: '06', taxRateBp: 0, taxName: null, excludingTax: sen(1200 + index), tax: sen(0) },
      ],
    };
  });

const options = (list: readonly ConsolidatedReceipt[], maxBytes?: number) => ({
  store: 'STORE',
  month: '2026-11',
  issuedAt: new Date('2026-12-01T02:00:00Z'),
  supplier: GYM,
  receipts: list,
  ...(maxBytes === undefined ? {} : { maxBytes }),
});

const bytesOf = (input: Parameters<typeof buildEinvoiceDocument>[0]) =>
  Buffer.byteLength(JSON.stringify(buildEinvoiceDocument(input)), 'utf8');

describe("a month split over MyInvois's document size", () => {
  it('keeps a month that fits as one document under its own number', () => {
    const parts = splitConsolidated(options(receipts(20)));
    expect(parts.map((part) => [part.part, part.number, part.receipts.length])).toEqual([
      [1, 'STORE-CE-2026-11', 20],
    ]);
  });

  it('splits a month of 300 KB and more into documents numbered in sequence, each under the limit with room for the signature, holding every receipt once, with the same totals', () => {
    const month = receipts(200);
    const whole = splitConsolidated(options(month, 10 * MAX_DOCUMENT_BYTES))[0];
    if (whole === undefined) throw new Error('no document');
    expect(bytesOf(whole.input)).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    const parts = splitConsolidated(options(month));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.map((part) => part.number)).toEqual(
      parts.map((_, index) => `STORE-CE-2026-11-${index + 1}`),
    );
    for (const part of parts) {
      expect(bytesOf(part.input)).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES - SIGNATURE_ALLOWANCE_BYTES);
      expect(part.input.number).toBe(part.number);
    }
    // Every receipt once, in order; no run of receipts straddles two documents.
    expect(parts.flatMap((part) => part.receipts.map((receipt) => receipt.number))).toEqual(
      month.map((receipt) => receipt.number),
    );
    const sum = (key: 'payable' | 'tax') => parts.reduce((total, part) => total + part.input.totals[key], 0);
    expect(sum('payable')).toBe(whole.input.totals.payable);
    expect(sum('tax')).toBe(whole.input.totals.tax);
    expect(parts.flatMap((part) => part.input.lines)).toEqual(whole.input.lines);
  });

  it('packs as few documents as fit (a small limit: many parts, each full but the last)', () => {
    const parts = splitConsolidated(options(receipts(60), SIGNATURE_ALLOWANCE_BYTES + 12_000));
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(bytesOf(part.input)).toBeLessThanOrEqual(12_000);
    const lines = parts.map((part) => part.input.lines.length);
    // Each full part but the last could not take the next run (3 lines) without going over.
    for (const [index, part] of parts.slice(0, -1).entries()) {
      const next = parts[index + 1];
      if (next === undefined) continue;
      const more = splitConsolidated(
        options([...part.receipts, ...next.receipts.slice(0, 1)], 10 * MAX_DOCUMENT_BYTES),
      )[0];
      if (more === undefined) throw new Error('no document');
      expect(bytesOf({ ...more.input, number: part.number })).toBeGreaterThan(12_000);
    }
    expect(lines.reduce((a, b) => a + b, 0)).toBe(180);
  });

  it('has no document for a month whose receipts were all refunded', () => {
    const refunded = receipts(3).map((receipt) => ({
      ...receipt,
      parts: receipt.parts.map((part) => ({ ...part, excludingTax: sen(0), tax: sen(0) })),
    }));
    expect(splitConsolidated(options(refunded))).toEqual([]);
  });
});
