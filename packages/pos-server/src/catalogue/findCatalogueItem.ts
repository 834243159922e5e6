import { type Sen, sen } from 'pos-sdk/money';
import type { Db } from '../db/Database';

/** A pass variant as the server sells it (its selling price is the first price entry). */
export interface CataloguePass {
  type: 'PASS';
  sku: string;
  /** The product's name (`_id` on the wire). */
  name: string;
  category: string;
  group: string;
  /** The first price entry; undefined when the pass has no price. */
  price: Sen | undefined;
  minQty: number;
  usageLimit: number;
  /** Entries per venue day of a membership (usage_limit 0). */
  entriesPerDay: number;
  duration: { value: number; unit: string };
  shareable: boolean;
}

/** A merchandise variant as the server sells it. */
export interface CatalogueMerchandise {
  type: 'MERCHANDISE';
  sku: string;
  name: string;
  size: string;
  price: Sen;
  /**
   * Whether the venue keeps this variant's stock (a `stock_levels` row). Starting or stopping it changes the catalogue
   * version (migration 0021's triggers), so a cached entry never says it wrongly.
   */
  tracked: boolean;
}

/** A sellable catalogue entry. */
export type CatalogueItem = CataloguePass | CatalogueMerchandise;

/**
 * Looks up an active catalogue entry of a store by type and SKU: the server's own prices and rules for a cart
 * line (checkout recomputes every line from these).
 *
 * @returns undefined when the store does not sell that SKU (any more).
 */
export async function findCatalogueItem(
  db: Db,
  options: { store: string; type: 'PASS' | 'MERCHANDISE'; sku: string },
): Promise<CatalogueItem | undefined> {
  if (options.type === 'PASS') {
    const variant = await db
      .selectFrom('pass_variants')
      .innerJoin('pass_products', 'pass_products.id', 'pass_variants.product_id')
      .select([
        'pass_variants.id',
        'pass_variants.sku',
        'pass_variants.variant_group',
        'pass_variants.min_qty',
        'pass_variants.usage_limit',
        'pass_variants.entries_per_day',
        'pass_variants.duration_value',
        'pass_variants.duration_unit',
        'pass_variants.shareable',
        'pass_products.name',
        'pass_products.category',
      ])
      .where('pass_variants.store', '=', options.store)
      .where('pass_variants.sku', '=', options.sku)
      .where('pass_variants.active', '=', 1)
      .where('pass_products.active', '=', 1)
      .executeTakeFirst();
    if (variant === undefined) return undefined;
    const price = await db
      .selectFrom('pass_prices')
      .select('value_sen')
      .where('variant_id', '=', variant.id)
      .orderBy('position')
      .executeTakeFirst();
    return {
      type: 'PASS',
      sku: variant.sku,
      name: variant.name,
      category: variant.category,
      group: variant.variant_group,
      price: price === undefined ? undefined : sen(price.value_sen),
      minQty: variant.min_qty,
      usageLimit: variant.usage_limit,
      entriesPerDay: variant.entries_per_day,
      duration: { value: variant.duration_value, unit: variant.duration_unit },
      shareable: variant.shareable === 1,
    };
  }
  const variant = await db
    .selectFrom('merch_variants')
    .innerJoin('merchandise', 'merchandise.id', 'merch_variants.product_id')
    .leftJoin('stock_levels', (join) =>
      join
        .onRef('stock_levels.sku', '=', 'merch_variants.sku')
        .onRef('stock_levels.store', '=', 'merch_variants.store'),
    )
    .select([
      'merch_variants.sku',
      'merch_variants.size',
      'merch_variants.price_sen',
      'merchandise.name',
      'stock_levels.sku as tracked_sku',
    ])
    .where('merch_variants.store', '=', options.store)
    .where('merch_variants.sku', '=', options.sku)
    .where('merch_variants.active', '=', 1)
    .where('merchandise.active', '=', 1)
    .executeTakeFirst();
  if (variant === undefined) return undefined;
  return {
    type: 'MERCHANDISE',
    sku: variant.sku,
    name: variant.name,
    size: variant.size,
    price: sen(variant.price_sen),
    tracked: variant.tracked_sku !== null,
  };
}
