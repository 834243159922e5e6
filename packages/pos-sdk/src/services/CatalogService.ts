import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { MerchandiseProduct, PassProduct } from '../contract';
import type { Sen } from '../money';
import type { RuleCartItem } from '../rules/cartItem';

/**
 * One sellable variant as a sales-screen tile. Tiles come grouped by product (a product's
 * variants are adjacent, in catalogue order); `productId` names the group.
 */
export interface Tile {
  readonly sku: string;
  /** The product name (pass `_id`, merchandise `name`). */
  readonly title: string;
  /** The pass group (Adult, Child) or the merchandise size. */
  readonly subtitle: string;
  /** Unit price; passes use their first price entry. */
  readonly price: Sen;
  readonly type: RuleCartItem['type'];
  readonly productId: string;
  /** Pass category (`Membership` is special); `Merchandise` for merchandise. */
  readonly category: string;
  /**
   * A tracked variant's stock as the tile says it ('Out of stock', '3 left'), and whether the tile is disabled (out of
   * stock where the venue refuses to sell below zero); absent when there is nothing to say.
   */
  readonly stock?: { readonly text: string; readonly disabled: boolean };
}

/** The tiles of the sales screen's selector (Special shows nothing). */
export interface CatalogTiles {
  readonly entryPass: readonly Tile[];
  readonly merchandise: readonly Tile[];
}

/**
 * The store's passes and merchandise. Membership Renewal products stay in the tiles (the spec
 * answers a tap with 'Membership renewal needs to be process independently.'): renewal is sold
 * through `membership.renew`.
 */
export interface CatalogService {
  readonly passes: ReadonlySignal<readonly PassProduct[]>;
  readonly merchandise: ReadonlySignal<readonly MerchandiseProduct[]>;
  readonly loading: ReadonlySignal<boolean>;
  /** Tiles grouped by product with their variants. */
  readonly tiles: ReadonlySignal<CatalogTiles>;
  /** Fetches passes and merchandise (a fetched list replaces the stored one); errors become notices and rethrow. */
  load(options?: CallOptions): Promise<void>;
  /** Scan Product: the tile whose sku equals `code` (trimmed, case-insensitive), or `undefined`. */
  findBySku(code: string): Tile | undefined;
}
