import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import {
  canRedeem,
  checkRedeem,
  deriveTicketStatus,
  entriesOnVenueDay,
  entriesPerDay,
  isMembershipPass,
  passEntriesToday,
  RULE_CODES,
  type RuleTicket,
  TICKET_STATUSES,
} from '../rules';

const now = new Date('2025-03-10T04:00:00Z'); // noon in Kuala Lumpur
const KL = 'Asia/Kuala_Lumpur';
/** A use at noon in Kuala Lumpur. */
const use = { at: now };
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
    expect(
      deriveTicketStatus({ ...active, status: 'Canceled', expiry: '2020-01-01T00:00:00Z' }, now, KL),
    ).toBe('Canceled');
  });

  it('2. Expired if now is past expiry (before Fully Used)', () => {
    const expired = { ...active, expiry: '2025-03-10T03:59:59Z', used: [use] };
    expect(deriveTicketStatus(expired, now, KL)).toBe('Expired');
    expect(deriveTicketStatus({ ...active, expiry: now }, now, KL)).toBe('Active');
  });

  it('3. Fully Used if the used count reaches usage_limit', () => {
    expect(deriveTicketStatus({ ...active, used: [use] }, now, KL)).toBe('Fully Used');
    const punch = { ...active, pass: { usage_limit: 10 } };
    expect(deriveTicketStatus({ ...punch, used: Array(9).fill(use) }, now, KL)).toBe('Active');
    expect(deriveTicketStatus({ ...punch, used: Array(10).fill(use) }, now, KL)).toBe('Fully Used');
  });

  it('3. Fully Used if usage_limit is 0 and there is any use on the venue day (a membership)', () => {
    const membership = { ...active, pass: { usage_limit: 0 } };
    expect(deriveTicketStatus(membership, now, KL)).toBe('Active');
    expect(deriveTicketStatus({ ...membership, used: [use] }, now, KL)).toBe('Fully Used');
  });

  it('4. Active if now is past the ticket date; 5. otherwise Inactive', () => {
    expect(deriveTicketStatus(active, now, KL)).toBe('Active');
    expect(deriveTicketStatus({ ...active, date: '2025-03-11T00:00:00+08:00' }, now, KL)).toBe('Inactive');
    expect(deriveTicketStatus({ ...active, date: now }, now, KL)).toBe('Inactive');
  });

  it('a ticket without expiry never expires; Dates and ISO strings both work', () => {
    expect(deriveTicketStatus({ ...active, expiry: null }, '2030-01-01T00:00:00Z', KL)).toBe('Active');
    expect(
      deriveTicketStatus({ ...active, date: new Date('2025-03-09T16:00:00Z') }, now.toISOString(), KL),
    ).toBe('Active');
  });

  it('Redeem is enabled only when the status is Active, allow_redeem is true and no request is in progress', () => {
    expect(canRedeem(active, now, KL, false)).toBe(true);
    expect(canRedeem(active, now, KL)).toBe(true);
    expect(canRedeem(active, now, KL, true)).toBe(false);
    expect(canRedeem({ ...active, allow_redeem: false }, now, KL)).toBe(false);
    expect(canRedeem({ ...active, used: [use] }, now, KL)).toBe(false);
    expect(canRedeem({ ...active, status: 'Canceled' }, now, KL)).toBe(false);
  });

  it("checkRedeem explains a refusal: 'Ticket is {status}' or 'This ticket cannot be redeemed'", () => {
    expect(checkRedeem(active, now, KL)).toEqual({ ok: true, value: undefined });
    expect(checkRedeem({ ...active, used: [use] }, now, KL)).toEqual({
      ok: false,
      code: RULE_CODES.ticket_not_active,
      message: 'Ticket is Fully Used',
    });
    expect(checkRedeem({ ...active, allow_redeem: false }, now, KL)).toEqual({
      ok: false,
      code: RULE_CODES.redeem_not_allowed,
      message: MESSAGES.ticketRedeemNotAllowed,
    });
  });
});

describe('rules/ticketStatus: a membership admits its member every venue day until expiry', () => {
  it("counts a use at the venue day's first instant, and not one at the next day's", () => {
    // 10 March in Kuala Lumpur runs from 2025-03-09T16:00Z (inclusive) to 2025-03-10T16:00Z (exclusive).
    const at = (iso: string) => ({ used: [{ at: iso }] });
    expect(entriesOnVenueDay(at('2025-03-09T16:00:00.000Z'), now, KL)).toBe(1);
    expect(entriesOnVenueDay(at('2025-03-09T15:59:59.999Z'), now, KL)).toBe(0);
    expect(entriesOnVenueDay(at('2025-03-10T15:59:59.999Z'), now, KL)).toBe(1);
    expect(entriesOnVenueDay(at('2025-03-10T16:00:00.000Z'), now, KL)).toBe(0);
  });

  /** A month's membership from 1 March in Kuala Lumpur, one entry a day. */
  const membership: RuleTicket = {
    status: 'Valid',
    date: '2025-03-01T00:00:00+08:00',
    expiry: '2025-03-31T23:59:59+08:00',
    used: [],
    allow_redeem: true,
    pass: { usage_limit: 0, entries_per_day: 1 },
  };
  const day1Morning = '2025-03-10T09:00:00+08:00';
  const usedDay1 = { ...membership, used: [{ at: day1Morning }] };

  it('is Fully Used for the rest of the venue day of its use, and Active again from the next midnight', () => {
    expect(deriveTicketStatus(membership, day1Morning, KL)).toBe('Active');
    expect(deriveTicketStatus(usedDay1, '2025-03-10T09:00:01+08:00', KL)).toBe('Fully Used');
    expect(deriveTicketStatus(usedDay1, '2025-03-10T23:59:59.999+08:00', KL)).toBe('Fully Used');
    expect(deriveTicketStatus(usedDay1, '2025-03-11T00:00:00+08:00', KL)).toBe('Active');
    expect(deriveTicketStatus(usedDay1, '2025-03-20T12:00:00+08:00', KL)).toBe('Active');
    expect(checkRedeem(usedDay1, '2025-03-10T18:00:00+08:00', KL)).toEqual({
      ok: false,
      code: RULE_CODES.ticket_not_active,
      message: 'Ticket is Fully Used',
    });
    expect(checkRedeem(usedDay1, '2025-03-11T08:00:00+08:00', KL)).toEqual({ ok: true, value: undefined });
    expect(canRedeem(usedDay1, '2025-03-10T18:00:00+08:00', KL)).toBe(false);
    expect(canRedeem(usedDay1, '2025-03-11T08:00:00+08:00', KL)).toBe(true);
  });

  it('is Expired after its expiry, even on a day it was used (Expired before Fully Used)', () => {
    const lastDay = { ...membership, used: [{ at: '2025-03-31T10:00:00+08:00' }] };
    expect(deriveTicketStatus(lastDay, '2025-03-31T23:59:59+08:00', KL)).toBe('Fully Used');
    expect(deriveTicketStatus(lastDay, '2025-04-01T00:00:00+08:00', KL)).toBe('Expired');
    expect(deriveTicketStatus(membership, '2025-04-01T00:00:00+08:00', KL)).toBe('Expired');
    expect(checkRedeem(membership, '2025-04-01T09:00:00+08:00', KL)).toMatchObject({
      message: 'Ticket is Expired',
    });
  });

  it('counts the day in the venue time zone, not UTC', () => {
    // 23:30 on 10 March in Kuala Lumpur, then 00:30 on 11 March there: both on 10 March in UTC.
    const lateUse = { ...membership, used: [{ at: '2025-03-10T15:30:00Z' }] };
    const afterMidnight = '2025-03-10T16:30:00Z';
    expect(deriveTicketStatus(lateUse, afterMidnight, KL)).toBe('Active');
    expect(deriveTicketStatus(lateUse, afterMidnight, 'UTC')).toBe('Fully Used');
    expect(entriesOnVenueDay(lateUse, afterMidnight, KL)).toBe(0);
    expect(entriesOnVenueDay(lateUse, afterMidnight, 'UTC')).toBe(1);
  });

  it('admits entries_per_day entries a day: Fully Used at the last one, not before', () => {
    const twice = { ...membership, pass: { usage_limit: 0, entries_per_day: 2 } };
    const once = { ...twice, used: [{ at: day1Morning }] };
    const at = '2025-03-10T15:00:00+08:00';
    expect(deriveTicketStatus(once, at, KL)).toBe('Active');
    const both = { ...twice, used: [{ at: day1Morning }, { at: '2025-03-10T14:00:00+08:00' }] };
    expect(deriveTicketStatus(both, at, KL)).toBe('Fully Used');
    expect(deriveTicketStatus(both, '2025-03-11T09:00:00+08:00', KL)).toBe('Active');
    expect(passEntriesToday(once, at, KL)).toBe('1 / 2');
    expect(passEntriesToday(both, at, KL)).toBe('2 / 2');
    expect(passEntriesToday(both, '2025-03-11T09:00:00+08:00', KL)).toBe('0 / 2');
  });

  it('counts a use later the same day too (a replayed offline entry is judged by its own day, all of it)', () => {
    expect(deriveTicketStatus(usedDay1, '2025-03-10T08:00:00+08:00', KL)).toBe('Fully Used');
    expect(entriesOnVenueDay(usedDay1, '2025-03-10T00:00:00+08:00', KL)).toBe(1);
    expect(entriesOnVenueDay(usedDay1, '2025-03-09T23:59:59.999+08:00', KL)).toBe(0);
  });

  it('reads a pass without entries_per_day (an older answer) as one entry a day', () => {
    const old = { ...usedDay1, pass: { usage_limit: 0 } };
    expect(entriesPerDay(old.pass)).toBe(1);
    expect(entriesPerDay({ usage_limit: 0, entries_per_day: null })).toBe(1);
    expect(entriesPerDay({ usage_limit: 0, entries_per_day: 3 })).toBe(3);
    expect(deriveTicketStatus(old, '2025-03-10T18:00:00+08:00', KL)).toBe('Fully Used');
    expect(deriveTicketStatus(old, '2025-03-11T09:00:00+08:00', KL)).toBe('Active');
    expect(passEntriesToday(old, '2025-03-10T18:00:00+08:00', KL)).toBe('1 / 1');
  });

  it('leaves a punch pass as it was: its uses count whatever the day, and entries_per_day is not read', () => {
    expect(isMembershipPass({ usage_limit: 0 })).toBe(true);
    expect(isMembershipPass({ usage_limit: 1 })).toBe(false);
    expect(isMembershipPass({ usage_limit: 10 })).toBe(false);
    const dayPass = {
      ...membership,
      pass: { usage_limit: 1, entries_per_day: 5 },
      used: [{ at: day1Morning }],
    };
    expect(deriveTicketStatus(dayPass, '2025-03-11T09:00:00+08:00', KL)).toBe('Fully Used');
    const punch = { ...membership, pass: { usage_limit: 3 } };
    const days = ['2025-03-02T10:00:00+08:00', '2025-03-05T10:00:00+08:00'];
    const twoUses = { ...punch, used: days.map((at) => ({ at })) };
    expect(deriveTicketStatus(twoUses, '2025-03-05T12:00:00+08:00', KL)).toBe('Active');
    const threeUses = { ...punch, used: [...twoUses.used, { at: day1Morning }] };
    expect(deriveTicketStatus(threeUses, '2025-03-11T12:00:00+08:00', KL)).toBe('Fully Used');
  });
});
