const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long ago `at` was, at `now`, in the words of the user menu: 'just now' (under a minute),
 * '12 min ago', '2 h 5 min ago', '3 days ago'. A time in the future (clocks apart) reads as now.
 *
 * @example formatAge('2026-05-01T10:00:00Z', new Date('2026-05-01T10:12:30Z')) // '12 min ago'
 */
export function formatAge(at: string, now: Date): string {
  const ms = Math.max(0, now.getTime() - Date.parse(at));
  if (ms < MINUTE) return 'just now';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < 48 * HOUR) {
    const minutes = Math.floor((ms % HOUR) / MINUTE);
    return `${Math.floor(ms / HOUR)} h${minutes > 0 ? ` ${minutes} min` : ''} ago`;
  }
  return `${Math.floor(ms / (24 * HOUR))} days ago`;
}
