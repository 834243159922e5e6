import type { Tile } from 'pos-sdk';
import { formatRM } from 'pos-sdk/money';
import type { CliContext } from '../context/createContext';
import { renderTable } from '../output/renderTable';

/**
 * `pos catalog`: the store's passes and merchandise (the sales screen's tiles): sku, name, group
 * or size, price. `--json`: `{ passes, merchandises }` as the catalogue calls answer them.
 */
export async function catalog(ctx: CliContext): Promise<void> {
  const pos = ctx.signedIn();
  await pos.catalog.load();
  if (ctx.json) {
    return ctx.printJson({ passes: pos.catalog.passes.value, merchandises: pos.catalog.merchandise.value });
  }
  const { entryPass, merchandise } = pos.catalog.tiles.value;
  const row = (tile: Tile) => [tile.sku, tile.title, tile.subtitle, formatRM(tile.price), tile.category];
  ctx.print(
    renderTable(
      ['SKU', 'NAME', 'GROUP / SIZE', 'PRICE', 'CATEGORY'],
      [...entryPass, ...merchandise].map(row),
      {
        color: ctx.color,
        align: ['left', 'left', 'left', 'right', 'left'],
      },
    ),
  );
}
