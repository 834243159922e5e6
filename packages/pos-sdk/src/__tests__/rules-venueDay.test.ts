import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIMEZONE,
  formatVenueDateTime,
  isSameVenueDay,
  venueDate,
  venueDateStart,
  venueDayRange,
  venueDayStart,
} from '../rules';

// 00:30 on 10 March 2025 in Kuala Lumpur (UTC+8) is 16:30 UTC on 9 March.
const justAfterMidnight = new Date('2025-03-09T16:30:00Z');
// 23:59 on 10 March 2025 in Kuala Lumpur.
const justBeforeMidnight = new Date('2025-03-10T15:59:00Z');

describe('rules/venueDay', () => {
  it("'today' is the venue's local day, Asia/Kuala_Lumpur by default", () => {
    expect(DEFAULT_TIMEZONE).toBe('Asia/Kuala_Lumpur');
  });

  it('at 00:30 local (16:30 UTC the day before) the day started at local midnight', () => {
    expect(venueDayStart(justAfterMidnight).toISOString()).toBe('2025-03-09T16:00:00.000Z');
    expect(venueDate(justAfterMidnight)).toBe('2025-03-10');
    // The UTC day would be the 9th: the venue day must not be computed in UTC.
    expect(justAfterMidnight.toISOString().slice(0, 10)).toBe('2025-03-09');
  });

  it('at 23:59 local it is still the same venue day', () => {
    expect(venueDayStart(justBeforeMidnight).toISOString()).toBe('2025-03-09T16:00:00.000Z');
    expect(isSameVenueDay(justAfterMidnight, justBeforeMidnight)).toBe(true);
    expect(isSameVenueDay(justBeforeMidnight, new Date('2025-03-10T16:00:00Z'))).toBe(false);
    expect(isSameVenueDay(justAfterMidnight, new Date('2025-03-09T15:59:59Z'))).toBe(false);
  });

  it('the venue day range runs from local midnight to the next (exclusive)', () => {
    const { start, end } = venueDayRange(justBeforeMidnight);
    expect(start.toISOString()).toBe('2025-03-09T16:00:00.000Z');
    expect(end.toISOString()).toBe('2025-03-10T16:00:00.000Z');
  });

  it('accepts ISO strings with offset and other time zones', () => {
    expect(venueDate('2025-03-10T00:30:00+08:00')).toBe('2025-03-10');
    expect(venueDate(justAfterMidnight, 'UTC')).toBe('2025-03-09');
    expect(venueDayStart('2025-12-31T23:59:59+08:00').toISOString()).toBe('2025-12-30T16:00:00.000Z');
  });

  it('handles a daylight-saving day (New York, 23 hours on 9 March 2025)', () => {
    const { start, end } = venueDayRange(new Date('2025-03-09T12:00:00Z'), 'America/New_York');
    expect(start.toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(end.toISOString()).toBe('2025-03-10T04:00:00.000Z');
  });

  it('formats DATE as DD-MM-YYYY HH:mm:ss in venue time', () => {
    expect(formatVenueDateTime(justAfterMidnight)).toBe('10-03-2025 00:30:00');
    expect(formatVenueDateTime('2025-03-10T15:59:07Z')).toBe('10-03-2025 23:59:07');
    expect(formatVenueDateTime(new Date('2025-01-01T04:05:06Z'), 'UTC')).toBe('01-01-2025 04:05:06');
  });

  it('a calendar date begins at local midnight in the venue time zone, also far from UTC', () => {
    expect(venueDateStart('2025-03-10')).toEqual(new Date('2025-03-09T16:00:00Z'));
    expect(venueDateStart('2025-03-10', 'Pacific/Kiritimati')).toEqual(new Date('2025-03-09T10:00:00Z'));
    expect(venueDateStart('2025-03-10', 'Pacific/Pago_Pago')).toEqual(new Date('2025-03-10T11:00:00Z'));
  });

  it('a calendar date that is malformed, impossible or skipped by the time zone has no start', () => {
    expect(venueDateStart('2025-3-10')).toBeUndefined();
    expect(venueDateStart('2025-02-30')).toBeUndefined();
    // Samoa skipped 30 December 2011 when it crossed the date line.
    expect(venueDateStart('2011-12-30', 'Pacific/Apia')).toBeUndefined();
  });

  it('throws a RangeError for an unreadable date', () => {
    expect(() => venueDate('not a date')).toThrow(RangeError);
  });
});
