import type { PassProduct } from 'pos-sdk/contract';
import { sen, toRinggit } from 'pos-sdk/money';
import type { Db } from '../db/Database';

/** The store's active pass products, variants and prices, in catalogue order, as the contract's pass list. */
export async function listPasses(db: Db, store: string): Promise<PassProduct[]> {
  const products = await db
    .selectFrom('pass_products')
    .select(['id', 'name', 'category'])
    .where('store', '=', store)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('name')
    .execute();
  const variants = await db
    .selectFrom('pass_variants')
    .selectAll()
    .where('store', '=', store)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('sku')
    .execute();
  const prices = await db
    .selectFrom('pass_prices')
    .innerJoin('pass_variants', 'pass_variants.id', 'pass_prices.variant_id')
    .select(['pass_prices.variant_id', 'pass_prices.currency', 'pass_prices.value_sen'])
    .where('pass_variants.store', '=', store)
    .orderBy('pass_prices.position')
    .execute();
  return products.map((product) => ({
    _id: product.name,
    category: product.category,
    variants: variants
      .filter((variant) => variant.product_id === product.id)
      .map((variant) => ({
        sku: variant.sku,
        group: variant.variant_group,
        price: prices
          .filter((price) => price.variant_id === variant.id)
          .map((price) => ({ currency: 'MYR' as const, value: toRinggit(sen(price.value_sen)) })),
        min_qty: variant.min_qty,
        usage_limit: variant.usage_limit,
        duration: { value: variant.duration_value, unit: variant.duration_unit },
        shareable: variant.shareable === 1,
        entries_per_day: variant.entries_per_day,
        // Only a taxed variant carries its code: a venue without tax codes answers as before.
        ...(variant.tax_code === null ? {} : { tax_code: variant.tax_code }),
      })),
  }));
}
