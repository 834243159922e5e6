import type { PassProduct } from 'pos-sdk/contract';

/** The pass variant a renewal form sells, with its product (for its name and duration). */
export interface RenewalProduct {
  readonly product: PassProduct;
  readonly variant: PassProduct['variants'][number];
}

/** The catalogue's pass variant with `sku`, or `undefined` (catalogue not loaded, unknown sku). */
export function findRenewalProduct(passes: readonly PassProduct[], sku: string): RenewalProduct | undefined {
  for (const product of passes) {
    const variant = product.variants.find((candidate) => candidate.sku === sku);
    if (variant) return { product, variant };
  }
  return undefined;
}
