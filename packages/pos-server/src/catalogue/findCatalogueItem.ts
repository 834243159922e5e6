import { type Sen, sen } from 'pos-sdk/money';
import type { TaxType } from 'pos-sdk/rules';
import type { Db } from '../db/Database';

/** A variant's tax code as the venue has it now: what a sale of it is taxed at. */
export interface CatalogueTax {
  code: string;
  name: string;
  type: TaxType;
  rateBp: number;
}

/** What every catalogue entry carries of the venue's tax: its code (null: untaxed) and the venue's price mode. */
interface CatalogueTaxing {
  tax: CatalogueTax | null;
  /** The venue's `prices_include_tax` (true when it has no settings yet). */
  pricesIncludeTax: boolean;
}

/** A pass variant as the server sells it (its selling price is the first price entry). */
export interface CataloguePass extends CatalogueTaxing {
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
export interface CatalogueMerchandise extends CatalogueTaxing {
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

/** The tax columns a lookup reads beside the variant (`tax_codes` and `venue_settings` joined on its store). */
function taxingOf(row: {
  tax_code: string | null;
  tax_name: string | null;
  tax_type: string | null;
  tax_rate_bp: number | null;
  prices_include_tax: number | null;
}): CatalogueTaxing {
  return {
    tax:
      row.tax_code === null || row.tax_name === null || row.tax_rate_bp === null
        ? null
        : {
            code: row.tax_code,
            name: row.tax_name,
            type: (row.tax_type ?? '06') as TaxType,
            rateBp: Number(row.tax_rate_bp),
          },
    pricesIncludeTax: row.prices_include_tax === null || Number(row.prices_include_tax) === 1,
  };
}

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
      .leftJoin('tax_codes', (join) =>
        join
          .onRef('tax_codes.store', '=', 'pass_variants.store')
          .onRef('tax_codes.code', '=', 'pass_variants.tax_code'),
      )
      .leftJoin('venue_settings', 'venue_settings.store', 'pass_variants.store')
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
        'tax_codes.code as tax_code',
        'tax_codes.name as tax_name',
        'tax_codes.type as tax_type',
        'tax_codes.rate_bp as tax_rate_bp',
        'venue_settings.prices_include_tax',
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
      ...taxingOf(variant),
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
    .leftJoin('tax_codes', (join) =>
      join
        .onRef('tax_codes.store', '=', 'merch_variants.store')
        .onRef('tax_codes.code', '=', 'merch_variants.tax_code'),
    )
    .leftJoin('venue_settings', 'venue_settings.store', 'merch_variants.store')
    .select([
      'merch_variants.sku',
      'merch_variants.size',
      'merch_variants.price_sen',
      'merchandise.name',
      'stock_levels.sku as tracked_sku',
      'tax_codes.code as tax_code',
      'tax_codes.name as tax_name',
      'tax_codes.type as tax_type',
      'tax_codes.rate_bp as tax_rate_bp',
      'venue_settings.prices_include_tax',
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
    ...taxingOf(variant),
  };
}
