import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { checkRefund, RULE_CODES } from '../rules';

// 23:59 on 10 March 2025 in Kuala Lumpur.
const now = new Date('2025-03-10T15:59:00Z');
const paidToday = { date: '2025-03-10T00:30:00+08:00', status: 'PAID', invoice: { _id: 'INV-0001' } };

describe('rules/refund', () => {
  it('Refund only for same-day PAID orders with an invoice', () => {
    expect(checkRefund(paidToday, now)).toEqual({ ok: true, value: undefined });
  });

  it('Refund is disabled if the order is older than today (the venue day, not the UTC day)', () => {
    // At 00:30 local on 11 March, an order from 23:30 local on 10 March is yesterday's,
    // although both are on 10 March in UTC.
    const justAfterMidnight = new Date('2025-03-10T16:30:00Z');
    const yesterday = { ...paidToday, date: '2025-03-10T15:30:00Z' };
    expect(checkRefund(yesterday, justAfterMidnight)).toEqual({
      ok: false,
      code: RULE_CODES.not_same_day,
      message: MESSAGES.refundNotToday,
    });
    expect(checkRefund(yesterday, justAfterMidnight, 'UTC').ok).toBe(true);
  });

  it('Refund is disabled if the order is not PAID', () => {
    for (const status of ['REFUNDED', 'CANCELED']) {
      expect(checkRefund({ ...paidToday, status }, now)).toEqual({
        ok: false,
        code: RULE_CODES.not_paid,
        message: 'Only PAID orders can be refunded',
      });
    }
  });

  it('Refund is disabled if the order has no invoice', () => {
    for (const invoice of [null, undefined, {}, { _id: '' }]) {
      expect(checkRefund({ ...paidToday, invoice }, now)).toEqual({
        ok: false,
        code: RULE_CODES.no_invoice,
        message: 'This order has no invoice',
      });
    }
  });
});
