import { describe, expect, it } from 'vitest';
import {
  absSen,
  addSen,
  compareSen,
  formatAmount,
  formatRM,
  fromRinggit,
  isNegative,
  isPositive,
  isZero,
  maxSen,
  minSen,
  multiplySen,
  negateSen,
  parseRinggit,
  percentOf,
  roundTo2Decimals,
  type Sen,
  sen,
  subtractSen,
  sumSen,
  toRinggit,
  ZERO,
} from '../money';

describe('money', () => {
  describe('sen', () => {
    it('brands an integer number of sen', () => {
      expect(sen(4900)).toBe(4900);
      expect(ZERO).toBe(0);
    });

    it('refuses a fraction of a sen, NaN, Infinity and unsafe integers with a RangeError', () => {
      for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
        expect(() => sen(bad)).toThrow(RangeError);
      }
    });

    it('normalises -0 to 0', () => {
      expect(Object.is(sen(-0), 0)).toBe(true);
    });
  });

  describe('fromRinggit', () => {
    it('converts wire ringgit with at most 2 decimals to sen (49, 12.5, 0.05)', () => {
      expect(fromRinggit(49)).toBe(4900);
      expect(fromRinggit(12.5)).toBe(1250);
      expect(fromRinggit(0.05)).toBe(5);
      expect(fromRinggit(-9.8)).toBe(-980);
      expect(fromRinggit(1.15)).toBe(115); // 1.15 * 100 is 114.99999999999999 in floats
      expect(fromRinggit(4.35)).toBe(435); // 4.35 * 100 is 434.99999999999994
    });

    it('throws a RangeError for non-finite values', () => {
      expect(() => fromRinggit(Number.NaN)).toThrow(RangeError);
      expect(() => fromRinggit(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    });

    it('throws a RangeError for more than 2 decimals, including float residue such as 0.1 + 0.2', () => {
      expect(() => fromRinggit(1.234)).toThrow(RangeError);
      expect(() => fromRinggit(0.1 + 0.2)).toThrow(RangeError);
      expect(() => fromRinggit(1e-7)).toThrow(RangeError);
    });

    it('throws a RangeError for amounts beyond the safe range', () => {
      expect(() => fromRinggit(1e21)).toThrow(RangeError);
      expect(() => fromRinggit(9e15)).toThrow(RangeError);
    });
  });

  describe('toRinggit', () => {
    it('converts sen to the wire number of ringgit', () => {
      expect(toRinggit(sen(4900))).toBe(49);
      expect(toRinggit(sen(1250))).toBe(12.5);
      expect(toRinggit(sen(30))).toBe(0.3);
      expect(toRinggit(sen(-980))).toBe(-9.8);
      expect(Object.is(toRinggit(ZERO), 0)).toBe(true);
    });
  });

  describe('parseRinggit', () => {
    it('parses user text ^-?\\d+(\\.\\d{1,2})?$ after trimming', () => {
      expect(parseRinggit('12.5')).toBe(1250);
      expect(parseRinggit(' 49 ')).toBe(4900);
      expect(parseRinggit('0.05')).toBe(5);
      expect(parseRinggit('-3.20')).toBe(-320);
      expect(parseRinggit('007')).toBe(700);
    });

    it('gives undefined for empty text, letters, more than 2 decimals and other formats', () => {
      for (const bad of ['', '   ', 'abc', '1.234', '1.', '.5', '+5', '1,000', '1e3', '--1', '12.5 RM']) {
        expect(parseRinggit(bad)).toBeUndefined();
      }
    });

    it('gives undefined for amounts beyond the safe range', () => {
      expect(parseRinggit('99999999999999999999')).toBeUndefined();
    });
  });

  describe('formatRM / formatAmount', () => {
    it('formats as RM 49.00', () => {
      expect(formatRM(sen(4900))).toBe('RM 49.00');
      expect(formatRM(sen(1250))).toBe('RM 12.50');
      expect(formatRM(sen(5))).toBe('RM 0.05');
      expect(formatRM(ZERO)).toBe('RM 0.00');
      expect(formatRM(sen(123456789))).toBe('RM 1234567.89');
    });

    it('formats negative amounts as -RM 9.80', () => {
      expect(formatRM(sen(-980))).toBe('-RM 9.80');
      expect(formatRM(sen(-1))).toBe('-RM 0.01');
    });

    it('formats the plain amount with 2 decimals (49.00, -9.80)', () => {
      expect(formatAmount(sen(4900))).toBe('49.00');
      expect(formatAmount(sen(-980))).toBe('-9.80');
      expect(formatAmount(sen(Number.MAX_SAFE_INTEGER))).toBe('90071992547409.91');
    });
  });

  describe('arithmetic', () => {
    it('adds, subtracts and sums', () => {
      expect(addSen(sen(10), sen(20))).toBe(30);
      expect(subtractSen(sen(10), sen(25))).toBe(-15);
      expect(sumSen([sen(10), sen(20), sen(30)])).toBe(60);
      expect(sumSen([])).toBe(0);
    });

    it('multiplies by an integer quantity: 999 x RM 0.05 is RM 49.95', () => {
      expect(multiplySen(sen(5), 999)).toBe(4995);
      expect(formatRM(multiplySen(fromRinggit(0.05), 999))).toBe('RM 49.95');
    });

    it('refuses a non-integer quantity with a RangeError', () => {
      expect(() => multiplySen(sen(100), 1.5)).toThrow(RangeError);
      expect(() => multiplySen(sen(100), Number.NaN)).toThrow(RangeError);
    });

    it('refuses results beyond the safe range with a RangeError', () => {
      expect(() => addSen(sen(Number.MAX_SAFE_INTEGER), sen(1))).toThrow(RangeError);
      expect(() => multiplySen(sen(Number.MAX_SAFE_INTEGER), 2)).toThrow(RangeError);
    });

    it('negates, takes the absolute value, min, max and compares', () => {
      expect(negateSen(sen(5))).toBe(-5);
      expect(Object.is(negateSen(ZERO), 0)).toBe(true);
      expect(absSen(sen(-5))).toBe(5);
      expect(minSen(sen(1), sen(2))).toBe(1);
      expect(maxSen(sen(1), sen(2))).toBe(2);
      expect(compareSen(sen(1), sen(2))).toBe(-1);
      expect(compareSen(sen(2), sen(2))).toBe(0);
      expect(compareSen(sen(3), sen(2))).toBe(1);
      expect([sen(3), sen(-1), sen(2)].sort(compareSen)).toEqual([-1, 2, 3]);
    });

    it('answers isNegative, isPositive and isZero', () => {
      expect(isNegative(sen(-1))).toBe(true);
      expect(isNegative(ZERO)).toBe(false);
      expect(isPositive(sen(1))).toBe(true);
      expect(isPositive(ZERO)).toBe(false);
      expect(isZero(ZERO)).toBe(true);
      expect(isZero(sen(1))).toBe(false);
    });
  });

  describe('percentOf', () => {
    it('takes a percentage rounded half-up to the sen (spec section 5)', () => {
      expect(percentOf(sen(4900), 10)).toBe(490);
      expect(percentOf(sen(4900), 33.33)).toBe(1633); // 1633.17
      expect(percentOf(sen(150), 33.33)).toBe(50); // 49.995 rounds up
      expect(percentOf(sen(1), 50)).toBe(1); // 0.5 rounds up
      expect(percentOf(sen(1), 49.99)).toBe(0); // 0.4999 rounds down
      expect(percentOf(sen(4900), 100)).toBe(4900);
      expect(percentOf(sen(4900), 0)).toBe(0);
    });

    it('rounds negative amounts half away from zero', () => {
      expect(percentOf(sen(-1), 50)).toBe(-1);
      expect(percentOf(sen(-150), 33.33)).toBe(-50);
    });

    it('stays exact for large amounts (integer arithmetic)', () => {
      expect(percentOf(sen(Number.MAX_SAFE_INTEGER), 100)).toBe(Number.MAX_SAFE_INTEGER);
      expect(percentOf(sen(999_999_999_999), 33.33)).toBe(333_300_000_000); // 333299999999.6667
    });

    it('refuses a percentage with more than 2 decimals or not finite', () => {
      expect(() => percentOf(sen(100), 33.333)).toThrow(RangeError);
      expect(() => percentOf(sen(100), Number.NaN)).toThrow(RangeError);
    });
  });

  describe('roundTo2Decimals', () => {
    it('rounds half-up to 2 decimals on the decimal digits', () => {
      expect(roundTo2Decimals(12.345)).toBe(12.35);
      expect(roundTo2Decimals(1.005)).toBe(1.01);
      expect(roundTo2Decimals(12.344)).toBe(12.34);
      expect(roundTo2Decimals(10)).toBe(10);
      expect(roundTo2Decimals(0.1 + 0.2)).toBe(0.3);
      expect(roundTo2Decimals(-1.005)).toBe(-1.01);
      expect(roundTo2Decimals(1e-7)).toBe(0);
    });

    it('refuses non-finite and too large values', () => {
      expect(() => roundTo2Decimals(Number.NaN)).toThrow(RangeError);
      expect(() => roundTo2Decimals(1e21)).toThrow(RangeError);
    });
  });
});

describe('money edge cases (what the mutation tests asked for)', () => {
  it('refuses with a message that names the value', () => {
    expect(() => sen(1.5)).toThrow('An amount in sen must be a safe integer, got 1.5');
    expect(() => multiplySen(sen(100), 1.5)).toThrow('A quantity must be an integer, got 1.5');
    expect(() => fromRinggit(Number.NaN)).toThrow('NaN is not a finite number');
    expect(() => fromRinggit(1.234)).toThrow('1.234 is not an amount with at most 2 decimals');
    expect(() => fromRinggit(1e20)).toThrow('100000000000000000000 is too large for an amount');
    expect(() => roundTo2Decimals(Number.POSITIVE_INFINITY)).toThrow('Infinity is not a finite number');
    expect(() => roundTo2Decimals(Number.NaN)).toThrow('NaN is not a finite number');
    expect(() => roundTo2Decimals(1e20)).toThrow('100000000000000000000 is too large for an amount');
    expect(() => roundTo2Decimals(1e21)).toThrow('1e+21 is too large for an amount');
  });

  it('minSen and maxSen pick the smaller and the larger, whichever comes first', () => {
    expect(minSen(sen(500), sen(300))).toBe(300);
    expect(minSen(sen(300), sen(500))).toBe(300);
    expect(maxSen(sen(500), sen(300))).toBe(500);
    expect(maxSen(sen(300), sen(500))).toBe(500);
  });

  it('toRinggit never gives -0', () => {
    expect(Object.is(toRinggit(-0 as Sen), 0)).toBe(true);
  });
});
