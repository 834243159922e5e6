import { formatRM, fromRinggit } from 'pos-sdk/money';

/**
 * A wire amount (ringgit number) for people: `RM 49.00` (through the SDK's money functions).
 *
 * @example formatRinggit(12.5) // 'RM 12.50'
 */
export function formatRinggit(value: number): string {
  return formatRM(fromRinggit(value));
}
