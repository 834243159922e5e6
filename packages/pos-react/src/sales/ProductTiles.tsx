import type { Tile } from 'pos-sdk';
import { formatRM } from 'pos-sdk/money';
import { type KeyboardEvent, memo, useId } from 'react';
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

/**
 * A product tile: title, group or size, price, and a tracked variant's stock when low ('3 left') or out ('Out of
 * stock', disabled where the venue refuses to sell below zero); at least 120 px wide and 96 px tall.
 */
function TileButton({ tile, onSelect }: { tile: Tile; onSelect: (tile: Tile) => void }) {
  return (
    <button
      type="button"
      onClick={() => onSelect(tile)}
      disabled={tile.stock?.disabled === true}
      data-testid="tile"
      data-sku={tile.sku}
      className="flex min-h-24 w-36 min-w-[120px] flex-col items-start justify-between gap-1 rounded-2xl bg-white p-3 text-left shadow-sm ring-1 ring-slate-200 hover:ring-2 hover:ring-brand-500 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:ring-1 disabled:hover:ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <span className="line-clamp-2 text-sm font-bold leading-tight text-slate-900 dark:text-white">
        {tile.title}
      </span>
      <span className="text-sm text-slate-600 dark:text-slate-300">{tile.subtitle}</span>
      {tile.stock ? (
        <span
          data-testid="tile-stock"
          className="rounded-md bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
        >
          {tile.stock.text}
        </span>
      ) : null}
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

/**
 * The Entry Pass / Merchandise / Special selector and its tiles (spec section 2): WAI-ARIA tabs,
 * the arrow keys, Home and End move between them and select (the tiles show at once).
 */
export const ProductTiles = memo(function ProductTiles({ kind, onKindChange, onSelect }: ProductTilesProps) {
  const { tiles, loading } = useCatalog();
  const id = useId();
  const tabId = (name: ProductKind) => `${id}-tab-${PRODUCT_KINDS.indexOf(name)}`;
  const panelId = (name: ProductKind) => `${id}-panel-${PRODUCT_KINDS.indexOf(name)}`;
  const lists: Record<ProductKind, readonly Tile[]> = {
    'Entry Pass': tiles.entryPass,
    Merchandise: tiles.merchandise,
    Special: [],
  };
  const list = lists[kind];
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = PRODUCT_KINDS.indexOf(kind);
    const last = PRODUCT_KINDS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (at + 1) % PRODUCT_KINDS.length
        : event.key === 'ArrowLeft'
          ? (at + last) % PRODUCT_KINDS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const next = PRODUCT_KINDS[target];
    if (!next) return;
    event.preventDefault();
    onKindChange(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div
        role="tablist"
        aria-label="Products"
        className="flex w-full max-w-lg rounded-xl bg-slate-200 p-1 dark:bg-slate-800"
      >
        {PRODUCT_KINDS.map((name) => {
          const selected = name === kind;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={selected}
              aria-controls={selected ? panelId(name) : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onKindChange(name)}
              onKeyDown={onTabKeyDown}
              className={`min-h-11 flex-1 whitespace-nowrap rounded-lg px-2 text-sm font-semibold sm:px-3 sm:text-base ${
                selected
                  ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-600 dark:text-white'
                  : 'text-slate-700 hover:text-slate-900 dark:text-slate-200'
              }`}
            >
              {name}
            </button>
          );
        })}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto pb-2">
        <div
          role="tabpanel"
          id={panelId(kind)}
          aria-labelledby={tabId(kind)}
          className="rounded-xl"
          data-testid={`tiles-${kind}`}
        >
          {loading && list.length === 0 && kind !== 'Special' ? (
            <p className="flex items-center gap-2 p-4 text-slate-600 dark:text-slate-300">
              <Spinner /> Loading products…
            </p>
          ) : list.length === 0 ? (
            <EmptyState icon="grid" title={kind === 'Special' ? 'No special items' : 'No products'} />
          ) : (
            <TileGroups tiles={list} onSelect={onSelect} />
          )}
        </div>
      </div>
    </div>
  );
});
