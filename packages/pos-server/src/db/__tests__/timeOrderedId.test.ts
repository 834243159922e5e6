import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../timeOrderedId';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The milliseconds an id holds in its first 48 bits. */
function millisecondsOf(id: string): number {
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

describe('timeOrderedId', () => {
  it('is a UUID of version 7 and variant 10', () => {
    for (let i = 0; i < 1000; i++) expect(timeOrderedId()).toMatch(UUID_V7);
  });

  it('holds the time in milliseconds, big-endian, in its first 48 bits', () => {
    const times = [0, 1, 0xff, 0x1_0000_0000, Date.UTC(2026, 10, 26, 10, 0, 0, 123), 2 ** 48 - 1];
    for (const time of times) expect(millisecondsOf(timeOrderedId(time))).toBe(time);
    expect(timeOrderedId(Date.UTC(2026, 10, 26, 10, 0, 0, 123)).slice(0, 13)).toBe('01a2174c-357b');
    expect(timeOrderedId(0).slice(0, 13)).toBe('00000000-0000');
  });

  it('sorts later ids after earlier ones, as text', () => {
    const start = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 2000 }, (_, i) => timeOrderedId(start + i * 997));
    expect([...ids].sort()).toEqual(ids);
  });

  it('takes the time now by default', () => {
    const before = Date.now();
    const id = timeOrderedId();
    expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before);
    expect(millisecondsOf(id)).toBeLessThanOrEqual(Date.now());
  });

  it('draws 74 fresh random bits for every id, across refills of its pool', () => {
    const ids = Array.from({ length: 5000 }, () => timeOrderedId(1_700_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    const randomPart = (id: string) => id.slice(15, 18) + id.slice(20);
    expect(new Set(ids.map(randomPart)).size).toBe(ids.length);
    // Every hex digit appears in each random position over 5000 ids (a constant or a stuck byte would not).
    for (const position of [15, 16, 17, 20, 21, 22, 35]) {
      expect(new Set(ids.map((id) => id[position])).size).toBe(16);
    }
    // The variant's position holds 8, 9, a or b only, each seen.
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });
});
