import nock from 'nock';
import type { CheckoutRequest } from 'pos-sdk/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from './sell-and-report';

// The reference server answers through nock for now; the same test can later run against a real one.
const SERVER = 'http://pos.example.test';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const price = (value: number) => [{ currency: 'MYR' as const, value }];
const day = { value: 1, unit: 'Day' };
const at = '2026-11-22T02:00:00.000Z';

const shift = (float: number[]) => ({
  _id: 'shift-1',
  terminal: 'TICKET01',
  staff: 'u-cashier',
  opened_at: at,
  float: float.map((cash) => ({ cash, at })),
});

const lines = [
  { sku: 'DAY-ADULT', name: 'Day Pass', category: 'Day Pass', group: 'Adult', type: 'PASS', price: 49 },
  { sku: 'DAY-CHILD', name: 'Day Pass', category: 'Day Pass', group: 'Child', type: 'PASS', price: 40 },
  { sku: 'GRIP-M', name: 'Grip Socks', category: 'Merchandise', group: 'M', type: 'MERCHANDISE', price: 15 },
] as const;

const order = {
  _id: 'order-1',
  date: at,
  status: 'PAID',
  total_amount: 104,
  currency: 'MYR',
  invoice: { _id: 'INV-0001' },
  order_details: {
    customer: { email: 'guest@example.com' },
    cart: {
      items: lines.map((line, index) => ({
        ...line,
        quantity: 1,
        price: { value: line.price, currency: 'MYR' },
        ...(line.type === 'PASS' ? { ticket: [`T-${index + 1}`] } : {}),
      })),
      subtotal: 104,
    },
  },
  payment: {
    methods: [
      { type: 'CASH', amount: 60 },
      { type: 'CREDIT CARD', amount: 50 },
    ],
    change: 6,
  },
  tickets: ['T-1', 'T-2'],
  notes: [],
};

const report = {
  shift_id: 'shift-1',
  terminal: 'TICKET01',
  staff: 'u-cashier',
  opened_at: at,
  closed_at: null,
  float: 100,
  sales: { cash: 54, card: 50, ewallet: 0 },
  refunds: { cash: 0, card: 0, ewallet: 0 },
  expected: { cash: 154, card: 50, ewallet: 0 },
  counted: null,
  variance: null,
  orders: { count: 1, refunded: 0, canceled: 0 },
};

describe('examples sell-and-report', () => {
  it('signs in, sets the float, sells two passes and a merchandise item with mixed tenders, prints receipt and X report', async () => {
    let checkout: CheckoutRequest | undefined;
    const scope = nock(SERVER)
      .post('/v1/identity/sign_in', { email: 'cashier@demo.pos', password: 'demo1234' })
      .reply(200, { idToken: 'id-1', email: 'cashier@demo.pos' })
      .post('/v1/admin_login', { idToken: 'id-1' })
      .reply(200, {
        userToken: 'token-1',
        profile: { _id: 'u-cashier', email: 'cashier@demo.pos', name: { first: 'Ana', last: 'Cashier' } },
      })
      .post('/v1/admin/start_shift')
      .reply(200, shift([]))
      .post('/v1/admin/set_float', { float: 100 })
      .reply(200, shift([100]))
      .get('/v1/passes/STORE')
      .reply(200, [
        {
          _id: 'Day Pass',
          category: 'Day Pass',
          variants: [
            { sku: 'DAY-ADULT', group: 'Adult', price: price(49), min_qty: 1, usage_limit: 1, duration: day },
            { sku: 'DAY-CHILD', group: 'Child', price: price(40), min_qty: 1, usage_limit: 1, duration: day },
          ],
        },
      ])
      .get('/v1/merchandises/STORE')
      .reply(200, [
        {
          _id: 'm-grip',
          name: 'Grip Socks',
          variants: [{ sku: 'GRIP-M', size: 'M', price: { value: 15, currency: 'MYR' } }],
        },
      ])
      .post('/v1/checkout', (body: CheckoutRequest) => {
        checkout = body;
        return true;
      })
      .matchHeader('idempotency-key', /^[0-9a-f-]{36}$/)
      .reply(200, { order, tickets: [] })
      .post('/v1/admin/shift_report')
      .reply(200, report);
    const output: string[] = [];

    const result = await main({ server: SERVER, write: (text) => output.push(text) });

    scope.done();
    expect(checkout).toMatchObject({
      origin: 'STORE',
      email: 'guest@example.com',
      num_items: 3,
      subtotal: 104,
      payment: {
        methods: [
          { type: 'CASH', amount: 60 },
          { type: 'CREDIT CARD', amount: 50 },
        ],
        change: 6,
      },
    });
    expect(result.receipt.order.invoice?._id).toBe('INV-0001');
    expect(result.report.expected.cash).toBe(154);
    const text = output.join('\n');
    expect(text).toContain('Added 1 x Day Pass to cart');
    expect(text).toContain('Checkout completed');
    expect(text).toContain('INV-0001');
    expect(text).toContain('[drawer opened]');
    expect(output.indexOf('[drawer opened]')).toBeGreaterThan(
      output.findIndex((line) => line.includes('INV-0001')),
    );
  });
});
