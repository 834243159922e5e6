import { describe, expect, it } from 'vitest';
import { addCalendarDays, periodDays, periodProblem, salesChange, salesPeriod } from '../rules/salesPeriod';

const KL = 'Asia/Kuala_Lumpur';
// Thursday 26 November 2026, 11:00 in Kuala Lumpur.
const THURSDAY = new Date('2026-11-26T03:00:00Z');

describe('salesPeriod', () => {
  it('names whole venue days in the venue time zone', () => {
    expect(salesPeriod('today', THURSDAY, KL)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(salesPeriod('yesterday', THURSDAY, KL)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(salesPeriod('this-week', THURSDAY, KL)).toEqual({ from: '2026-11-23', to: '2026-11-26' });
    expect(salesPeriod('this-month', THURSDAY, KL)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(salesPeriod('last-month', THURSDAY, KL)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('takes the venue date, not the UTC one: 23:30 UTC on Sunday is Monday in Kuala Lumpur', () => {
    const lateSunday = new Date('2026-11-29T23:30:00Z');
    expect(salesPeriod('today', lateSunday, KL)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(salesPeriod('this-week', lateSunday, KL)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(salesPeriod('this-week', lateSunday, 'UTC')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('crosses years and leap days', () => {
    const newYear = new Date('2027-01-01T04:00:00Z');
    expect(salesPeriod('last-month', newYear, KL)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(salesPeriod('yesterday', newYear, KL)).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(salesPeriod('last-month', new Date('2028-03-10T04:00:00Z'), KL)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });
});

describe('calendar days', () => {
  it('adds and counts days, both ends included', () => {
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(periodDays({ from: '2026-11-01', to: '2026-11-30' })).toBe(30);
    expect(periodDays({ from: '2026-11-26', to: '2026-11-26' })).toBe(1);
    expect(periodDays({ from: '2028-01-01', to: '2028-12-31' })).toBe(366);
  });
});

describe('salesChange', () => {
  it('is whole percent against the period before, half away from zero; none against nothing', () => {
    expect(salesChange(11_200, 10_000)).toBe(12);
    expect(salesChange(9_000, 10_000)).toBe(-10);
    expect(salesChange(10_050, 10_000)).toBe(1);
    expect(salesChange(9_950, 10_000)).toBe(-1);
    expect(salesChange(5, 0)).toBeNull();
    expect(salesChange(0, 4)).toBe(-100);
  });
});

describe('periodProblem', () => {
  it("says why a period cannot be asked for, in the server's words; nothing for a good one", () => {
    expect(periodProblem({ from: '2026-11-20', to: '2026-11-10' })).toBe(
      'The period must not end before it starts: to is before from',
    );
    expect(periodProblem({ from: '2026-11-10', to: '2026-11-10' })).toBeNull();
    expect(periodProblem({ from: '2028-01-01', to: '2028-12-31' }, 366)).toBeNull();
    expect(periodProblem({ from: '2028-01-01', to: '2029-01-01' }, 366)).toBe(
      'The period is 367 days: a summary covers at most 366 days',
    );
    expect(periodProblem({ from: '2020-01-01', to: '2029-01-01' })).toBeNull();
  });
});
