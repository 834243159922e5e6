import type { PassProduct } from 'pos-sdk';

/**
 * The quantity the quantity dialog starts with: the pass's min_qty (a group pass starts at 5),
 * otherwise 1. Only a starting value: the cart's rules decide what is accepted.
 */
export function defaultQuantity(passes: readonly PassProduct[], sku: string): number {
  for (const product of passes) {
    const variant = product.variants.find((candidate) => candidate.sku === sku);
    if (variant) return Math.max(1, variant.min_qty);
  }
  return 1;
}
