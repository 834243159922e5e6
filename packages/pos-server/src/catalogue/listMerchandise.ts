import type { MerchandiseProduct } from 'pos-sdk/contract';
import { sen, toRinggit } from 'pos-sdk/money';
import type { Db } from '../db/Database';

/** The store's active merchandise and variants, in catalogue order, as the contract's merchandise list. */
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
    .selectAll()
    .where('store', '=', store)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('sku')
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
      })),
  }));
}
