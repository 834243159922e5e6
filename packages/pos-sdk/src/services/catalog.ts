import { batch, computed, signal } from '@preact/signals-core';
import { signalOnly, throwIfAborted } from '../api/aborted';
import type { MerchandiseProduct, MerchandiseVariant, PassProduct, PassVariant } from '../contract';
import { MERCHANDISE_CATEGORY } from '../rules/cartItem';
import { findSkuRow, skuKey } from '../rules/sku';
import { type StockPolicy, stockBadge } from '../rules/stock';
import { merchandiseUnitPrice, passUnitPrice } from '../rules/unitPrice';
import { isNoAnswer, type SyncController } from '../sync/createSync';
import type { CatalogService, CatalogTiles, Tile } from './CatalogService';
import { notifyFailure } from './notifyFailure';
import type { ServiceContext } from './ServiceContext';

/** A catalogue variant found by sku, with its product. */
export type CatalogEntry =
  | { readonly type: 'PASS'; readonly product: PassProduct; readonly variant: PassVariant }
  | {
      readonly type: 'MERCHANDISE';
      readonly product: MerchandiseProduct;
      readonly variant: MerchandiseVariant;
    };

/** The catalogue service plus the variant lookup the cart and renewal use. */
export interface CatalogController extends CatalogService {
  /** The variant with exactly this sku (trimmed, case-insensitive), with its product. */
  findEntry(code: string): CatalogEntry | undefined;
  /** A sale's merchandise off the tracked levels this terminal shows (until the catalogue is loaded again). */
  takeSold(
    items: readonly { readonly sku: string; readonly type: string; readonly quantity: number }[],
  ): void;
}

/** Pass tiles, grouped by product; a variant without a price has no tile. */
function passTiles(products: readonly PassProduct[]): Tile[] {
  return products.flatMap((product) =>
    product.variants.flatMap((variant) => {
      const price = passUnitPrice(variant);
      if (!price.ok) return [];
      return [
        {
          sku: variant.sku,
          title: product._id,
          subtitle: variant.group,
          price: price.value,
          type: 'PASS' as const,
          productId: product._id,
          category: product.category,
        },
      ];
    }),
  );
}

/** Merchandise tiles, grouped by product; a tracked variant's tile says its stock when low or out (`stockBadge`). */
function merchandiseTiles(products: readonly MerchandiseProduct[], policy: StockPolicy): Tile[] {
  return products.flatMap((product) =>
    product.variants.map((variant) => {
      const badge = stockBadge(variant.stock, policy);
      return {
        sku: variant.sku,
        title: product.name,
        subtitle: variant.size,
        price: merchandiseUnitPrice(variant),
        type: 'MERCHANDISE' as const,
        productId: product._id,
        category: MERCHANDISE_CATEGORY,
        ...(badge === null ? {} : { stock: badge }),
      };
    }),
  );
}

/** Creates the catalogue service (spec section 2, tiles; section 7, catalogue calls). */
export function createCatalog(
  context: ServiceContext,
  /** With offline selling (docs/offline.md): where the loaded catalogue is kept, and read back during an outage. */
  offline?: Pick<SyncController, 'keepCatalogue' | 'keptCatalogue'>,
): CatalogController {
  const { api, notices } = context;
  const passes = signal<readonly PassProduct[]>([]);
  const merchandise = signal<readonly MerchandiseProduct[]>([]);
  const loading = signal(false);
  const tiles = computed<CatalogTiles>(() => ({
    entryPass: passTiles(passes.value),
    merchandise: merchandiseTiles(merchandise.value, context.stockPolicy?.() ?? 'allow'),
  }));

  /** The variant whose sku is `code` as `same` compares them: passes first, then merchandise. */
  const findVariant = (same: (sku: string) => boolean): CatalogEntry | undefined => {
    for (const product of passes.value) {
      const variant = product.variants.find((candidate) => same(candidate.sku));
      if (variant) return { type: 'PASS', product, variant };
    }
    for (const product of merchandise.value) {
      const variant = product.variants.find((candidate) => same(candidate.sku));
      if (variant) return { type: 'MERCHANDISE', product, variant };
    }
    return undefined;
  };

  const findEntry = (code: string): CatalogEntry | undefined => {
    const key = skuKey(code);
    if (key === '') return undefined;
    // SKUs ignore case, but a catalogue may hold two that differ only in case (made before the server refused
    // them): the one spelt exactly as typed wins, so `tee-1` never sells `TEE-1`.
    const exact = findVariant((sku) => sku === code.trim());
    if (exact) return exact;
    const entry = findVariant((sku) => skuKey(sku) === key);
    if (entry) return entry;
    // A product's barcode (EAN-13 and the like), which a scanner reads instead of the SKU.
    for (const product of merchandise.value) {
      const variant = product.variants.find(
        (candidate) => candidate.barcode != null && skuKey(candidate.barcode) === key,
      );
      if (variant) return { type: 'MERCHANDISE', product, variant };
    }
    return undefined;
  };

  const takeSold: CatalogController['takeSold'] = (items) => {
    const sold = new Map<string, number>();
    for (const item of items) {
      if (item.type === 'MERCHANDISE') sold.set(item.sku, (sold.get(item.sku) ?? 0) + item.quantity);
    }
    const tracked = (variant: MerchandiseVariant) => variant.stock != null && sold.has(variant.sku);
    if (!merchandise.peek().some((product) => product.variants.some(tracked))) return;
    merchandise.value = merchandise.peek().map((product) => ({
      ...product,
      variants: product.variants.map((variant) =>
        variant.stock != null && sold.has(variant.sku)
          ? {
              ...variant,
              stock: { ...variant.stock, quantity: variant.stock.quantity - (sold.get(variant.sku) ?? 0) },
            }
          : variant,
      ),
    }));
  };

  return {
    takeSold,
    passes,
    merchandise,
    loading,
    tiles,
    load: async (options) => {
      throwIfAborted(options);
      loading.value = true;
      try {
        const call = signalOnly(options);
        const [passList, merchandiseList] = await Promise.all([
          api.passes(undefined, call),
          api.merchandises(undefined, call),
        ]);
        // Spec section 7: a fetched list replaces the stored list.
        batch(() => {
          passes.value = passList;
          merchandise.value = merchandiseList;
        });
        offline?.keepCatalogue(passList, merchandiseList);
      } catch (error) {
        // During an outage the terminal sells from the catalogue it last loaded.
        const kept = isNoAnswer(error) ? await offline?.keptCatalogue() : undefined;
        if (kept !== undefined) {
          batch(() => {
            passes.value = kept.passes;
            merchandise.value = kept.merchandise;
          });
          return;
        }
        throw notifyFailure(notices, error);
      } finally {
        loading.value = false;
      }
    },
    findBySku: (code) =>
      code.trim() === ''
        ? undefined
        : findSkuRow([...tiles.value.entryPass, ...tiles.value.merchandise], code),
    findEntry,
  };
}
