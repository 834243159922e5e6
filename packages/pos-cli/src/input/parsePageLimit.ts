import { ORDERS_PAGE_MAX } from 'pos-sdk/contract';
import { UsageError } from '../errors/UsageError';

/**
 * `--limit N`: entries per page, a whole number from 1 to 500 (the contract's page bound); `fallback` when absent.
 *
 * @throws UsageError (exit 2) for anything else.
 */
export function parsePageLimit(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const limit = Number(text.trim());
  if (!/^\d{1,3}$/.test(text.trim()) || limit < 1 || limit > ORDERS_PAGE_MAX) {
    throw new UsageError(`--limit must be a whole number from 1 to ${ORDERS_PAGE_MAX}`);
  }
  return limit;
}
