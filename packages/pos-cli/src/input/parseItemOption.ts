import { MESSAGES } from 'pos-sdk/messages';
import { parseQuantity } from 'pos-sdk/rules';
import { UsageError } from '../errors/UsageError';

/** One `--item SKU[:QTY]`. */
export interface ItemOption {
  readonly sku: string;
  readonly quantity: number;
}

/**
 * Reads `--item SKU[:QTY]` (quantity 1 when left out; a positive whole number otherwise).
 *
 * @throws UsageError for an empty SKU or a quantity that is not a positive whole number.
 * @example parseItemOption('DAY-ADULT:2') // { sku: 'DAY-ADULT', quantity: 2 }
 */
export function parseItemOption(text: string): ItemOption {
  const [skuText = '', quantityText, ...rest] = text.split(':');
  const sku = skuText.trim();
  if (sku === '' || rest.length > 0) throw new UsageError(`--item must be SKU or SKU:QTY, got "${text}"`);
  if (quantityText === undefined) return { sku, quantity: 1 };
  const quantity = parseQuantity(quantityText);
  if (!quantity.ok || quantity.value === undefined) {
    throw new UsageError(`--item ${text}: ${quantity.ok ? MESSAGES.invalidQuantity : quantity.message}`);
  }
  return { sku, quantity: quantity.value };
}
