import { describe, expect, it } from 'vitest';
import {
  canRedeem,
  checkRedeem,
  deriveTicketStatus,
  MESSAGES,
  RULE_CODES,
  type RuleTicket,
  TICKET_STATUSES,
} from '../rules';

const now = new Date('2025-03-10T04:00:00Z'); // noon in Kuala Lumpur
const active: RuleTicket = {
  status: 'Valid',
  date: '2025-03-10T00:00:00+08:00',
  expiry: '2025-03-10T23:59:59+08:00',
  used: [],
  allow_redeem: true,
  pass: { usage_limit: 1 },
};

describe('rules/ticketStatus', () => {
  it('lists the display statuses in the spec order', () => {
    expect(TICKET_STATUSES).toEqual(['Canceled', 'Expired', 'Fully Used', 'Active', 'Inactive']);
  });

  it('1. Canceled if status is Canceled (before everything else)', () => {
    expect(deriveTicketStatus({ ...active, status: 'Canceled', expiry: '2020-01-01T00:00:00Z' }, now)).toBe(
      'Canceled',
    );
  });

  it('2. Expired if now is past expiry (before Fully Used)', () => {
    const expired = { ...active, expiry: '2025-03-10T03:59:59Z', used: [{}] };
    expect(deriveTicketStatus(expired, now)).toBe('Expired');
    expect(deriveTicketStatus({ ...active, expiry: now }, now)).toBe('Active');
  });

  it('3. Fully Used if the used count reaches usage_limit', () => {
    expect(deriveTicketStatus({ ...active, used: [{}] }, now)).toBe('Fully Used');
    const punch = { ...active, pass: { usage_limit: 10 } };
    expect(deriveTicketStatus({ ...punch, used: Array(9).fill({}) }, now)).toBe('Active');
    expect(deriveTicketStatus({ ...punch, used: Array(10).fill({}) }, now)).toBe('Fully Used');
  });

  it('3. Fully Used if usage_limit is 0 and there is any use', () => {
    const membership = { ...active, pass: { usage_limit: 0 } };
    expect(deriveTicketStatus(membership, now)).toBe('Active');
    expect(deriveTicketStatus({ ...membership, used: [{}] }, now)).toBe('Fully Used');
  });

  it('4. Active if now is past the ticket date; 5. otherwise Inactive', () => {
    expect(deriveTicketStatus(active, now)).toBe('Active');
    expect(deriveTicketStatus({ ...active, date: '2025-03-11T00:00:00+08:00' }, now)).toBe('Inactive');
    expect(deriveTicketStatus({ ...active, date: now }, now)).toBe('Inactive');
  });

  it('a ticket without expiry never expires; Dates and ISO strings both work', () => {
    expect(deriveTicketStatus({ ...active, expiry: null }, '2030-01-01T00:00:00Z')).toBe('Active');
    expect(deriveTicketStatus({ ...active, date: new Date('2025-03-09T16:00:00Z') }, now.toISOString())).toBe(
      'Active',
    );
  });

  it('Redeem is enabled only when the status is Active, allow_redeem is true and no request is in progress', () => {
    expect(canRedeem(active, now, false)).toBe(true);
    expect(canRedeem(active, now)).toBe(true);
    expect(canRedeem(active, now, true)).toBe(false);
    expect(canRedeem({ ...active, allow_redeem: false }, now)).toBe(false);
    expect(canRedeem({ ...active, used: [{}] }, now)).toBe(false);
    expect(canRedeem({ ...active, status: 'Canceled' }, now)).toBe(false);
  });

  it("checkRedeem explains a refusal: 'Ticket is {status}' or 'This ticket cannot be redeemed'", () => {
    expect(checkRedeem(active, now)).toEqual({ ok: true, value: undefined });
    expect(checkRedeem({ ...active, used: [{}] }, now)).toEqual({
      ok: false,
      code: RULE_CODES.ticket_not_active,
      message: 'Ticket is Fully Used',
    });
    expect(checkRedeem({ ...active, allow_redeem: false }, now)).toEqual({
      ok: false,
      code: RULE_CODES.redeem_not_allowed,
      message: MESSAGES.ticketRedeemNotAllowed,
    });
  });
});
