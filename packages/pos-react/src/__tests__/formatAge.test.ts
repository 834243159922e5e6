import { describe, expect, it } from 'vitest';
import { formatAge } from '../sync/formatAge';

const at = '2026-05-01T10:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(at) + ms);

describe('formatAge', () => {
  it("says 'just now' under a minute, and for a time ahead of the clock", () => {
    expect(formatAge(at, after(0))).toBe('just now');
    expect(formatAge(at, after(59_999))).toBe('just now');
    expect(formatAge(at, after(-5_000))).toBe('just now');
  });

  it('counts whole minutes, then hours and minutes, then days', () => {
    expect(formatAge(at, after(60_000))).toBe('1 min ago');
    expect(formatAge(at, after(12 * 60_000 + 30_000))).toBe('12 min ago');
    expect(formatAge(at, after(60 * 60_000))).toBe('1 h ago');
    expect(formatAge(at, after(125 * 60_000))).toBe('2 h 5 min ago');
    expect(formatAge(at, after(47 * 3_600_000))).toBe('47 h ago');
    expect(formatAge(at, after(3 * 86_400_000))).toBe('3 days ago');
  });
});
