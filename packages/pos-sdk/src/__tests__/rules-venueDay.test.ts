import { describe, expect, it, vi } from 'vitest';
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
    for (const text of ['2025', '2025-03', '+002025-03-10', '2025-03-10T00:00', ' 2025-03-10', '']) {
      expect(venueDateStart(text), text).toBeUndefined();
    }
    // Samoa skipped 30 December 2011 when it crossed the date line.
    expect(venueDateStart('2011-12-30', 'Pacific/Apia')).toBeUndefined();
  });

  it('throws a RangeError for an unreadable date', () => {
    expect(() => venueDate('not a date')).toThrow(RangeError);
    expect(() => venueDate('not a date')).toThrow('Invalid date: not a date');
    expect(() => venueDayStart(new Date(Number.NaN))).toThrow('Invalid date: Invalid Date');
  });

  it('starts a day whose midnight a daylight-saving change skips at the change (Santiago, Asunción, Havana)', () => {
    // Santiago: 00:00 on 7 September 2025 became 01:00 (UTC-4 to UTC-3), at 04:00 UTC.
    expect(venueDayRange('2025-09-07T12:00:00Z', 'America/Santiago')).toEqual({
      start: new Date('2025-09-07T04:00:00Z'),
      end: new Date('2025-09-08T03:00:00Z'),
    });
    // ...so the day before ends there, 23 hours long, and no instant belongs to neither day.
    expect(venueDayRange('2025-09-06T12:00:00Z', 'America/Santiago').end).toEqual(
      new Date('2025-09-07T04:00:00Z'),
    );
    expect(venueDate('2025-09-07T03:59:59.999Z', 'America/Santiago')).toBe('2025-09-06');
    expect(venueDayStart('2024-10-06T12:00:00Z', 'America/Asuncion')).toEqual(
      new Date('2024-10-06T04:00:00Z'),
    );
    expect(venueDayStart('2025-03-09T12:00:00Z', 'America/Havana')).toEqual(new Date('2025-03-09T05:00:00Z'));
    expect(venueDateStart('2025-09-07', 'America/Santiago')).toEqual(new Date('2025-09-07T04:00:00Z'));
  });

  it('starts a day after clocks went back at midnight at the second midnight (Santiago, 25 hours on 5 April 2025)', () => {
    expect(venueDayRange('2025-04-05T12:00:00Z', 'America/Santiago')).toEqual({
      start: new Date('2025-04-05T03:00:00Z'),
      end: new Date('2025-04-06T04:00:00Z'),
    });
  });

  it('handles the end of daylight saving in New York (25 hours on 2 November 2025) and London (23 hours on 30 March)', () => {
    expect(venueDayRange('2025-11-02T12:00:00Z', 'America/New_York')).toEqual({
      start: new Date('2025-11-02T04:00:00Z'),
      end: new Date('2025-11-03T05:00:00Z'),
    });
    expect(venueDayRange('2025-03-30T12:00:00Z', 'Europe/London')).toEqual({
      start: new Date('2025-03-30T00:00:00Z'),
      end: new Date('2025-03-30T23:00:00Z'),
    });
  });

  it('handles far time zones: UTC+14, UTC-11, UTC+5:45 and UTC+12:45 with daylight saving', () => {
    expect(venueDayRange('2025-03-10T12:00:00Z', 'Pacific/Kiritimati')).toEqual({
      start: new Date('2025-03-10T10:00:00Z'),
      end: new Date('2025-03-11T10:00:00Z'),
    });
    expect(venueDate('2025-03-10T12:00:00Z', 'Pacific/Kiritimati')).toBe('2025-03-11');
    expect(venueDayStart('2025-03-10T10:59:00Z', 'Pacific/Pago_Pago')).toEqual(
      new Date('2025-03-09T11:00:00Z'),
    );
    expect(venueDayStart('2025-03-10T12:00:00Z', 'Asia/Kathmandu')).toEqual(new Date('2025-03-09T18:15:00Z'));
    // Chatham: UTC+13:45 until 6 April 2025 03:45 local, then UTC+12:45.
    expect(venueDayRange('2025-04-06T00:00:00Z', 'Pacific/Chatham')).toEqual({
      start: new Date('2025-04-05T10:15:00Z'),
      end: new Date('2025-04-06T11:15:00Z'),
    });
  });

  it('gives the day Samoa skipped no start, and the days either side of it their own', () => {
    // 29 December 2011 (UTC-10) was followed by 31 December (UTC+14).
    expect(venueDayRange('2011-12-29T12:00:00Z', 'Pacific/Apia')).toEqual({
      start: new Date('2011-12-29T10:00:00Z'),
      end: new Date('2011-12-30T10:00:00Z'),
    });
    expect(venueDate('2011-12-30T10:00:00Z', 'Pacific/Apia')).toBe('2011-12-31');
    expect(venueDayStart('2011-12-30T10:00:00Z', 'Pacific/Apia')).toEqual(new Date('2011-12-30T10:00:00Z'));
  });

  it('starts every day at the first instant of its date, through a year of changes in far and daylight-saving zones', () => {
    for (const timeZone of ZONES) {
      // The days around each change of the zone's offset (its wall clock at noon UTC moves), and 1 January.
      const noons = Array.from({ length: 366 }, (_, day) => Date.UTC(2025, 0, 1, 12) + day * DAY_MS);
      const clock = noons.map((noon) => formatVenueDateTime(new Date(noon), timeZone).slice(11));
      const checked = noons.filter((_, day) => day === 0 || clock[day] !== clock[day - 1]);
      expect(checked.length, timeZone).toBeLessThan(6);
      for (const noon of checked.flatMap((at) => [at - DAY_MS, at, at + DAY_MS])) {
        const date = venueDate(new Date(noon), timeZone);
        const { start, end } = venueDayRange(new Date(noon), timeZone);
        // The first instant of the date, and the first of the next one.
        const days = [start, new Date(start.getTime() - 1), new Date(end.getTime() - 1), end].map((instant) =>
          venueDate(instant, timeZone),
        );
        if (days[0] !== date || !(days[1]! < date) || days[2] !== date || !(days[3]! > date)) {
          expect({ timeZone, date, days }).toEqual({
            timeZone,
            date,
            days: [date, '< date', date, '> date'],
          });
        }
      }
    }
  });

  // Tens of thousands of Intl reads: about a second alone, 5 to 8 s on a machine busy with other runs.
  it('reads the wall clock as Intl does, minute by minute through every change of a year, mid-hour changes included', () => {
    const zones = [...ZONES, 'America/St_Johns', 'Asia/Tehran', 'Europe/Dublin'];
    for (const timeZone of zones) {
      const reference = intlClock(timeZone);
      // Every sixth hour of 2025 (UTC), and minute by minute through the hours whose clock moved by other than an hour.
      let clock = reference(Date.UTC(2025, 0, 1));
      for (let hour = Date.UTC(2025, 0, 1); hour < Date.UTC(2026, 0, 1); hour += HOUR_MS) {
        const next = reference(hour + HOUR_MS);
        const moved = next !== shiftedClock(clock, 60);
        clock = next;
        if (!moved && hour % (6 * HOUR_MS) !== 0) continue;
        for (let at = hour; at < hour + HOUR_MS; at += moved ? 60_000 : HOUR_MS) {
          const instant = new Date(at + 59_999);
          if (formatVenueDateTime(instant, timeZone) !== reference(instant.getTime())) {
            expect({
              timeZone,
              at: instant.toISOString(),
              shown: formatVenueDateTime(instant, timeZone),
            }).toEqual({
              timeZone,
              at: instant.toISOString(),
              shown: reference(instant.getTime()),
            });
          }
        }
      }
    }
  }, 30_000);

  it('reads Intl once per hour of a zone: the rest of that hour comes from the cache, the hour before a change too', () => {
    const cases: [string, string][] = [
      ['2031-05-01T10:05:00Z', 'Asia/Kuala_Lumpur'],
      // New York's clocks go forward at 07:00 UTC on 9 March 2031: the hour before keeps one offset throughout.
      ['2031-03-09T06:05:00Z', 'America/New_York'],
    ];
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      for (const [at, timeZone] of cases) {
        const later = Date.parse(at) + 50 * 60_000;
        const expected = intlClock(timeZone)(later);
        formatVenueDateTime(at, timeZone); // the hour's first read
        formatToParts.mockClear();
        expect(formatVenueDateTime(new Date(later), timeZone), `${at} ${timeZone}`).toBe(expected);
        expect(formatToParts, `${at} ${timeZone}`).not.toHaveBeenCalled();
      }
      // An hour in which the offset changes (St John's, 05:30 UTC on 9 March 2031) is read through Intl every time.
      formatVenueDateTime('2031-03-09T05:10:00Z', 'America/St_Johns');
      formatToParts.mockClear();
      expect(formatVenueDateTime('2031-03-09T05:45:00Z', 'America/St_Johns')).toBe('09-03-2031 03:15:00');
      expect(formatToParts).toHaveBeenCalled();
    } finally {
      formatToParts.mockRestore();
    }
  });

  it('reads seconds-exact historical offsets, and years before 1 and after 9999, as Intl does', () => {
    // Amsterdam's clock was UTC+00:19:32 until 30 June 1937 and then +00:20; Kuala Lumpur's +06:46:46 until 1901.
    const cases: [string, string][] = [
      ['1937-06-30T23:40:27Z', 'Europe/Amsterdam'],
      ['1937-06-30T23:40:28Z', 'Europe/Amsterdam'],
      ['1937-06-30T23:59:59Z', 'Europe/Amsterdam'],
      ['1899-12-31T17:13:14Z', 'Asia/Kuala_Lumpur'],
      ['1900-01-01T00:00:00Z', 'Asia/Kuala_Lumpur'],
      ['0999-06-01T12:00:00Z', 'Asia/Kuala_Lumpur'],
      ['0001-01-01T00:00:00Z', 'UTC'],
      ['0000-12-31T23:59:59Z', 'UTC'],
      ['-000500-06-01T12:00:00Z', 'Asia/Kuala_Lumpur'],
      ['+010000-01-01T00:00:00Z', 'America/New_York'],
      ['9999-12-31T23:59:59Z', 'Pacific/Kiritimati'],
    ];
    for (const [at, timeZone] of cases) {
      expect(formatVenueDateTime(at, timeZone), `${at} ${timeZone}`).toBe(
        intlClock(timeZone)(Date.parse(at)),
      );
    }
  });
});

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** 'DD-MM-YYYY HH:mm:ss' in `timeZone`, straight from Intl (the test's own reading, no cache). */
function intlClock(timeZone: string): (time: number) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (time) => {
    const part = Object.fromEntries(format.formatToParts(time).map(({ type, value }) => [type, value]));
    return `${part.day}-${part.month}-${String(part.year).padStart(4, '0')} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/** A 'DD-MM-YYYY HH:mm:ss' clock moved on by `minutes` (for spotting hours whose offset changed). */
function shiftedClock(clock: string, minutes: number): string {
  const [date = '', time = ''] = clock.split(' ');
  const [day, month, year] = date.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  const moved = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute! + minutes, second!));
  return `${String(moved.getUTCDate()).padStart(2, '0')}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}-${String(moved.getUTCFullYear()).padStart(4, '0')} ${moved.toISOString().slice(11, 19)}`;
}

/** Zones far from UTC, with daylight saving (some changing at midnight), or with half and quarter hours. */
const ZONES = [
  'Asia/Kuala_Lumpur',
  'America/New_York',
  'Europe/London',
  'America/Santiago',
  'America/Asuncion',
  'America/Havana',
  'Asia/Beirut',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kathmandu',
];
