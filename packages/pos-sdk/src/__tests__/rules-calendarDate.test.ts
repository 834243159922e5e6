import { describe, expect, it } from 'vitest';
import { CALENDAR_DATE_FORMAT, formatCalendarDate, parseCalendarDate, validateMemberDetails } from '../rules';

describe('calendar dates as people type them (DD-MM-YYYY, the product format)', () => {
  it('reads day-first dates with -, / or . and ISO dates', () => {
    expect(parseCalendarDate('17-05-1990')).toBe('1990-05-17');
    expect(parseCalendarDate(' 7/5/1990 ')).toBe('1990-05-07');
    expect(parseCalendarDate('17.05.1990')).toBe('1990-05-17');
    expect(parseCalendarDate('1990-05-17')).toBe('1990-05-17');
  });

  it('refuses what is no real date', () => {
    for (const text of [
      '',
      '31-04-2020',
      '29-02-2023',
      '00-01-2020',
      '12-13-2020',
      '05-17-1990',
      '17051990',
      '1990/05/17',
    ]) {
      expect(parseCalendarDate(text), text).toBeUndefined();
    }
    expect(parseCalendarDate('29-02-2024')).toBe('2024-02-29');
  });

  it('reads the whole text only, nothing before or after a date', () => {
    for (const text of ['x1990-05-17', '1990-05-17x', 'x17-05-1990', '17-05-1990x', '1990-05-17T00:00']) {
      expect(parseCalendarDate(text), text).toBeUndefined();
    }
  });

  it("the product's date format is DD-MM-YYYY", () => {
    expect(CALENDAR_DATE_FORMAT).toBe('DD-MM-YYYY');
  });

  it('shows a typed day-first date, a Date, and nothing for no date or an invalid Date', () => {
    expect(formatCalendarDate('7/5/1990')).toBe('07-05-1990');
    expect(formatCalendarDate(new Date('1990-04-30T16:00:00.000Z'))).toBe('01-05-1990');
    expect(formatCalendarDate(new Date('1990-04-30T16:00:00.000Z'), 'UTC')).toBe('30-04-1990');
    expect(formatCalendarDate(new Date(Number.NaN))).toBe('');
    expect(formatCalendarDate(null)).toBe('');
    expect(formatCalendarDate('')).toBe('');
  });

  it('shows ISO dates and instants as DD-MM-YYYY in the venue day', () => {
    expect(formatCalendarDate('1990-05-17')).toBe('17-05-1990');
    // 16:00 UTC on 30 April is already 1 May in Kuala Lumpur (UTC+8).
    expect(formatCalendarDate('1990-04-30T16:00:00.000Z')).toBe('01-05-1990');
    expect(formatCalendarDate('1990-04-30T16:00:00.000Z', 'UTC')).toBe('30-04-1990');
    expect(formatCalendarDate(undefined)).toBe('');
    expect(formatCalendarDate('soon')).toBe('soon');
  });

  it('a member form takes the birth date as DD-MM-YYYY and hands on YYYY-MM-DD', () => {
    const base = { name: 'Mia', email: 'mia@example.com', country_code: '60', phone: '123' };
    const now = new Date('2026-11-22T04:00:00Z');
    const typed = validateMemberDetails({ ...base, dob: '17-05-1990' }, { now });
    expect(typed.ok && typed.value.dob).toBe('1990-05-17');
    const wrong = validateMemberDetails({ ...base, dob: '31-02-1990' }, { now });
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.errors.dob).toBe('Please select a date!');
    const future = validateMemberDetails({ ...base, dob: '01-01-2027' }, { now });
    expect(!future.ok && future.errors.dob).toBeTruthy();
  });
});
