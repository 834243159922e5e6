/**
 * The backoff before retry number `retry` (0 for the first): `baseMs * 2^retry`,
 * so 200, 400, 800 ms with the default base.
 */
export function retryDelay(retry: number, baseMs: number): number {
  return baseMs * 2 ** retry;
}
