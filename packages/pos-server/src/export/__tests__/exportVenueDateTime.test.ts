import fc from 'fast-check';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { describe, expect, it } from 'vitest';
import { venueDateTimeFormatter } from '../venueDateTimeFormatter';

/** Zones with daylight saving at midnight (Santiago), half-hour saving (Lord Howe), odd offsets, and none. */
const ZONES = [
  'Asia/Kuala_Lumpur',
  'Europe/Berlin',
  'America/Santiago',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'America/Havana',
  'UTC',
];

const MINUTE_MS = 60_000;

/** Instants around each of a zone's changes of 2026, found by stepping through the year. */
function aroundChanges(timeZone: string): string[] {
  const instants: string[] = [];
  const start = Date.UTC(2026, 0, 1);
  let previous = formatVenueDateTime(new Date(start), timeZone);
  for (let time = start + 15 * MINUTE_MS; time < Date.UTC(2027, 0, 1); time += 15 * MINUTE_MS) {
    const text = formatVenueDateTime(new Date(time), timeZone);
    // The wall clock moved by other than 15 minutes: a change in the last quarter hour.
    const moved = Date.parse(`${toIso(text)}Z`) - Date.parse(`${toIso(previous)}Z`);
    if (moved !== 15 * MINUTE_MS) {
      for (let delta = -16 * MINUTE_MS; delta <= MINUTE_MS; delta += 997) {
        instants.push(new Date(time + delta).toISOString());
      }
    }
    previous = text;
  }
  return instants;
}

/** 'DD-MM-YYYY HH:mm:ss' as 'YYYY-MM-DDTHH:mm:ss'. */
const toIso = (text: string) =>
  `${text.slice(6, 10)}-${text.slice(3, 5)}-${text.slice(0, 2)}T${text.slice(11)}`;

describe('venueDateTimeFormatter', () => {
  it.each(ZONES)(
    'writes what formatVenueDateTime writes, around every offset change of 2026 (%s)',
    (zone) => {
      const format = venueDateTimeFormatter(zone);
      const instants = aroundChanges(zone);
      if (!['Asia/Kuala_Lumpur', 'Asia/Kathmandu', 'UTC'].includes(zone))
        expect(instants.length).toBeGreaterThan(0);
      for (const instant of instants) expect(format(instant)).toBe(formatVenueDateTime(instant, zone));
    },
  );

  it('writes what formatVenueDateTime writes for any instant, in order or not, in any of the zones', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(
          fc.date({
            min: new Date('1850-01-01T00:00:00Z'),
            max: new Date('2200-01-01T00:00:00Z'),
            noInvalidDate: true,
          }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        fc.boolean(),
        (zone, dates, sorted) => {
          const format = venueDateTimeFormatter(zone);
          const times = dates.map((date) => date.getTime());
          if (sorted) times.sort((a, b) => a - b);
          for (const time of times) {
            const instant = new Date(time).toISOString();
            expect(format(instant)).toBe(formatVenueDateTime(instant, zone));
            // A neighbour in the same hour, as an export's next order would be.
            const next = new Date(time + 61_001).toISOString();
            expect(format(next)).toBe(formatVenueDateTime(next, zone));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes local mean time of old dates and far years as formatVenueDateTime does', () => {
    const format = venueDateTimeFormatter('Asia/Kuala_Lumpur');
    for (const instant of [
      '1900-06-01T12:34:56.789Z',
      '1901-01-01T00:00:00.000Z',
      '0999-12-31T23:59:59.999Z',
      '0001-01-01T00:00:00.000Z',
      '9999-12-31T20:00:00.000Z',
      '2026-11-22T02:00:00Z',
      '2026-11-22T10:00:00+08:00',
    ]) {
      expect(format(instant)).toBe(formatVenueDateTime(instant, 'Asia/Kuala_Lumpur'));
    }
    expect(() => format('not a date')).toThrow(RangeError);
  });
});
