/**
 * Fixed inputs of the receipt golden tests (receipt.test.ts). Changing them changes every golden
 * file: run `UPDATE_GOLDEN=1 npx vitest run --project sdk packages/pos-sdk/src/__tests__/receipt*`
 * and read the diff before committing it.
 */
import type { Order, Shift, ShiftReport } from '../../contract';
import type { DocumentHeader } from '../../hardware';

/** Printed at 18:05:00 on 22 November 2026 in Kuala Lumpur. */
export const HEADER: DocumentHeader = {
  venueName: 'Demo Climbing Gym',
  terminal: 'TICKET01',
  staff: 'Ana Cashier',
  printedAt: '2026-11-22T10:05:00.000Z',
  timeZone: 'Asia/Kuala_Lumpur',
};

/**
 * 2 x Day Pass - Adult at 49.00 with a 10% discount approved by Max Manager (-9.80) and one pair
 * of Grip Socks - M at 15.00: SUBTOTAL 113.00, DISCOUNT -9.80, TOTAL RM 103.20, paid 50.00 cash
 * and 60.00 card, CHANGE 6.80.
 */
export const ORDER: Order = {
  _id: 'ord-0001',
  date: '2026-11-22T01:30:05.000Z',
  status: 'PAID',
  total_amount: 103.2,
  currency: 'MYR',
  origin: 'STORE',
  terminal: 'TICKET01',
  staff: 'Ana Cashier',
  invoice: { _id: 'STORE-000001' },
  order_details: {
    customer: { email: 'jane.doe@example.com' },
    cart: {
      items: [
        {
          sku: 'DAY-ADULT',
          name: 'Day Pass',
          category: 'Day Pass',
          group: 'Adult',
          quantity: 2,
          min_qty: 1,
          usage_limit: 1,
          type: 'PASS',
          price: { value: 49, currency: 'MYR' },
          discount: {
            type: 'percentage',
            value: 10,
            amount: 9.8,
            approver: 'usr-manager',
            approver_name: 'Max Manager',
          },
          ticket: ['T8KQ2M4ZP1A', 'T3NW7R5XC9B'],
          amount: 88.2,
        },
        {
          sku: 'GRIP-M',
          name: 'Grip Socks',
          category: 'Merchandise',
          group: 'M',
          quantity: 1,
          type: 'MERCHANDISE',
          price: { value: 15, currency: 'MYR' },
          amount: 15,
        },
      ],
      subtotal: 103.2,
      discount: 9.8,
    },
  },
  payment: {
    methods: [
      { type: 'CASH', amount: 50 },
      { type: 'CREDIT CARD', amount: 60 },
    ],
    change: 6.8,
  },
  tickets: ['T8KQ2M4ZP1A', 'T3NW7R5XC9B'],
  notes: [
    {
      text: 'Birthday group, wristbands handed out at the desk',
      by: 'Ana Cashier',
      at: '2026-11-22T01:32:00.000Z',
    },
  ],
};

/** The header of a venue registered for SST: its number is printed with the tax. */
export const HEADER_SST: DocumentHeader = {
  ...HEADER,
  venue: { sstRegistrationNo: 'W10-1808-32000123' },
};

/**
 * {@link ORDER} at a venue whose prices have tax added on top: the passes at SST8 (8 % of 88.20 = 7.056 -> 7.06), the
 * socks at SST6 (6 % of 15.00 = 0.90): tax 7.96, TOTAL RM 111.16, paid 51.16 cash and 60.00 card.
 */
export const TAXED_ORDER: Order = {
  ...ORDER,
  total_amount: 111.16,
  order_details: {
    ...ORDER.order_details,
    cart: {
      ...ORDER.order_details.cart,
      items: ORDER.order_details.cart.items.map((item) =>
        item.sku === 'DAY-ADULT'
          ? { ...item, tax: { code: 'SST8', rate_bp: 800, amount: 7.06 } }
          : { ...item, tax: { code: 'SST6', rate_bp: 600, amount: 0.9 } },
      ),
      tax: 7.96,
      taxes: [
        { code: 'SST8', name: 'Service tax 8%', type: '02', rate_bp: 800, base: 88.2, tax: 7.06 },
        { code: 'SST6', name: 'F&B 6%', type: '02', rate_bp: 600, base: 15, tax: 0.9 },
      ],
      prices_include_tax: false,
    },
  },
  payment: {
    methods: [
      { type: 'CASH', amount: 51.16 },
      { type: 'CREDIT CARD', amount: 60 },
    ],
    change: 0,
  },
};

/** The same order refunded later that day. */
export const REFUNDED_ORDER: Order = {
  ...ORDER,
  status: 'REFUNDED',
  refund: { reason: 'Customer left before entry', by: 'Ana Cashier', at: '2026-11-22T03:00:00.000Z' },
};

/** A shift opened at 08:55 with a 200.00 float, topped up by 50.00 at 13:10. */
export const SHIFT: Shift = {
  _id: 'shf-0001',
  terminal: 'TICKET01',
  staff: 'Ana Cashier',
  opened_at: '2026-11-22T00:55:00.000Z',
  float: [
    { cash: 200, at: '2026-11-22T00:56:00.000Z' },
    { cash: 50, at: '2026-11-22T05:10:00.000Z' },
  ],
};

/**
 * The end-of-shift report: expected cash = 200 float + 1189.20 cash sales (1234.50 handed over − 45.30 change) − 49.00 refunded
 * = 1340.20; 1335.20 counted, so cash is 5.00 short.
 */
export const Z_REPORT: ShiftReport = {
  shift_id: 'shf-0001',
  terminal: 'TICKET01',
  staff: 'Ana Cashier',
  opened_at: '2026-11-22T00:55:00.000Z',
  closed_at: '2026-11-22T10:02:30.000Z',
  float: 200,
  sales: { cash: 1189.2, card: 860, ewallet: 310.2 },
  change_given: 45.3,
  refunds: { cash: 49, card: 0, ewallet: 0 },
  expected: { cash: 1340.2, card: 860, ewallet: 310.2 },
  counted: { cash: 1335.2, card: 860, ewallet: 310.2 },
  variance: { cash: -5, card: 0, ewallet: 0 },
  orders: { count: 37, refunded: 1, canceled: 0 },
};

/** The same shift's X report at 15:00, before it was closed. */
export const X_REPORT: ShiftReport = {
  ...Z_REPORT,
  closed_at: null,
  counted: null,
  variance: null,
  orders: { count: 30, refunded: 1, canceled: 0 },
};

/**
 * {@link Z_REPORT} of a shift with tax: SST8 on 7.26 + 3.92 sold less 0.98 refunded (10.20 on 127.50 base), SST6 on
 * 2.55 sold (42.45 base), 12.75 in all.
 */
export const TAXED_Z_REPORT: ShiftReport = {
  ...Z_REPORT,
  tax: {
    total: 12.75,
    by_code: [
      { code: 'SST6', rate_bp: 600, base: 42.45, tax: 2.55 },
      { code: 'SST8', rate_bp: 800, base: 127.5, tax: 10.2 },
    ],
  },
};
