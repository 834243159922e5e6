/** A point in time: a Date or an ISO 8601 string with offset (as on the wire). */
export type Instant = Date | string;

/** Milliseconds since the epoch of an instant (NaN when unreadable). */
export function timeOf(instant: Instant): number {
  return instant instanceof Date ? instant.getTime() : Date.parse(instant);
}
