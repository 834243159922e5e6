import type {
  MerchandiseProduct,
  Order,
  PassProduct,
  Receipt,
  Shift,
  ShiftReport,
  Ticket,
  UserEntry,
  UserProfile,
} from '../../contract';

/** The API address the tests' nock scopes answer. */
export const BASE = 'http://pos.test';

/** The venue time zone every service test runs in. */
export const TIME_ZONE = 'Asia/Kuala_Lumpur';

/** Now in the tests: 10:00 on 22 November 2026 in Kuala Lumpur (02:00 UTC). */
export const NOW = new Date('2026-11-22T02:00:00.000Z');

/** The start of the venue day containing {@link NOW}: local midnight in Kuala Lumpur. */
export const DAY_START = '2026-11-21T16:00:00.000Z';

/** The demo cashier's profile (NOTES.md, demo data). */
export const CASHIER: UserProfile = {
  _id: 'u-cashier',
  email: 'cashier@demo.pos',
  name: { first: 'Ana', last: 'Cashier' },
};

/** The users list: the two demo staff. */
export const USERS: UserEntry[] = [
  { _id: 'u-cashier', name: { first: 'Ana', last: 'Cashier' } },
  { _id: 'u-manager', name: { first: 'Max', last: 'Manager' } },
];

const myr = (value: number) => [{ currency: 'MYR' as const, value }];
const day = { value: 1, unit: 'Day' };
const month = { value: 1, unit: 'Month' };

/** The demo passes (NOTES.md). */
export const PASSES: PassProduct[] = [
  {
    _id: 'Day Pass',
    category: 'Day Pass',
    variants: [
      { sku: 'DAY-ADULT', group: 'Adult', price: myr(49), min_qty: 1, usage_limit: 1, duration: day },
      { sku: 'DAY-CHILD', group: 'Child', price: myr(40), min_qty: 1, usage_limit: 1, duration: day },
    ],
  },
  {
    _id: '10 Punch Day Pass',
    category: 'Multi Pass',
    variants: [
      {
        sku: 'PUNCH-10',
        group: 'Adult',
        price: myr(350),
        min_qty: 1,
        usage_limit: 10,
        duration: { value: 6, unit: 'Month' },
      },
    ],
  },
  {
    _id: 'Group Day Pass',
    category: 'Day Pass',
    variants: [{ sku: 'GROUP-5', group: 'Adult', price: myr(30), min_qty: 5, usage_limit: 1, duration: day }],
  },
  {
    _id: 'Monthly Membership',
    category: 'Membership',
    variants: [
      { sku: 'MEMBER-1M', group: 'Adult', price: myr(120), min_qty: 1, usage_limit: 0, duration: month },
    ],
  },
  {
    _id: 'Membership Renewal',
    category: 'Membership',
    variants: [
      { sku: 'RENEW-1M', group: 'Adult', price: myr(120), min_qty: 1, usage_limit: 0, duration: month },
    ],
  },
];

/** The demo merchandise (NOTES.md). */
export const MERCHANDISE: MerchandiseProduct[] = [
  {
    _id: 'm-grip',
    name: 'Grip Socks',
    variants: ['S', 'M', 'L'].map((size) => ({
      sku: `GRIP-${size}`,
      size,
      price: { value: 15, currency: 'MYR' as const },
    })),
  },
  {
    _id: 'm-bottle',
    name: 'Water Bottle',
    variants: [{ sku: 'BOTTLE-750', size: '750ml', price: { value: 25, currency: 'MYR' as const } }],
  },
];

/** A member as the lookup answers it. */
export const MEMBER = {
  name: 'Mia Member',
  email: 'mia@example.com',
  phone: { country_code: '60', number: '123456789' },
  dob: '1990-05-01',
};

/** An open shift with the given float entries (ringgit). */
export function shiftWith(float: number[] = []): Shift {
  return {
    _id: 'shift-1',
    terminal: 'TICKET01',
    staff: 'u-cashier',
    opened_at: '2026-11-22T01:00:00.000Z',
    float: float.map((cash) => ({ cash, at: '2026-11-22T01:05:00.000Z' })),
  };
}

/** A shift report; `closed` makes it a Z report with counted takings. */
export function shiftReport(closed = false): ShiftReport {
  const totals = { cash: 100, card: 49, ewallet: 0 };
  return {
    shift_id: 'shift-1',
    terminal: 'TICKET01',
    staff: 'u-cashier',
    opened_at: '2026-11-22T01:00:00.000Z',
    closed_at: closed ? '2026-11-22T09:00:00.000Z' : null,
    float: 100,
    sales: { cash: 0, card: 49, ewallet: 0 },
    refunds: { cash: 0, card: 0, ewallet: 0 },
    expected: totals,
    counted: closed ? totals : null,
    variance: closed ? { cash: 0, card: 0, ewallet: 0 } : null,
    orders: { count: 1, refunded: 0, canceled: 0 },
  };
}

/** An order of today, PAID and invoiced, unless overridden. */
export function orderWith(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'order-1',
    date: '2026-11-22T01:30:00.000Z',
    status: 'PAID',
    total_amount: 49,
    currency: 'MYR',
    invoice: { _id: 'INV-0001' },
    order_details: {
      customer: { email: 'guest@example.com' },
      cart: {
        items: [
          {
            sku: 'DAY-ADULT',
            name: 'Day Pass',
            category: 'Day Pass',
            group: 'Adult',
            quantity: 1,
            type: 'PASS',
            price: { value: 49, currency: 'MYR' },
            ticket: ['T-1'],
          },
        ],
        subtotal: 49,
      },
    },
    payment: { methods: [{ type: 'CASH', amount: 50 }], change: 1 },
    tickets: ['T-1'],
    notes: [],
    ...overrides,
  };
}

/** The receipt of a checkout of {@link orderWith}. */
export function receiptWith(overrides: Partial<Order> = {}): Receipt {
  return { order: orderWith(overrides), tickets: [] };
}

/** A ticket valid today (Active at {@link NOW}), unless overridden. */
export function ticketWith(overrides: Partial<Ticket> = {}, pass: Partial<Ticket['pass']> = {}): Ticket {
  return {
    _id: 'T-1',
    date: DAY_START,
    expiry: '2026-11-22T16:00:00.000Z',
    status: 'Valid',
    used: [],
    order: { _id: 'order-1', invoice: { _id: 'INV-0001' } },
    allow_redeem: true,
    pass: {
      name: 'Day Pass',
      sku: 'DAY-ADULT',
      visit_date: DAY_START,
      usage_limit: 1,
      shareable: false,
      quantity: 1,
      ...pass,
    },
    ...overrides,
  };
}
