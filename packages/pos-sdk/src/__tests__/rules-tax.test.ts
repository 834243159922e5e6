import { describe, expect, it } from 'vitest';
import { multiplySen, percentOf, type Sen, sen, subtractSen, sumSen } from '../money';
import { refundStateOf } from '../rules/refundLines';
import {
  cartTax,
  formatTaxRate,
  lineTax,
  MAX_TAX_RATE_BP,
  orderTax,
  orderTaxRows,
  parseTaxRate,
  priceModeOf,
  type RuleTaxCode,
  refundedTax,
  TAX_RATE_MESSAGES,
} from '../rules/tax';

const SST8: RuleTaxCode = { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' };
const SST6: RuleTaxCode = { code: 'SST6', name: 'Service tax 6%', rate_bp: 600, type: '02' };
const EXEMPT: RuleTaxCode = { code: 'EX', name: 'Exempt', rate_bp: 0, type: 'E' };
const CODES = [SST8, SST6, EXEMPT];

describe('rules/tax: one line', () => {
  it.each([
    // amount (sen), rate (bp), mode, tax (sen): half up to the sen
    [4900, 800, 'exclusive', 392],
    [4900, 800, 'inclusive', 363], // 4900 × 800 / 10800 = 362.96…
    [4900, 600, 'inclusive', 277], // 4900 × 600 / 10600 = 277.35…
    [1, 600, 'exclusive', 0], // 0.06
    [9, 600, 'exclusive', 1], // 0.54
    [25, 200, 'exclusive', 1], // 0.5 exactly: half up
    [12_500, 800, 'exclusive', 1000],
    [10_800, 800, 'inclusive', 800], // RM 108 holds RM 100 and RM 8 of tax
    [0, 800, 'exclusive', 0],
    [4900, 0, 'exclusive', 0],
    [-4900, 800, 'exclusive', -392], // half away from zero, as percentOf
    [999 * 4900, 800, 'exclusive', 391_608],
  ] as const)('%i sen at %i bp %s: %i sen', (amount, rate, mode, tax) => {
    expect(lineTax(sen(amount), rate, mode)).toBe(tax);
  });

  it('refuses a rate that is no whole number of basis points from 0 to 100 %', () => {
    for (const rate of [-1, 8.5, MAX_TAX_RATE_BP + 1, Number.NaN]) {
      expect(() => lineTax(sen(100), rate, 'exclusive')).toThrow(RangeError);
    }
    expect(lineTax(sen(100), MAX_TAX_RATE_BP, 'exclusive')).toBe(100);
    expect(() => lineTax(sen(100), 8.5, 'exclusive')).toThrow(
      'A tax rate is 0 to 10000 basis points, not 8.5',
    );
  });

  it('shows a rate as a person reads it', () => {
    expect(formatTaxRate(800)).toBe('8 %');
    expect(formatTaxRate(600)).toBe('6 %');
    expect(formatTaxRate(50)).toBe('0.5 %');
    expect(formatTaxRate(1025)).toBe('10.25 %');
    expect(formatTaxRate(0)).toBe('0 %');
    expect(formatTaxRate(5)).toBe('0.05 %');
    expect(formatTaxRate(105)).toBe('1.05 %');
  });
});

describe('rules/tax: an order', () => {
  /** Lines: unit price (sen), quantity, discount (amount in sen, or a percentage), code. */
  type Line = {
    price: number;
    quantity: number;
    discount?: { amount: number } | { percent: number };
    code?: string;
  };
  const amountOf = (line: Line): Sen => {
    const gross = multiplySen(sen(line.price), line.quantity);
    if (line.discount === undefined) return gross;
    return subtractSen(
      gross,
      'amount' in line.discount ? sen(line.discount.amount) : percentOf(gross, line.discount.percent),
    );
  };
  const cases: {
    name: string;
    mode: 'inclusive' | 'exclusive';
    lines: Line[];
    total: number;
    toPay: number;
  }[] = [
    {
      name: 'no code: untaxed, as today',
      mode: 'inclusive',
      lines: [{ price: 4900, quantity: 2 }],
      total: 0,
      toPay: 9800,
    },
    {
      name: 'inclusive, two codes',
      mode: 'inclusive',
      lines: [
        { price: 4900, quantity: 2, code: 'SST8' }, // 9800 → 726
        { price: 1500, quantity: 1, code: 'SST6' }, // 1500 → 85
      ],
      total: 811,
      toPay: 11_300,
    },
    {
      name: 'exclusive, two codes and an exempt line',
      mode: 'exclusive',
      lines: [
        { price: 4900, quantity: 2, code: 'SST8' }, // 784
        { price: 1500, quantity: 3, code: 'SST6' }, // 270
        { price: 2500, quantity: 1, code: 'EX' },
      ],
      total: 1054,
      toPay: 16_800 + 1054,
    },
    {
      name: 'discounts by amount and by percentage, after which each line is taxed',
      mode: 'exclusive',
      lines: [
        { price: 4900, quantity: 2, discount: { amount: 490 }, code: 'SST8' }, // 9310 → 744.8 → 745
        { price: 4900, quantity: 3, discount: { percent: 33.33 }, code: 'SST8' }, // 14700 − 4900 = 9800 → 784
      ],
      total: 1529,
      toPay: 9310 + 9800 + 1529,
    },
    {
      name: '999 units',
      mode: 'inclusive',
      lines: [{ price: 1234, quantity: 999, code: 'SST6' }], // 1 232 766 × 600 / 10600 = 69 779.2 → 69 779
      total: 69_779,
      toPay: 1_232_766,
    },
    {
      name: 'a code the venue no longer has: untaxed',
      mode: 'exclusive',
      lines: [{ price: 4900, quantity: 1, code: 'GONE' }],
      total: 0,
      toPay: 4900,
    },
  ];

  it.each(cases)('$name', ({ mode, lines, total, toPay }) => {
    const taxed = orderTax(
      lines.map((line) => ({ amount: amountOf(line), code: line.code })),
      CODES,
      mode,
    );
    expect(taxed.total).toBe(total);
    expect(taxed.amountToPay).toBe(toPay);
    // The order's tax is the sum of its lines', and of its codes'.
    expect(sumSen(taxed.lines.map((line) => line.tax))).toBe(total);
    expect(sumSen(taxed.byCode.map((code) => code.tax))).toBe(total);
    for (const [index, line] of taxed.lines.entries()) {
      const amount = amountOf(lines[index] as Line);
      expect(line.tax).toBe(line.code === null ? 0 : lineTax(amount, line.rate_bp, mode));
    }
  });

  it('gives each code its base without the tax (inclusive) or the amounts (exclusive)', () => {
    const inclusive = orderTax([{ amount: sen(10_800), code: 'SST8' }], CODES, 'inclusive');
    expect(inclusive.byCode).toEqual([
      { code: 'SST8', name: 'Service tax 8%', type: '02', rate_bp: 800, base: 10_000, tax: 800 },
    ]);
    const exclusive = orderTax([{ amount: sen(10_000), code: 'SST8' }], CODES, 'exclusive');
    expect(exclusive.byCode[0]).toMatchObject({ base: 10_000, tax: 800 });
  });
});

describe('rules/tax: refunds of some lines', () => {
  it("gives back a share of a line's tax, and what is left of it on the refund that empties the line", () => {
    // A line of 3 × RM 49.00 at 8 % exclusive: 14 700 sen, 1 176 sen of tax.
    const amount = sen(14_700);
    const tax = lineTax(amount, 800, 'exclusive');
    expect(tax).toBe(1176);
    const first = refundedTax(tax, amount, sen(4900)); // one unit: 392
    const second = refundedTax(subtractSen(tax, first), sen(9800), sen(4900));
    const last = refundedTax(subtractSen(subtractSen(tax, first), second), sen(4900), sen(4900));
    expect([first, second, last]).toEqual([392, 392, 392]);
    expect(sumSen([first, second, last])).toBe(tax);
  });

  it('gives back the whole tax left with the money left, and nothing with nothing', () => {
    expect(refundedTax(sen(80), sen(1080), sen(1080))).toBe(80);
    expect(refundedTax(sen(80), sen(1080), sen(2000))).toBe(80);
    expect(refundedTax(sen(80), sen(1080), sen(0))).toBe(0);
    expect(refundedTax(sen(0), sen(0), sen(0))).toBe(0);
    // Half up: 80 × 27 / 1080 = 2.0, 80 × 20 / 1080 = 1.48 -> 1, 80 × 21 / 1080 = 1.56 -> 2, 5 × 1 / 2 = 2.5 -> 3.
    expect(refundedTax(sen(80), sen(1080), sen(27))).toBe(2);
    expect(refundedTax(sen(80), sen(1080), sen(20))).toBe(1);
    expect(refundedTax(sen(80), sen(1080), sen(21))).toBe(2);
    expect(refundedTax(sen(5), sen(2), sen(1))).toBe(3);
  });

  it('refunded in seven uneven parts, a line gives back exactly its tax, each part within a sen of its share', () => {
    // RM 10.00 at 8 % on top: RM 10.80 paid, RM 0.80 of tax, refunded as 6 × RM 1.54 and RM 1.56.
    const parts = [154, 154, 154, 154, 154, 154, 156].map(sen);
    let taxLeft = sen(80);
    let moneyLeft = sen(1080);
    const given: Sen[] = [];
    for (const part of parts) {
      const back = refundedTax(taxLeft, moneyLeft, part);
      given.push(back);
      taxLeft = subtractSen(taxLeft, back);
      moneyLeft = subtractSen(moneyLeft, part);
    }
    expect(sumSen(given)).toBe(80);
    for (const [index, back] of given.entries()) {
      // The exact share is 80 × part / 1080 (11.4 or 11.6 sen).
      expect(Math.abs(back * 1080 - 80 * (parts[index] ?? 0))).toBeLessThanOrEqual(1080);
    }
  });

  it('never gives back more tax than the line carried, whatever the rounding', () => {
    // 3 units of RM 0.09 at 6 %: 27 sen, 2 sen of tax (1.62); the first unit's share rounds to 1 (0.67).
    const amount = sen(27);
    const tax = lineTax(amount, 600, 'exclusive');
    expect(tax).toBe(2);
    let left = tax;
    let moneyLeft = amount;
    const given: Sen[] = [];
    for (let unit = 0; unit < 3; unit++) {
      const back = refundedTax(left, moneyLeft, sen(9));
      given.push(back);
      left = subtractSen(left, back);
      moneyLeft = subtractSen(moneyLeft, sen(9));
    }
    expect(given).toEqual([1, 1, 0]);
    expect(sumSen(given)).toBe(tax);
  });
});

describe('rules/tax: a cart, a venue setting, a receipt', () => {
  it("taxes a cart's lines after their discounts at their variants' codes", () => {
    const tax = cartTax(
      [
        { sku: 'DAY-ADULT', name: 'Day Pass', type: 'PASS', quantity: 2, price: sen(4900), tax_code: 'SST8' },
        {
          sku: 'GRIP-M',
          name: 'Grip Socks',
          type: 'MERCHANDISE',
          quantity: 999,
          price: sen(1500),
          discount: { type: 'amount', value: 10, amount: sen(1000) },
          tax_code: 'SST6',
        },
        { sku: 'GRIP-L', name: 'Grip Socks', type: 'MERCHANDISE', quantity: 1, price: sen(1500) },
      ],
      CODES,
      'exclusive',
    );
    // 9800 x 8 % = 784; (1,498,500 − 1,000) x 6 % = 89,850.
    expect(tax.lines.map((line) => line.tax)).toEqual([784, 89_850, 0]);
    expect(tax.total).toBe(sen(90_634));
    expect(tax.amountToPay).toBe(sen(9800 + 1_497_500 + 1500 + 90_634));
  });

  it('reads the venue setting: prices hold their tax unless it says false', () => {
    expect(priceModeOf(undefined)).toBe('inclusive');
    expect(priceModeOf(true)).toBe('inclusive');
    expect(priceModeOf(false)).toBe('exclusive');
  });

  it("lists an order's tax by code in words, 'Incl.' when the prices held it; nothing without tax", () => {
    const taxes = [
      { code: 'SST8', rate_bp: 800, base: 88.2, tax: 7.06 },
      { code: 'SST6', rate_bp: 650, base: 15, tax: 0.98 },
    ];
    expect(orderTaxRows({ taxes, prices_include_tax: false })).toEqual([
      { label: 'SST8 8 % on 88.20', tax: 706 },
      { label: 'SST6 6.5 % on 15.00', tax: 98 },
    ]);
    expect(orderTaxRows({ taxes, prices_include_tax: true })[0]?.label).toBe('Incl. SST8 8 % on 88.20');
    expect(orderTaxRows({ taxes })[0]?.label).toBe('Incl. SST8 8 % on 88.20');
    expect(orderTaxRows({})).toEqual([]);
  });

  it('refunds a line of tax added on top with its tax: what the customer paid for it', () => {
    const order = {
      order_details: {
        cart: {
          items: [
            { sku: 'GRIP-M', quantity: 3, amount: 45, tax: { amount: 2.7 } },
            { sku: 'GRIP-L', quantity: 1, amount: 15 },
          ],
          prices_include_tax: false,
        },
      },
      payment: { methods: [{ type: 'CASH', amount: 62.7 }], change: 0 },
    };
    expect(refundStateOf(order).lines.map((line) => line.paid)).toEqual([4770, 1500]);
    const included = {
      ...order,
      order_details: { cart: { ...order.order_details.cart, prices_include_tax: true } },
    };
    expect(refundStateOf(included).lines.map((line) => line.paid)).toEqual([4500, 1500]);
  });
});

describe('rules/tax: a rate typed in percent', () => {
  it.each([
    ['8', 800],
    ['0.5', 50],
    ['6.25', 625],
    [' 8 ', 800],
    ['0', 0],
    ['100', 10_000],
    ['007.1', 710],
  ])('reads %j as %i basis points', (text, basisPoints) => {
    expect(parseTaxRate(text)).toEqual({ ok: true, value: basisPoints });
  });

  it.each(['', '8,5', '6.255', '1000', '-1', '8 %', '.5', 'eight'])('refuses %j in words', (text) => {
    expect(parseTaxRate(text)).toMatchObject({
      ok: false,
      code: 'invalid_amount',
      message: TAX_RATE_MESSAGES.format,
    });
  });

  it('refuses a rate above 100 %', () => {
    expect(parseTaxRate('100.01')).toMatchObject({ ok: false, message: 'A rate is at most 100 %' });
    expect(parseTaxRate('101')).toMatchObject({ ok: false, message: TAX_RATE_MESSAGES.tooHigh });
  });
});
