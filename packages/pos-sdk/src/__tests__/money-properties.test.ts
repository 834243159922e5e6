import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addSen,
  formatAmount,
  formatRM,
  fromRinggit,
  multiplySen,
  parseRinggit,
  percentOf,
  type Sen,
  sen,
  subtractSen,
  sumSen,
  toRinggit,
} from '../money';

/** Amounts up to RM 10 000 000, positive or negative. */
const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map(sen);
const price = fc.integer({ min: 0, max: 10_000_000 }).map(sen);
const quantity = fc.integer({ min: 0, max: 999 });
/** A percentage with up to 2 decimals, 0 to 100. */
const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);

/** Has the wire number at most 2 decimals when printed (no binary-float residue)? */
function isClean(ringgit: number): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(String(ringgit));
}

describe('money properties', () => {
  it('toRinggit(fromRinggit(x)) round-trips for every 2-decimal ringgit number', () => {
    fc.assert(
      fc.property(amount, (s) => {
        const wire = toRinggit(s);
        expect(isClean(wire)).toBe(true);
        expect(fromRinggit(wire)).toBe(s);
        expect(toRinggit(fromRinggit(wire))).toBe(wire);
      }),
    );
  });

  it('parseRinggit(formatAmount(x)) round-trips and formatRM shows RM with 2 decimals', () => {
    fc.assert(
      fc.property(amount, (s) => {
        expect(parseRinggit(formatAmount(s))).toBe(s);
        expect(formatRM(s)).toMatch(s < 0 ? /^-RM \d+\.\d{2}$/ : /^RM \d+\.\d{2}$/);
        expect(formatRM(s).replace('RM ', '')).toBe(formatAmount(s));
      }),
    );
  });

  it('a subtotal always equals the sum of its lines to the sen, and reaches the wire clean', () => {
    const line = fc.record({ price, quantity, percent: fc.option(percent, { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const amounts = lines.map(({ price: p, quantity: q, percent: pc }) => {
          const gross = multiplySen(p, q);
          return pc === undefined ? gross : subtractSen(gross, percentOf(gross, pc));
        });
        const subtotal = sumSen(amounts);
        expect(Number.isSafeInteger(subtotal)).toBe(true);
        // The wire subtotal equals the sum of the wire lines, computed exactly as decimals.
        const wireLines = amounts.map(toRinggit);
        expect(wireLines.every(isClean)).toBe(true);
        expect(isClean(toRinggit(subtotal))).toBe(true);
        expect(sumSen(wireLines.map(fromRinggit))).toBe(subtotal);
        expect(subtotal).toBe(amounts.reduce((total: number, a) => total + a, 0));
      }),
    );
  });

  it('addition is exact where floats are not: RM 0.10 + RM 0.20 is RM 0.30', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toRinggit(addSen(fromRinggit(0.1), fromRinggit(0.2)))).toBe(0.3);
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(isClean(toRinggit(addSen(a, b)))).toBe(true);
        expect(subtractSen(addSen(a, b), b)).toBe(a);
      }),
    );
  });

  it('999 x RM 0.05 and any price x quantity stays clean on the wire', () => {
    expect(toRinggit(multiplySen(fromRinggit(0.05), 999))).toBe(49.95);
    fc.assert(
      fc.property(price, quantity, (p, q) => {
        const total = multiplySen(p, q);
        expect(total).toBe(sen(p * q));
        expect(isClean(toRinggit(total))).toBe(true);
      }),
    );
  });

  it('a percentage discount (e.g. 33.33 %) is rounded half-up to the sen and never leaves residue', () => {
    fc.assert(
      fc.property(price, quantity, percent, (p, q, pc) => {
        const gross = multiplySen(p, q);
        const discount = percentOf(gross, pc);
        // Exact reference: gross * hundredths / 10000 with half-up, in BigInt.
        const exact = BigInt(gross) * BigInt(Math.round(pc * 100));
        const reference = Number((exact * 2n + 10_000n) / 20_000n);
        expect(discount).toBe(reference);
        expect(discount).toBeLessThanOrEqual(gross);
        expect(isClean(toRinggit(subtractSen(gross, discount)))).toBe(true);
      }),
    );
  });

  it('a percentage discount is never more than half a sen from the exact value', () => {
    fc.assert(
      fc.property(price, quantity, percent, (p: Sen, q, pc) => {
        const gross = multiplySen(p, q);
        const exact = (gross * pc) / 100;
        expect(Math.abs(percentOf(gross, pc) - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});
