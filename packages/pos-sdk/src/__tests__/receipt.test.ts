import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartItem, Order, ShiftReport } from '../contract';
import {
  createDocumentHeader,
  type PrintDocument,
  RECEIPT_COLUMNS,
  type ReceiptColumns,
  renderDocument,
} from '../hardware';
import { sen, toRinggit } from '../money';
import {
  HEADER,
  HEADER_SST,
  ORDER,
  REFUNDED_ORDER,
  SHIFT,
  TAXED_ORDER,
  TAXED_Z_REPORT,
  X_REPORT,
  Z_REPORT,
} from './__golden__/fixtures';

const GOLDEN_DIR = fileURLToPath(new URL('./__golden__/', import.meta.url));

/** Compares `text` with a golden file; `UPDATE_GOLDEN=1` (re)writes it instead. */
function expectGolden(name: string, text: string): void {
  const path = `${GOLDEN_DIR}${name}`;
  const content = `${text}\n`;
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, content);
  if (!existsSync(path)) throw new Error(`Golden file ${name} is missing: run the test with UPDATE_GOLDEN=1`);
  expect(content).toBe(readFileSync(path, 'utf8'));
}

/** Every line's width in code points. */
function widths(text: string): number[] {
  return text.split('\n').map((line) => Array.from(line).length);
}

const FLOAT_ENTRY = SHIFT.float[1]!;

const GOLDEN_DOCUMENTS: Record<string, PrintDocument> = {
  sale: { kind: 'sale', header: HEADER, order: ORDER },
  'sale-tax': { kind: 'sale', header: HEADER_SST, order: TAXED_ORDER },
  reprint: { kind: 'reprint', header: HEADER, order: REFUNDED_ORDER },
  float: { kind: 'float', header: HEADER, shift: SHIFT, entry: FLOAT_ENTRY },
  'x-report': { kind: 'x-report', header: HEADER, report: X_REPORT },
  'z-report': { kind: 'z-report', header: HEADER, report: Z_REPORT },
  'z-report-tax': { kind: 'z-report', header: HEADER, report: TAXED_Z_REPORT },
};

describe('receipt layout (renderDocument)', () => {
  for (const [name, document] of Object.entries(GOLDEN_DOCUMENTS)) {
    for (const columns of RECEIPT_COLUMNS) {
      it(`lays out the ${name} document at ${columns} columns as its golden file`, () => {
        expectGolden(`${name}-${columns}.txt`, renderDocument(document, { columns }));
      });
    }
  }

  it('prints the tax by code with the SST registration number on an order with tax, and nothing of it without', () => {
    const lines = renderDocument(GOLDEN_DOCUMENTS['sale-tax']!, { columns: 42 }).split('\n');
    expect(lines.filter((line) => /^(DISCOUNT|SST|TOTAL)/.test(line))).toEqual([
      'DISCOUNT                             -9.80',
      'SST8 8 % on 88.20                     7.06',
      'SST6 6 % on 15.00                     0.90',
      'SST Reg. No.: W10-1808-32000123',
      'TOTAL                            RM 111.16',
    ]);
    const included = renderDocument(
      {
        kind: 'sale',
        header: HEADER_SST,
        order: {
          ...TAXED_ORDER,
          order_details: {
            ...TAXED_ORDER.order_details,
            cart: { ...TAXED_ORDER.order_details.cart, prices_include_tax: true },
          },
        },
      },
      { columns: 42 },
    );
    expect(included).toContain('Incl. SST8 8 % on 88.20');
    const plain = renderDocument({ kind: 'sale', header: HEADER_SST, order: ORDER }, { columns: 42 });
    expect(plain).not.toMatch(/SST/);
  });

  it("prints the invoice summary rows SUBTOTAL, DISCOUNT, TOTAL, 'Paid with {method}', CHANGE (spec section 2)", () => {
    const lines = renderDocument(GOLDEN_DOCUMENTS.sale!, { columns: 42 }).split('\n');
    const summary = lines.filter((line) => /^(SUBTOTAL|DISCOUNT|TOTAL|Paid with|CHANGE)/.test(line));
    expect(summary).toEqual([
      'SUBTOTAL                            113.00',
      'DISCOUNT                             -9.80',
      'TOTAL                            RM 103.20',
      'Paid with CASH                       50.00',
      'Paid with CREDIT CARD                60.00',
      'CHANGE                                6.80',
    ]);
  });

  it('prints an item discount with its note and approver, e.g. "10% discount (Max Manager)  -9.80"', () => {
    const text = renderDocument(GOLDEN_DOCUMENTS.sale!, { columns: 42 });
    expect(text).toContain('  2 x 49.00                          98.00\n');
    expect(text).toContain('  10% discount (Max Manager)         -9.80\n');
  });

  it('prints a fixed-amount discount as "RM 5.00 discount"', () => {
    const items = ORDER.order_details.cart.items.map((item, index) =>
      index === 0 && item.discount
        ? { ...item, discount: { ...item.discount, type: 'amount' as const, value: 5, amount: 5 } }
        : item,
    );
    const order: Order = {
      ...ORDER,
      order_details: { ...ORDER.order_details, cart: { ...ORDER.order_details.cart, items } },
    };
    expect(renderDocument({ kind: 'sale', header: HEADER, order })).toContain(
      '  RM 5.00 discount (Max Manager)     -5.00',
    );
  });

  it('lists the ticket IDs under the pass line', () => {
    const lines = renderDocument(GOLDEN_DOCUMENTS.sale!, { columns: 32 }).split('\n');
    const passLine = lines.indexOf('Day Pass - Adult');
    expect(lines.slice(passLine + 4, passLine + 6)).toEqual(['  Ticket T8KQ2M4ZP1A', '  Ticket T3NW7R5XC9B']);
  });

  it('shows the date as DD-MM-YYYY HH:mm:ss in the venue time zone (default Asia/Kuala_Lumpur)', () => {
    const header = { printedAt: '2026-11-22T10:05:00.000Z' };
    const order: Order = { ...ORDER, date: '2026-11-22T16:30:05.000Z' };
    expect(renderDocument({ kind: 'sale', header, order })).toContain('Date: 23-11-2026 00:30:05');
    const inLondon = renderDocument({
      kind: 'sale',
      header: { ...header, timeZone: 'Europe/London' },
      order,
    });
    expect(inLondon).toContain('Date: 22-11-2026 16:30:05');
  });

  it('says REPRINT on a reprinted receipt and shows its status and refund reason', () => {
    const text = renderDocument(GOLDEN_DOCUMENTS.reprint!, { columns: 42 });
    expect(text).toContain('*** REPRINT ***');
    expect(text).toContain('Status: REFUNDED');
    expect(text).toContain('Reason: Customer left before entry');
    expect(renderDocument(GOLDEN_DOCUMENTS.sale!)).not.toContain('REPRINT');
  });

  it('prints the float slip with the entry just set and the running float total', () => {
    const text = renderDocument(GOLDEN_DOCUMENTS.float!, { columns: 32 });
    expect(text).toContain('FLOAT IN                RM 50.00');
    expect(text).toContain('FLOAT TOTAL            RM 250.00');
    const out = { ...FLOAT_ENTRY, cash: -20 };
    const shift = { ...SHIFT, float: [...SHIFT.float, out] };
    const taken = renderDocument({ kind: 'float', header: HEADER, shift, entry: out }, { columns: 32 });
    expect(taken).toContain('FLOAT OUT              -RM 20.00');
    expect(taken).toContain('FLOAT TOTAL            RM 230.00');
  });

  it('prints the end-of-shift report with counted takings and variance per method', () => {
    const text = renderDocument(GOLDEN_DOCUMENTS['z-report']!, { columns: 42 });
    expect(text).toContain('                    CASH     CARD E-WALLET');
    expect(text).toContain('Variance           -5.00     0.00     0.00');
    expect(text).toContain('TOTAL VARIANCE                    -RM 5.00');
    const xText = renderDocument(GOLDEN_DOCUMENTS['x-report']!, { columns: 42 });
    expect(xText).toContain('Shift still open');
    expect(xText).not.toContain('Counted');
  });

  it('prints the tax collected per code and its total on a report with tax, and nothing of it without', () => {
    const lines = renderDocument(GOLDEN_DOCUMENTS['z-report-tax']!, { columns: 42 }).split('\n');
    const start = lines.indexOf('TAX COLLECTED');
    expect(lines.slice(start, start + 5)).toEqual([
      'TAX COLLECTED',
      '  SST6 6 % on 42.45                   2.55',
      '  SST8 8 % on 127.50                 10.20',
      'TOTAL TAX                         RM 12.75',
      '-'.repeat(42),
    ]);
    const refunds = lines.findIndex((line) => line.startsWith('TOTAL REFUNDS'));
    expect(refunds).toBeGreaterThan(0);
    expect(refunds).toBeLessThan(start);
    for (const name of ['z-report', 'x-report']) {
      expect(renderDocument(GOLDEN_DOCUMENTS[name]!, { columns: 42 })).not.toContain('TAX');
    }
  });

  it('falls back to one block per method when the table does not fit', () => {
    const text = renderDocument(GOLDEN_DOCUMENTS['z-report']!, { columns: 32 });
    expect(text).toContain('CASH\n  Float                   200.00\n  Sales                  1189.20');
    const huge: ShiftReport = {
      ...Z_REPORT,
      sales: { cash: 9_999_999.99, card: 9_999_999.99, ewallet: 1 },
      variance: { cash: -5, card: -9_999_999.99, ewallet: 0 },
    };
    const wide = renderDocument({ kind: 'z-report', header: HEADER, report: huge }, { columns: 42 });
    expect(wide).toContain('CARD\n  Sales                         9999999.99');
    expect(Math.max(...widths(wide))).toBeLessThanOrEqual(42);
  });

  it('wraps long item names within the width', () => {
    const item: CartItem = {
      sku: 'LONG',
      name: 'Extraordinarily Long Weekend Family Bouldering Session Pass With Equipment Rental',
      category: 'Day Pass',
      group: 'Adult',
      quantity: 1,
      type: 'PASS',
      price: { value: 49 },
      ticket: ['TICKET-WITH-A-VERY-LONG-IDENTIFIER-0123456789'],
    };
    const order: Order = {
      ...ORDER,
      order_details: { ...ORDER.order_details, cart: { items: [item], subtotal: 49 } },
    };
    const text = renderDocument({ kind: 'sale', header: HEADER, order }, { columns: 32 });
    expect(text).toContain(
      'Extraordinarily Long Weekend\n  Family Bouldering Session Pass\n  With Equipment Rental - Adult\n',
    );
    expect(text).toContain('  Ticket\n    TICKET-WITH-A-VERY-LONG-IDEN\n    TIFIER-0123456789');
    expect(Math.max(...widths(text))).toBeLessThanOrEqual(32);
  });

  it('refuses a width other than 32, 42 or 48', () => {
    expect(() => renderDocument(GOLDEN_DOCUMENTS.sale!, { columns: 40 as ReceiptColumns })).toThrow(
      RangeError,
    );
  });

  it('defaults to 42 columns', () => {
    expect(renderDocument(GOLDEN_DOCUMENTS.sale!)).toBe(
      renderDocument(GOLDEN_DOCUMENTS.sale!, { columns: 42 }),
    );
  });

  it("names the order's seller and terminal, and the shift's cashier, whoever prints them where", () => {
    // A manager signed in on another terminal reprints Ana's order and prints the reports of her shift.
    const printer = { ...HEADER, terminal: 'TICKET02', staff: 'Max Manager' };
    const who = (document: PrintDocument) =>
      renderDocument(document, { columns: 42 })
        .split('\n')
        .filter((line) => /^(Terminal|Cashier):/.test(line));
    const ana = ['Terminal: TICKET01', 'Cashier: Ana Cashier'];
    expect(who({ kind: 'reprint', header: printer, order: REFUNDED_ORDER })).toEqual(ana);
    expect(who({ kind: 'x-report', header: printer, report: X_REPORT })).toEqual(ana);
    expect(who({ kind: 'z-report', header: printer, report: Z_REPORT })).toEqual(ana);
    expect(who({ kind: 'float', header: printer, shift: SHIFT, entry: FLOAT_ENTRY })).toEqual(ana);
    // A record that names no one (an order kept offline before it had its seller) takes the printer's.
    const { staff: _staff, ...unnamed } = ORDER;
    expect(who({ kind: 'sale', header: printer, order: unnamed as Order })).toEqual([
      'Terminal: TICKET01',
      'Cashier: Max Manager',
    ]);
  });

  it('builds a header stamped with the print time', () => {
    const header = createDocumentHeader({ venueName: 'Demo Gym', now: new Date('2026-11-22T10:05:00Z') });
    expect(header).toEqual({ venueName: 'Demo Gym', printedAt: '2026-11-22T10:05:00.000Z' });
  });
});

const word = fc.oneof(
  fc.constantFrom('Day', 'Pass', 'Adult', 'Grip', 'Socks', 'Membership', 'Renewal', '10', 'Punch'),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 70 }),
);
const text = fc.array(word, { minLength: 1, maxLength: 8 }).map((words) => words.join(' '));
const ringgit = (max: number) => fc.integer({ min: 0, max }).map((n) => toRinggit(sen(n)));

const itemArbitrary: fc.Arbitrary<CartItem> = fc.record({
  sku: fc.constant('SKU'),
  name: text,
  category: fc.constantFrom('Day Pass', 'Membership', 'Merchandise'),
  group: fc.option(text, { nil: undefined }),
  quantity: fc.integer({ min: 1, max: 999 }),
  type: fc.constantFrom('PASS' as const, 'MERCHANDISE' as const),
  price: fc.record({ value: ringgit(99_999_99) }),
  discount: fc.option(
    fc.record({
      type: fc.constantFrom('amount' as const, 'percentage' as const),
      value: ringgit(100_00),
      amount: ringgit(99_999_99),
      approver: text,
      approver_name: fc.option(text, { nil: undefined }),
    }),
    { nil: undefined },
  ),
  ticket: fc.option(fc.array(text, { maxLength: 3 }), { nil: undefined }),
});

const orderArbitrary: fc.Arbitrary<Order> = fc
  .record({
    items: fc.array(itemArbitrary, { minLength: 1, maxLength: 4 }),
    total: ringgit(1_000_000_000),
    email: fc.oneof(fc.constant(''), text),
    notes: fc.array(text, { maxLength: 2 }),
    invoice: text,
    tenders: fc.array(
      fc.record({
        type: fc.constantFrom('CASH' as const, 'CREDIT CARD' as const, 'E-WALLET' as const),
        amount: ringgit(1_000_000_000),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ items, total, email, notes, invoice, tenders }) => ({
    ...ORDER,
    invoice: { _id: invoice },
    total_amount: total,
    order_details: { customer: { email }, cart: { items, subtotal: total } },
    payment: { methods: tenders, change: 0 },
    notes: notes.map((note) => ({ text: note, by: 'x', at: ORDER.date })),
  }));

const totals = fc.record({
  cash: ringgit(1_000_000_000),
  card: ringgit(1_000_000_000),
  ewallet: ringgit(1_000_000_000),
});
const reportArbitrary: fc.Arbitrary<ShiftReport> = fc.record({
  shift_id: fc.constant('s'),
  terminal: text,
  staff: text,
  opened_at: fc.constant(Z_REPORT.opened_at),
  closed_at: fc.constant(Z_REPORT.closed_at),
  float: ringgit(1_000_000_000),
  sales: totals,
  change_given: fc.option(ringgit(1_000_000_000), { nil: undefined }),
  refunds: totals,
  expected: totals,
  counted: fc.option(totals, { nil: null }),
  variance: fc.option(totals, { nil: null }),
  orders: fc.record({ count: fc.nat(), refunded: fc.nat(), canceled: fc.nat() }),
});

const headerArbitrary = fc.record({
  venueName: fc.option(text, { nil: undefined }),
  terminal: fc.option(text, { nil: undefined }),
  staff: fc.option(text, { nil: undefined }),
  printedAt: fc.constant(HEADER.printedAt),
});

const documentArbitrary: fc.Arbitrary<PrintDocument> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), header: headerArbitrary, order: orderArbitrary }),
  fc.record({ kind: fc.constant('reprint' as const), header: headerArbitrary, order: orderArbitrary }),
  fc.record({
    kind: fc.constant('float' as const),
    header: headerArbitrary,
    shift: fc.constant(SHIFT),
    entry: fc.constant(FLOAT_ENTRY),
  }),
  fc.record({
    kind: fc.constantFrom('x-report' as const, 'z-report' as const),
    header: headerArbitrary,
    report: reportArbitrary,
  }),
);

describe('receipt layout widths', () => {
  it('never prints a line wider than the receipt, whatever the names and amounts', () => {
    fc.assert(
      fc.property(documentArbitrary, fc.constantFrom(...RECEIPT_COLUMNS), (document, columns) => {
        const lines = widths(renderDocument(document, { columns }));
        expect(Math.max(...lines)).toBeLessThanOrEqual(columns);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves no trailing spaces', () => {
    fc.assert(
      fc.property(documentArbitrary, fc.constantFrom(...RECEIPT_COLUMNS), (document, columns) => {
        for (const line of renderDocument(document, { columns }).split('\n'))
          expect(line).toBe(line.trimEnd());
      }),
      { numRuns: 100 },
    );
  });
});
