import { describe, expect, it } from 'vitest';
import {
  checkRedeem,
  DEFAULT_HOLD_LIMITS,
  daysBetween,
  daysHeld,
  endHoldOn,
  HOLD_MESSAGES,
  holdDaysBetween,
  holdOf,
  isHoldPending,
  isOnHold,
  lastHoldDay,
  membershipOnHoldUntil,
  RULE_CODES,
  type RuleTicket,
  validateHoldForm,
} from '../rules';

const KL = 'Asia/Kuala_Lumpur';
/** 10 December 2026, noon in Kuala Lumpur. */
const noon10 = new Date('2026-12-10T04:00:00Z');
/** 10 December 2026, 23:30 in Kuala Lumpur (still the 10th there, already the 10th in UTC too). */
const late10 = new Date('2026-12-10T15:30:00Z');
/** 11 December 2026, 00:30 in Kuala Lumpur (the 10th in UTC). */
const early11 = new Date('2026-12-10T16:30:00Z');

const membership: RuleTicket = {
  status: 'Valid',
  date: '2026-11-01T00:00:00+08:00',
  expiry: '2027-03-01T00:00:00+08:00',
  used: [],
  allow_redeem: true,
  pass: { usage_limit: 0, entries_per_day: 1 },
};

describe('rules/membershipHold', () => {
  it('counts calendar days between two dates, across months and years', () => {
    expect(daysBetween('2026-12-01', '2026-12-15')).toBe(14);
    expect(daysBetween('2026-12-20', '2027-01-03')).toBe(14);
    expect(daysBetween('2027-02-20', '2027-03-06')).toBe(14);
    expect(daysBetween('2026-12-15', '2026-12-01')).toBe(-14);
  });

  it('makes a hold of N days: from its first day to the day entries resume', () => {
    const hold = holdOf('2026-12-01', 14);
    expect(hold).toEqual({ from: '2026-12-01', to: '2026-12-15' });
    expect(daysHeld(hold)).toBe(14);
    expect(lastHoldDay(hold)).toBe('2026-12-14');
    expect(membershipOnHoldUntil(hold)).toBe('Membership on hold until 14-12-2026');
  });

  it('is on hold on its days only, by the venue day', () => {
    const hold = holdOf('2026-12-01', 10); // 1st to 10th, back on the 11th
    expect(isOnHold(hold, noon10, KL)).toBe(true);
    expect(isOnHold(hold, late10, KL)).toBe(true);
    expect(isOnHold(hold, early11, KL)).toBe(false);
    expect(isOnHold(hold, new Date('2026-11-30T15:59:59Z'), KL)).toBe(false);
    expect(isOnHold(hold, new Date('2026-11-30T16:00:00Z'), KL)).toBe(true);
    expect(isOnHold(null, noon10, KL)).toBe(false);
    expect(isOnHold(undefined, noon10, KL)).toBe(false);
  });

  it('says a hold is pending while it is to come or going on, and not once over or emptied', () => {
    expect(isHoldPending(holdOf('2026-12-20', 7), noon10, KL)).toBe(true);
    expect(isHoldPending(holdOf('2026-12-05', 7), noon10, KL)).toBe(true);
    expect(isHoldPending(holdOf('2026-12-01', 9), noon10, KL)).toBe(false);
    expect(isHoldPending({ from: '2026-12-20', to: '2026-12-20' }, noon10, KL)).toBe(false);
    expect(isHoldPending(null, noon10, KL)).toBe(false);
    expect(isHoldPending(undefined, noon10, KL)).toBe(false);
  });

  it('ends a hold early on a day: entries from that day, none held when it had not begun', () => {
    const hold = holdOf('2026-12-01', 30);
    expect(endHoldOn(hold, '2026-12-10')).toEqual({ from: '2026-12-01', to: '2026-12-10' });
    expect(daysHeld(endHoldOn(hold, '2026-12-10'))).toBe(9);
    expect(endHoldOn(hold, '2026-11-25')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(daysHeld(endHoldOn(hold, '2026-11-25'))).toBe(0);
    expect(endHoldOn(hold, '2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    // Already over: unchanged.
    expect(endHoldOn(hold, '2027-01-05')).toBe(hold);
    expect(endHoldOn(hold, '2026-12-31')).toBe(hold);
  });

  it('refuses an entry on a day on hold, after the status checks, and admits outside it', () => {
    const held: RuleTicket = { ...membership, hold: holdOf('2026-12-05', 10) };
    expect(checkRedeem(held, noon10, KL)).toEqual({
      ok: false,
      code: RULE_CODES.membership_on_hold,
      message: 'Membership on hold until 14-12-2026',
    });
    expect(checkRedeem({ ...membership, hold: holdOf('2026-12-11', 10) }, noon10, KL).ok).toBe(true);
    expect(checkRedeem({ ...membership, hold: null }, noon10, KL).ok).toBe(true);
    // A canceled or expired membership says so first.
    expect(checkRedeem({ ...held, status: 'Canceled' }, noon10, KL)).toMatchObject({
      code: RULE_CODES.ticket_not_active,
    });
  });

  describe('validateHoldForm', () => {
    const context = { today: '2026-12-10', expiryDate: '2027-03-01', limits: DEFAULT_HOLD_LIMITS };

    it('takes today for an empty first day, and day-first or ISO dates', () => {
      expect(validateHoldForm({ from: '', days: '14' }, context)).toEqual({
        ok: true,
        value: { from: '2026-12-10', days: 14 },
      });
      expect(validateHoldForm({ days: 7 }, context)).toEqual({
        ok: true,
        value: { from: '2026-12-10', days: 7 },
      });
      expect(validateHoldForm({ from: '20-12-2026', days: 90 }, context)).toEqual({
        ok: true,
        value: { from: '2026-12-20', days: 90 },
      });
      expect(validateHoldForm({ from: ' 2026-12-11 ', days: ' 8 ' }, context)).toEqual({
        ok: true,
        value: { from: '2026-12-11', days: 8 },
      });
      // A first day of spaces only is an empty one: today.
      expect(validateHoldForm({ from: '   ', days: '14' }, context)).toEqual({
        ok: true,
        value: { from: '2026-12-10', days: 14 },
      });
    });

    it('refuses a first day that is no date, in the past or not before the expiry', () => {
      expect(validateHoldForm({ from: '31-02-2027', days: 7 }, context)).toEqual({
        ok: false,
        errors: { from: HOLD_MESSAGES.fromInvalid },
      });
      expect(validateHoldForm({ from: '09-12-2026', days: 7 }, context)).toEqual({
        ok: false,
        errors: { from: 'A hold cannot start before today' },
      });
      expect(validateHoldForm({ from: '01-03-2027', days: 7 }, context)).toEqual({
        ok: false,
        errors: { from: 'A hold must start before the membership expires' },
      });
      expect(validateHoldForm({ from: '28-02-2027', days: 7 }, context).ok).toBe(true);
    });

    it('refuses days outside the venue limits or not whole', () => {
      const between = 'A hold lasts from 7 to 90 days';
      expect(holdDaysBetween(DEFAULT_HOLD_LIMITS)).toBe(between);
      for (const days of ['6', '91', '7.5', '', 'abc', 0, -7]) {
        expect(validateHoldForm({ days }, context)).toEqual({ ok: false, errors: { days: between } });
      }
      expect(validateHoldForm({ days: '3' }, { ...context, limits: { minDays: 3, maxDays: 5 } }).ok).toBe(
        true,
      );
      expect(validateHoldForm({ from: 'x', days: '1' }, context)).toEqual({
        ok: false,
        errors: { from: HOLD_MESSAGES.fromInvalid, days: between },
      });
    });
  });
});
