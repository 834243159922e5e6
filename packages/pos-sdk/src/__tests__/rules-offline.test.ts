import { describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '../contract';
import { sen, ZERO } from '../money';
import type { RuleCartItem } from '../rules/cartItem';
import { checkOfflineSale, type OfflineAllowance } from '../rules/offline';
import { OFFLINE_MESSAGES } from '../rules/offlineMessages';
import { addToDate, passValidity, startOfVenueDate } from '../rules/passValidity';
import { RULE_CODES } from '../rules/result';
import { offlineReceipt } from '../sync/offlineReceipt';
import { PASSES } from './support/fixtures';

const NOW = '2026-11-22T02:00:00.000Z';
const pass = (quantity = 1, extra: Partial<RuleCartItem> = {}): RuleCartItem => ({
  sku: 'DAY-ADULT',
  name: 'Day Pass',
  category: 'Day Pass',
  quantity,
  type: 'PASS',
  price: sen(4900),
  ...extra,
});
const socks: RuleCartItem = {
  sku: 'GRIP-M',
  name: 'Grip Socks',
  quantity: 2,
  type: 'MERCHANDISE',
  price: sen(1500),
};

/** Prepared an hour ago: 480 minutes, RM 1,000, 3 sales; one sale of RM 100 waiting; 4 ids left. */
const ALLOWANCE: OfflineAllowance = {
  policy: { max_offline_minutes: 480, max_offline_amount: 1000, max_offline_sales: 3 },
  lastContactAt: '2026-11-22T01:00:00.000Z',
  waitingSales: 1,
  waitingAmount: sen(10_000),
  freeTicketIds: 4,
};

const check = (
  items: RuleCartItem[],
  subtotal: number,
  allowance: Partial<OfflineAllowance> = {},
  now = NOW,
) => checkOfflineSale(items, sen(subtotal), { ...ALLOWANCE, ...allowance }, now);

describe('rules/offline: what a terminal may sell while the server cannot be reached', () => {
  it('allows passes and merchandise without discounts within the policy', () => {
    expect(check([pass(2), socks], 12_800)).toEqual({ ok: true, value: undefined });
  });

  it('needs an offline_prepare first', () => {
    for (const missing of [{ policy: null }, { lastContactAt: null }]) {
      expect(check([socks], 3000, missing)).toEqual({
        ok: false,
        code: RULE_CODES.offline_not_allowed,
        message: 'This terminal cannot sell offline yet: it has not reached the server since it started',
      });
    }
  });

  it('refuses memberships and renewals, and discounts (they need the server)', () => {
    const needsServer = {
      ok: false,
      code: RULE_CODES.offline_not_allowed,
      message: 'Memberships and renewals need the server',
    };
    expect(check([pass(1, { category: 'Membership', name: 'Monthly Membership' })], 12_000)).toEqual(
      needsServer,
    );
    expect(check([pass(1, { name: 'Membership Renewal', category: 'Renewals' })], 12_000)).toEqual(
      needsServer,
    );
    // One such line among others is enough.
    expect(check([socks, pass(1, { category: 'Membership', name: 'Monthly Membership' })], 15_000)).toEqual(
      needsServer,
    );
    expect(
      check([socks, pass(1, { discount: { type: 'amount', value: 5, amount: sen(500) } })], 7400),
    ).toEqual({
      ok: false,
      code: RULE_CODES.offline_not_allowed,
      message: 'Discounts need the server: remove the discount, or wait until the server is back',
    });
    // No discount (null) is not a discount.
    expect(check([pass(1, { discount: null })], 4900).ok).toBe(true);
  });

  it('stops after max_offline_minutes since the last answer, to the millisecond', () => {
    const limit = '2026-11-22T09:00:00.000Z'; // 01:00 + 480 minutes
    expect(check([socks], 3000, {}, limit).ok).toBe(true);
    expect(check([socks], 3000, {}, '2026-11-22T09:00:00.001Z')).toEqual({
      ok: false,
      code: RULE_CODES.offline_limit,
      message: 'Offline for more than 480 minutes: selling stops until the server is back',
    });
  });

  it('stops at max_offline_sales waiting', () => {
    expect(check([socks], 3000, { waitingSales: 2 }).ok).toBe(true);
    expect(check([socks], 3000, { waitingSales: 3 })).toEqual({
      ok: false,
      code: RULE_CODES.offline_limit,
      message: '3 offline sales are waiting: selling stops until the server is back',
    });
  });

  it('stops when the waiting sales and this one would pass max_offline_amount', () => {
    expect(check([socks], 90_000).ok).toBe(true); // RM 100 + RM 900 = the limit
    expect(check([socks], 90_001)).toEqual({
      ok: false,
      code: RULE_CODES.offline_limit,
      message: 'Offline sales would pass RM 1000.00: selling stops until the server is back',
    });
    expect(check([socks], 3000, { waitingAmount: ZERO }).ok).toBe(true);
  });

  it('needs a reserved ticket id for every pass unit (merchandise needs none)', () => {
    expect(check([pass(4), socks], 22_600).ok).toBe(true);
    expect(check([pass(5)], 24_500)).toEqual({
      ok: false,
      code: RULE_CODES.offline_limit,
      message:
        'No offline pass numbers left on this terminal: passes can be sold again when the server is back',
    });
    expect(check([socks], 3000, { freeTicketIds: 0 }).ok).toBe(true);
  });
});

describe('rules/offlineMessages', () => {
  it('says how many sales wait, in the singular and the plural', () => {
    expect(OFFLINE_MESSAGES.banner(0)).toBe('Offline: the server cannot be reached');
    expect(OFFLINE_MESSAGES.banner(1)).toBe('Offline: 1 sale waiting to sync');
    expect(OFFLINE_MESSAGES.banner(3)).toBe('Offline: 3 sales waiting to sync');
    expect(OFFLINE_MESSAGES.syncing(2)).toBe('Syncing: 2 waiting');
    expect(OFFLINE_MESSAGES.synced(1)).toBe('Synced 1 offline operation');
    expect(OFFLINE_MESSAGES.synced(4)).toBe('Synced 4 offline operations');
    expect(OFFLINE_MESSAGES.refused('Price changed for GRIP-M')).toBe(
      'An offline sale or scan was refused by the server: Price changed for GRIP-M',
    );
  });
});

describe('rules/passValidity', () => {
  it('adds days and weeks on the calendar', () => {
    expect(addToDate('2026-11-22', { value: 1, unit: 'Day' })).toBe('2026-11-23');
    expect(addToDate('2026-12-31', { value: 1, unit: 'days' })).toBe('2027-01-01');
    expect(addToDate('2026-11-22', { value: 2, unit: 'Week' })).toBe('2026-12-06');
    expect(addToDate('2026-11-22', { value: 3, unit: 'furlongs' })).toBe('2026-11-25');
    // Only a final s is a plural: 'months' is a month, 'smonth' is not.
    expect(addToDate('2026-11-22', { value: 1, unit: 'smonth' })).toBe('2026-11-23');
  });

  it('adds months and years, a day past the end of the month falling back to its last day', () => {
    expect(addToDate('2026-01-31', { value: 1, unit: 'Month' })).toBe('2026-02-28');
    expect(addToDate('2028-01-31', { value: 1, unit: ' MONTHS ' })).toBe('2028-02-29');
    expect(addToDate('2026-03-15', { value: 6, unit: 'Month' })).toBe('2026-09-15');
    expect(addToDate('2028-02-29', { value: 1, unit: 'Year' })).toBe('2029-02-28');
    expect(addToDate('2026-11-30', { value: 3, unit: 'Month' })).toBe('2027-02-28');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => addToDate('22-11-2026', { value: 1, unit: 'Day' })).toThrow(
      'Not a calendar date: 22-11-2026',
    );
    for (const text of ['x2026-11-22', '2026-11-22x', '12026-11-22', '2026-1-22']) {
      expect(() => addToDate(text, { value: 1, unit: 'Day' })).toThrow(`Not a calendar date: ${text}`);
    }
    expect(() => startOfVenueDate('2026-02-30', 'Asia/Kuala_Lumpur')).toThrow(
      '2026-02-30 is not a calendar date in Asia/Kuala_Lumpur',
    );
  });

  it("runs from the visit day's venue midnight to the venue midnight after the duration", () => {
    expect(passValidity('2026-11-22', { value: 1, unit: 'Day' }, 'Asia/Kuala_Lumpur')).toEqual({
      validFrom: new Date('2026-11-21T16:00:00.000Z'),
      expiresAt: new Date('2026-11-22T16:00:00.000Z'),
    });
    // A month across a daylight-saving change keeps local midnights.
    expect(passValidity('2026-03-01', { value: 1, unit: 'Month' }, 'Europe/Berlin')).toEqual({
      validFrom: new Date('2026-02-28T23:00:00.000Z'),
      expiresAt: new Date('2026-03-31T22:00:00.000Z'),
    });
  });
});

describe('sync/offlineReceipt', () => {
  const body: CheckoutRequest = {
    origin: 'STORE',
    email: 'jane@example.com',
    items: [
      {
        sku: 'DAY-ADULT',
        name: 'Day Pass',
        category: 'Day Pass',
        group: 'Adult',
        quantity: 2,
        min_qty: 1,
        usage_limit: 1,
        duration: { value: 1, unit: 'Day' },
        visit_date: '2026-11-21T16:00:00.000Z',
        type: 'PASS',
        price: { value: 49, currency: 'MYR' },
        ticket: ['TZ000000001', 'TZ000000002'],
      },
      {
        sku: 'GRIP-M',
        name: 'Grip Socks',
        category: 'Merchandise',
        group: 'M',
        quantity: 1,
        type: 'MERCHANDISE',
        price: { value: 15, currency: 'MYR' },
      },
    ],
    num_items: 3,
    subtotal: 113,
    payment: { methods: [{ type: 'CASH', amount: 120 }], change: 7 },
    sold_at: '2026-11-22T02:00:00.000Z',
  };
  // Built in each test, not while the file is collected: a failure here must fail a test, not the file.
  const receiptOf = () =>
    offlineReceipt(body, {
      key: 'k-1',
      terminal: 'TICKET01',
      staff: 'Ana Cashier',
      timeZone: 'Asia/Kuala_Lumpur',
      passes: PASSES,
    });

  it('is the order as the server will book it, pending, without an invoice number', () => {
    const receipt = receiptOf();
    expect(receipt.order).toMatchObject({
      _id: 'k-1',
      date: '2026-11-22T02:00:00.000Z',
      status: 'PAID',
      total_amount: 113,
      currency: 'MYR',
      origin: 'STORE',
      terminal: 'TICKET01',
      staff: 'Ana Cashier',
      invoice: null,
      order_details: { customer: { email: 'jane@example.com' }, cart: { subtotal: 113, discount: 0 } },
      payment: body.payment,
      tickets: ['TZ000000001', 'TZ000000002'],
      notes: [],
      pending_sync: true,
    });
    expect(receipt.order.order_details.cart.items.map((item) => item.amount)).toEqual([98, 15]);
  });

  it('has one Active ticket per pass unit under its reserved id, valid as the server will issue it', () => {
    expect(receiptOf().tickets).toEqual(
      ['TZ000000001', 'TZ000000002'].map((id) => ({
        _id: id,
        date: '2026-11-21T16:00:00.000Z',
        expiry: '2026-11-22T16:00:00.000Z',
        status: 'Valid',
        display_status: 'Active',
        used: [],
        order: { _id: 'k-1', invoice: null },
        allow_redeem: true,
        pass: {
          name: 'Day Pass',
          sku: 'DAY-ADULT',
          visit_date: '2026-11-21T16:00:00.000Z',
          usage_limit: 1,
          shareable: false,
          quantity: 1,
          entries_per_day: 1,
        },
        member: null,
      })),
    );
  });

  it('takes a shareable pass from the catalogue, and a usage limit of 1 when the line has none', () => {
    const shareable = offlineReceipt(
      {
        ...body,
        items: [{ ...body.items[0], usage_limit: undefined, ticket: ['TZ000000003'], quantity: 1 } as never],
      },
      {
        key: 'k-2',
        terminal: 'T',
        staff: 'S',
        timeZone: 'Asia/Kuala_Lumpur',
        passes: [
          {
            _id: 'Day Pass',
            category: 'Day Pass',
            variants: [{ ...PASSES[0]!.variants[0]!, shareable: true }],
          },
        ],
      },
    );
    expect(shareable.tickets[0]?.pass).toMatchObject({ shareable: true, usage_limit: 1 });
  });

  it("copies a membership's entries_per_day from the catalogue, as the server's ticket will carry it", () => {
    const variant = { ...PASSES[0]!.variants[0]!, usage_limit: 0, entries_per_day: 2 };
    const receipt = offlineReceipt(
      {
        ...body,
        items: [{ ...body.items[0], usage_limit: 0, ticket: ['TZ000000004'], quantity: 1 } as never],
      },
      {
        key: 'k-3',
        terminal: 'T',
        staff: 'S',
        timeZone: 'Asia/Kuala_Lumpur',
        passes: [{ _id: 'Day Pass', category: 'Day Pass', variants: [variant] }],
      },
    );
    expect(receipt.tickets[0]?.pass).toMatchObject({ usage_limit: 0, entries_per_day: 2 });
    expect(receipt.tickets[0]?.display_status).toBe('Active');
  });
});
