import type { MerchandiseProduct } from 'pos-sdk/contract';
import { sen, toRinggit } from 'pos-sdk/money';
import type { Db } from '../db/Database';

/**
 * The store's active merchandise and variants, in catalogue order, as the contract's merchandise list; a tracked
 * variant carries its stock.
 */
export async function listMerchandise(db: Db, store: string): Promise<MerchandiseProduct[]> {
  const products = await db
    .selectFrom('merchandise')
    .select(['id', 'name'])
    .where('store', '=', store)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('name')
    .execute();
  const variants = await db
    .selectFrom('merch_variants')
    .leftJoin('stock_levels', (join) =>
      join
        .onRef('stock_levels.sku', '=', 'merch_variants.sku')
        .onRef('stock_levels.store', '=', 'merch_variants.store'),
    )
    .selectAll('merch_variants')
    .select(['stock_levels.quantity as stock_quantity', 'stock_levels.low_level as stock_low_level'])
    .where('merch_variants.store', '=', store)
    .where('merch_variants.active', '=', 1)
    .orderBy('merch_variants.position')
    .orderBy('merch_variants.sku')
    .execute();
  return products.map((product) => ({
    _id: product.id,
    name: product.name,
    variants: variants
      .filter((variant) => variant.product_id === product.id)
      .map((variant) => ({
        sku: variant.sku,
        size: variant.size,
        price: { value: toRinggit(sen(variant.price_sen)), currency: 'MYR' as const },
        ...(variant.barcode === null ? {} : { barcode: variant.barcode }),
        ...(variant.tax_code === null ? {} : { tax_code: variant.tax_code }),
        // A tracked variant's stock, for the tile's 'N left' and 'Out of stock'.
        ...(variant.stock_quantity === null
          ? {}
          : {
              stock: {
                quantity: Number(variant.stock_quantity),
                low_level: variant.stock_low_level === null ? null : Number(variant.stock_low_level),
              },
            }),
      })),
  }));
}
