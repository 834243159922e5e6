import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { formatRM, type Tile } from 'pos-sdk';
import { memo } from 'react';
import { EmptyState } from '../components/EmptyState';
import { Spinner } from '../components/Spinner';
import { useCatalog } from '../hooks/useCatalog';

/** The selector's choices (spec section 2); Special shows nothing. */
export const PRODUCT_KINDS = ['Entry Pass', 'Merchandise', 'Special'] as const;

/** One of {@link PRODUCT_KINDS}. */
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Tiles of one product, in catalogue order. */
interface ProductGroup {
  readonly productId: string;
  readonly title: string;
  readonly tiles: readonly Tile[];
}

/** Groups adjacent tiles by product (the catalogue gives a product's variants together). */
function groupByProduct(tiles: readonly Tile[]): ProductGroup[] {
  const groups: { productId: string; title: string; tiles: Tile[] }[] = [];
  for (const tile of tiles) {
    const last = groups.at(-1);
    if (last && last.productId === tile.productId) last.tiles.push(tile);
    else groups.push({ productId: tile.productId, title: tile.title, tiles: [tile] });
  }
  return groups;
}

/** A product tile: title, group or size, price; at least 120 px wide and 96 px tall. */
function TileButton({ tile, onSelect }: { tile: Tile; onSelect: (tile: Tile) => void }) {
  return (
    <button
      type="button"
      onClick={() => onSelect(tile)}
      data-testid="tile"
      data-sku={tile.sku}
      className="flex min-h-24 w-36 min-w-[120px] flex-col items-start justify-between gap-1 rounded-2xl bg-white p-3 text-left shadow-sm ring-1 ring-slate-200 transition hover:ring-2 hover:ring-brand-500 active:scale-[0.98] dark:bg-slate-800 dark:ring-slate-700"
    >
      <span className="line-clamp-2 text-sm font-bold leading-tight text-slate-900 dark:text-white">
        {tile.title}
      </span>
      <span className="text-sm text-slate-600 dark:text-slate-300">{tile.subtitle}</span>
      <span className="text-base font-extrabold tabular-nums text-brand-700 dark:text-brand-200">
        {formatRM(tile.price)}
      </span>
    </button>
  );
}

/** One tab's tiles, grouped by product (a labelled group per product). */
function TileGroups({ tiles, onSelect }: { tiles: readonly Tile[]; onSelect: (tile: Tile) => void }) {
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-4">
      {groupByProduct(tiles).map((group) => (
        <section key={group.productId} aria-label={group.title} className="flex flex-col gap-2">
          <h3 className="text-xs font-bold uppercase tracking-wide text-slate-600 dark:text-slate-400">
            {group.title}
          </h3>
          <div className="flex flex-wrap gap-2">
            {group.tiles.map((tile) => (
              <TileButton key={tile.sku} tile={tile} onSelect={onSelect} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** Props of {@link ProductTiles}. */
export interface ProductTilesProps {
  readonly kind: ProductKind;
  readonly onKindChange: (kind: ProductKind) => void;
  readonly onSelect: (tile: Tile) => void;
}

/** The Entry Pass / Merchandise / Special selector and its tiles (spec section 2). */
export const ProductTiles = memo(function ProductTiles({ kind, onKindChange, onSelect }: ProductTilesProps) {
  const { tiles, loading } = useCatalog();
  const lists: Record<ProductKind, readonly Tile[]> = {
    'Entry Pass': tiles.entryPass,
    Merchandise: tiles.merchandise,
    Special: [],
  };
  return (
    <TabGroup
      selectedIndex={PRODUCT_KINDS.indexOf(kind)}
      onChange={(index) => onKindChange(PRODUCT_KINDS[index] ?? 'Entry Pass')}
      className="flex min-h-0 flex-1 flex-col gap-3"
    >
      <TabList
        aria-label="Products"
        className="flex w-full max-w-lg rounded-xl bg-slate-200 p-1 dark:bg-slate-800"
      >
        {PRODUCT_KINDS.map((name) => (
          <Tab
            key={name}
            className="min-h-11 flex-1 whitespace-nowrap rounded-lg px-2 text-sm font-semibold sm:px-3 sm:text-base text-slate-700 data-hover:text-slate-900 data-selected:bg-white data-selected:text-brand-700 data-selected:shadow-sm dark:text-slate-200 dark:data-selected:bg-slate-600 dark:data-selected:text-white"
          >
            {name}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="min-h-0 flex-1 overflow-y-auto pb-2">
        {PRODUCT_KINDS.map((name) => (
          <TabPanel key={name} className="rounded-xl" data-testid={`tiles-${name}`}>
            {loading && lists[name].length === 0 && name !== 'Special' ? (
              <p className="flex items-center gap-2 p-4 text-slate-600 dark:text-slate-300">
                <Spinner /> Loading products…
              </p>
            ) : lists[name].length === 0 ? (
              <EmptyState icon="grid" title={name === 'Special' ? 'No special items' : 'No products'} />
            ) : (
              <TileGroups tiles={lists[name]} onSelect={onSelect} />
            )}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
});
