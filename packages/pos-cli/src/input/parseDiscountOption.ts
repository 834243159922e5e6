import type { DiscountType } from 'pos-sdk/rules';
import { UsageError } from '../errors/UsageError';

/** One `--discount SKU:TYPE:VALUE`. */
export interface DiscountOption {
  readonly sku: string;
  readonly type: DiscountType;
  /** As typed: ringgit for `amount`, percent for `percentage` (checked by the SDK's discount form). */
  readonly value: string;
}

const TYPES: Readonly<Record<string, DiscountType>> = {
  amount: 'amount',
  fixed: 'amount',
  rm: 'amount',
  percentage: 'percentage',
  percent: 'percentage',
  '%': 'percentage',
};

/**
 * Reads `--discount SKU:amount:VALUE` (a fixed amount in RM) or `SKU:percentage:VALUE`.
 *
 * @throws UsageError for a malformed option.
 * @example parseDiscountOption('DAY-ADULT:percentage:10') // { sku: 'DAY-ADULT', type: 'percentage', value: '10' }
 */
export function parseDiscountOption(text: string): DiscountOption {
  const [skuText = '', typeText = '', value = '', ...rest] = text.split(':');
  const sku = skuText.trim();
  const type = TYPES[typeText.trim().toLowerCase()];
  if (sku === '' || type === undefined || value.trim() === '' || rest.length > 0) {
    throw new UsageError(`--discount must be SKU:amount:VALUE or SKU:percentage:VALUE, got "${text}"`);
  }
  return { sku, type, value: value.trim() };
}
