import { useSignals } from '@preact/signals-react/runtime';
import type { CatalogService, CatalogTiles, MerchandiseProduct, PassProduct } from 'pos-sdk';
import { usePos } from './usePos';

/** What {@link useCatalog} returns. */
export interface CatalogState {
  /** Tiles grouped by product: `entryPass` and `merchandise`. */
  readonly tiles: CatalogTiles;
  readonly passes: readonly PassProduct[];
  readonly merchandise: readonly MerchandiseProduct[];
  readonly loading: boolean;
  /** `load`, `findBySku`. */
  readonly catalog: CatalogService;
}

/** The store's passes and merchandise; re-renders when they change. */
export function useCatalog(): CatalogState {
  useSignals();
  const { catalog } = usePos();
  return {
    tiles: catalog.tiles.value,
    passes: catalog.passes.value,
    merchandise: catalog.merchandise.value,
    loading: catalog.loading.value,
    catalog,
  };
}
