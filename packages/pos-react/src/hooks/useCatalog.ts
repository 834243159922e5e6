import { useSignals } from '@preact/signals-react/runtime';
import type { CatalogService, CatalogTiles } from 'pos-sdk';
import type { MerchandiseProduct, PassProduct } from 'pos-sdk/contract';
import { signalValues } from './signalValues';
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

/** The store's passes and merchandise; re-renders when what the component reads changes. */
export function useCatalog(): CatalogState {
  useSignals();
  const { catalog } = usePos();
  return Object.assign(signalValues(catalog, ['tiles', 'passes', 'merchandise', 'loading']), { catalog });
}
