import { readFile } from 'node:fs/promises';
import type { StockLevel } from 'pos-sdk/contract';
import { formatRM, fromRinggit, multiplySen } from 'pos-sdk/money';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';

/** Options of `pos stock list`. */
export interface StockListOptions {
  readonly low?: boolean;
}
/** Options of `pos stock track`. */
export interface StockTrackOptions {
  readonly quantity?: string;
  readonly low?: string;
  readonly cost?: string;
  readonly off?: boolean;
}
/** Options of `pos stock receive`. */
export interface StockReceiveOptions {
  readonly reason?: string;
}
/** Options of `pos stock adjust`. */
export interface StockAdjustOptions {
  readonly damage?: string;
  readonly by?: string;
  readonly reason?: string;
}
/** Options of `pos stock history`. */
export interface StockHistoryOptions {
  readonly limit?: string;
}
/** Options of `pos stock count`. */
export interface StockCountOptions {
  readonly file?: string;
  readonly apply?: boolean;
  readonly reason?: string;
}

/** Options of `pos stock import`. */
export interface StockImportOptions {
  readonly file?: string;
  readonly apply?: boolean;
  readonly reason?: string;
}

/** A whole number from an option, or a usage error naming it (exit 2). */
function units(
  flag: string,
  text: string | undefined,
  options: { signed?: boolean } = {},
): number | undefined {
  if (text === undefined) return undefined;
  const pattern = options.signed === true ? /^[+-]?\d+$/ : /^\d+$/;
  if (!pattern.test(text.trim())) {
    throw new UsageError(
      `${flag} must be a whole number${options.signed === true ? ' (e.g. -2 or +3)' : ''}`,
    );
  }
  return Number(text.trim());
}

function printLevels(ctx: CliContext, levels: readonly StockLevel[], empty: string): void {
  if (ctx.json) {
    ctx.printJson(levels);
    return;
  }
  if (levels.length === 0) {
    ctx.print(empty);
    return;
  }
  ctx.print(
    renderTable(
      ['SKU', 'ITEM', 'LEVEL', 'LOW AT', 'COST', 'VALUE'],
      levels.map((level) => {
        const cost = level.cost === null ? null : fromRinggit(level.cost);
        return [
          level.sku,
          `${level.name} ${level.size}`.trim(),
          String(level.quantity),
          level.low_level === null ? '' : String(level.low_level),
          cost === null ? '' : formatRM(cost),
          cost === null ? '' : formatRM(multiplySen(cost, Math.max(0, level.quantity))),
        ];
      }),
      { color: ctx.color },
    ),
  );
}

/** `pos stock list [--low]`: the tracked variants' levels (with `--low`, those at or below their low level, or below 0). */
export async function stockList(ctx: CliContext, options: StockListOptions): Promise<void> {
  const levels = await ctx.signedIn().api.stockList({ low: options.low === true });
  printLevels(
    ctx,
    levels,
    options.low === true ? 'No stock is low' : 'No stock is kept yet: pos stock track SKU',
  );
}

/** `pos stock track SKU [--quantity N] [--low N] [--cost RM] [--off]`: start (or stop) keeping a variant's stock. */
export async function stockTrack(ctx: CliContext, sku: string, options: StockTrackOptions): Promise<void> {
  const quantity = units('--quantity', options.quantity);
  const low = units('--low', options.low);
  let cost: number | undefined;
  if (options.cost !== undefined) {
    if (!/^\d+(\.\d{1,2})?$/.test(options.cost.trim()))
      throw new UsageError('--cost must be an amount, e.g. 6.50');
    cost = Number(options.cost.trim());
  }
  const level = await ctx.signedIn().api.stockTrack({
    sku,
    track: options.off !== true,
    ...(quantity === undefined ? {} : { quantity }),
    ...(low === undefined ? {} : { low_level: low }),
    ...(cost === undefined ? {} : { cost }),
  });
  if (ctx.json) return void ctx.printJson(level);
  ctx.print(
    options.off === true
      ? `The stock of ${level.sku} is no longer kept (its movements stay)`
      : `Keeping the stock of ${level.sku}: ${level.quantity} on the shelf`,
  );
}

/** `pos stock receive SKU QUANTITY [--reason TEXT]`: a delivery. */
export async function stockReceive(
  ctx: CliContext,
  sku: string,
  quantity: string,
  options: StockReceiveOptions,
): Promise<void> {
  const units_ = units('QUANTITY', quantity);
  if (units_ === undefined || units_ < 1) throw new UsageError('QUANTITY must be at least 1');
  const level = await ctx
    .signedIn()
    .api.stockReceive({ sku, quantity: units_, reason: options.reason ?? '' });
  if (ctx.json) return void ctx.printJson(level);
  ctx.print(`Received ${units_} x ${level.sku}: ${level.quantity} on the shelf`);
}

/** `pos stock adjust SKU (--damage N | --by ±N) --reason TEXT`: damage or a correction. */
export async function stockAdjust(ctx: CliContext, sku: string, options: StockAdjustOptions): Promise<void> {
  const damage = units('--damage', options.damage);
  const by = units('--by', options.by, { signed: true });
  if ((damage === undefined) === (by === undefined)) {
    throw new UsageError('give one of --damage N (units written off) or --by N (a correction, e.g. --by -2)');
  }
  if (options.reason === undefined || options.reason.trim() === '') {
    throw new UsageError('missing --reason: say why the stock changes');
  }
  const level = await ctx.signedIn().api.stockAdjust({
    sku,
    kind: damage === undefined ? 'correction' : 'damage',
    quantity: damage ?? by ?? 0,
    reason: options.reason,
  });
  if (ctx.json) return void ctx.printJson(level);
  ctx.print(`${level.sku}: ${level.quantity} on the shelf`);
}

/** `pos stock history SKU [--limit N]`: a variant's movements, newest first. */
export async function stockHistory(
  ctx: CliContext,
  sku: string,
  options: StockHistoryOptions,
): Promise<void> {
  const limit = units('--limit', options.limit);
  const movements = await ctx.signedIn().api.stockHistory({ sku, ...(limit === undefined ? {} : { limit }) });
  if (ctx.json) return void ctx.printJson(movements);
  if (movements.length === 0) return void ctx.print(`No stock movement of ${sku}`);
  ctx.print(
    renderTable(
      ['AT', 'KIND', 'QTY', 'LEVEL', 'REASON', 'BY', 'TERMINAL', 'ORDER'],
      movements.map((movement) => [
        ctx.formatDate(movement.at),
        movement.kind,
        movement.quantity > 0 ? `+${movement.quantity}` : String(movement.quantity),
        String(movement.level_after),
        movement.reason,
        movement.staff ?? '',
        movement.terminal ?? '',
        movement.order ?? '',
      ]),
      { color: ctx.color },
    ),
  );
}

/**
 * The lines of a count file: `sku,counted` per line (a header line and blank lines are skipped).
 * @throws UsageError naming the line of anything else.
 */
export function parseCountFile(text: string): { sku: string; counted: number }[] {
  const items: { sku: string; counted: number }[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '' || (index === 0 && /^sku\s*,/i.test(line))) continue;
    const [sku, counted, ...rest] = line.split(',').map((cell) => cell.trim());
    if (
      sku === undefined ||
      sku === '' ||
      counted === undefined ||
      !/^\d+$/.test(counted) ||
      rest.length > 0
    ) {
      throw new UsageError(
        `line ${index + 1} of the count file: expected SKU,COUNTED (e.g. GRIP-M,12), got "${line}"`,
      );
    }
    items.push({ sku, counted: Number(counted) });
  }
  if (items.length === 0) throw new UsageError('the count file has no line SKU,COUNTED');
  return items;
}

/**
 * `pos stock count --file counts.csv [--apply] [--reason TEXT]`: a stock count from a CSV (`sku,counted`): the
 * variances against the levels now; applied (one movement each) only with `--apply`.
 */
export async function stockCount(ctx: CliContext, options: StockCountOptions): Promise<void> {
  if (options.file === undefined) throw new UsageError('missing --file: a CSV of SKU,COUNTED lines');
  const items = parseCountFile(await readFile(options.file, 'utf8'));
  const count = await ctx.signedIn().api.stockCount({
    items,
    dry_run: options.apply !== true,
    reason: options.reason ?? '',
  });
  if (ctx.json) return void ctx.printJson(count);
  ctx.print(
    renderTable(
      ['SKU', 'LEVEL', 'COUNTED', 'VARIANCE'],
      count.lines.map((line) => [
        line.sku,
        String(line.expected),
        String(line.counted),
        line.variance > 0 ? `+${line.variance}` : String(line.variance),
      ]),
      { color: ctx.color },
    ),
  );
  ctx.print(count.applied ? 'Count applied' : 'Dry run: nothing changed (apply it with --apply)');
}

/**
 * `pos stock import --file deliveries.csv [--apply] [--reason TEXT]`: deliveries from a CSV (`sku,quantity[,reason]`
 * with that header): what each level would become; applied (one delivery movement a row, all at once) only with
 * `--apply`. A bad row changes nothing; the server names every one (exit 1).
 */
export async function stockImport(ctx: CliContext, options: StockImportOptions): Promise<void> {
  if (options.file === undefined)
    throw new UsageError('missing --file: a CSV with the columns sku,quantity[,reason]');
  const result = await ctx.signedIn().api.stockImport({
    content: await readFile(options.file, 'utf8'),
    dry_run: options.apply !== true,
    reason: options.reason ?? '',
  });
  if (ctx.json) return void ctx.printJson(result);
  ctx.print(
    renderTable(
      ['LINE', 'SKU', 'IN', 'LEVEL', 'AFTER', 'REASON'],
      result.lines.map((line) => [
        String(line.line),
        line.sku,
        `+${line.quantity}`,
        String(line.level_before),
        String(line.level_after),
        line.reason,
      ]),
      { color: ctx.color },
    ),
  );
  ctx.print(result.applied ? 'Deliveries received' : 'Dry run: nothing changed (apply it with --apply)');
}
