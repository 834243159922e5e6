import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  type CatalogFormat,
  type CatalogImportResponse,
  type CatalogRow,
  type CatalogRowInput,
  CatalogRowSchema,
  type CatalogSetActiveRequest,
  DURATION_UNITS,
  EntriesPerDaySchema,
} from 'pos-sdk/contract';
import { formatRM, fromRinggit, parseRinggit, toRinggit } from 'pos-sdk/money';
import { entriesPerDayText, findSkuRow, usesAllowed } from 'pos-sdk/rules';
import type { CliContext } from '../context/createContext';
import { UsageError } from '../errors/UsageError';
import { renderTable } from '../output/renderTable';

/** The fields of `pos catalog add` and `pos catalog edit`. */
export interface CatalogItemOptions {
  readonly type?: string;
  readonly sku?: string;
  readonly product?: string;
  readonly category?: string;
  readonly group?: string;
  readonly size?: string;
  readonly price?: string;
  readonly minQty?: string;
  readonly usageLimit?: string;
  /** A membership's (usage limit 0) entries per venue day, 1 to 99. */
  readonly entriesPerDay?: string;
  readonly duration?: string;
  /** A barcode, or `false` (`--no-barcode`) to remove it. */
  readonly barcode?: string | false;
  /** The venue's tax code of the variant, or `false` (`--no-tax-code`) for untaxed. */
  readonly taxCode?: string | false;
}

/** Options of `pos catalog retire|restore`. */
export interface CatalogTargetOptions {
  /** A whole product by name instead of one SKU. */
  readonly product?: string;
  /** The product's type with `--product`: pass (default) or merchandise. */
  readonly type?: string;
}

/** Options of `pos catalog import`. */
export interface CatalogImportOptions {
  readonly format?: string;
  readonly dryRun?: boolean;
}

/** Options of `pos catalog export`. */
export interface CatalogExportOptions {
  readonly format?: string;
  readonly out?: string;
}

function typeOf(text: string | undefined): 'PASS' | 'MERCHANDISE' {
  const type = (text ?? 'pass').trim().toUpperCase();
  if (type === 'PASS') return 'PASS';
  if (type === 'MERCHANDISE' || type === 'MERCH') return 'MERCHANDISE';
  throw new UsageError('--type must be pass or merchandise');
}

function priceOf(text: string, flag: string): number {
  const amount = parseRinggit(text);
  if (amount === undefined || amount < 0) throw new UsageError(`${flag} must be an amount in RM, e.g. 49.00`);
  return toRinggit(amount);
}

function wholeNumber(text: string, flag: string): number {
  if (!/^\d{1,6}$/.test(text.trim())) throw new UsageError(`${flag} must be a whole number`);
  return Number(text);
}

/** `--entries-per-day N`: a whole number from 1 to 99 (the contract's `EntriesPerDaySchema`). */
function entriesPerDayOf(text: string): number {
  const entries = EntriesPerDaySchema.safeParse(wholeNumber(text, '--entries-per-day'));
  if (!entries.success)
    throw new UsageError(`--entries-per-day ${entries.error.issues[0]?.message ?? 'is invalid'}`);
  return entries.data;
}

/** A pass row's uses: a membership's entries a venue day ('1 entry a day'), else 'n use(s)'. */
function passAllowance(item: { usage_limit: number; entries_per_day: number }): string {
  return item.usage_limit === 0
    ? entriesPerDayText(item.entries_per_day)
    : `${usesAllowed(item.usage_limit)} use(s)`;
}

/** `--duration "6 Month"` as `{ value, unit }`. */
function durationOf(text: string): { value: number; unit: (typeof DURATION_UNITS)[number] } {
  const match = /^\s*(\d{1,3})\s*([A-Za-z]+)\s*$/.exec(text);
  const unit = DURATION_UNITS.find(
    (candidate) => candidate.toLowerCase() === match?.[2]?.toLowerCase().replace(/s$/, ''),
  );
  if (match === null || unit === undefined) {
    throw new UsageError(
      `--duration must be a number and a unit (${DURATION_UNITS.join(', ')}), e.g. "6 Month"`,
    );
  }
  return { value: Number(match[1]), unit };
}

function activeText(row: { active: boolean }, productActive: boolean): string {
  if (!productActive) return 'retired (product)';
  return row.active ? 'on sale' : 'retired';
}

/** The catalogue rows as a table: every variant, retired ones too. */
function renderCatalog(
  ctx: CliContext,
  items: readonly CatalogRow[],
  retiredProducts: ReadonlySet<string>,
): string {
  return renderTable(
    ['SKU', 'TYPE', 'PRODUCT', 'GROUP / SIZE', 'PRICE', 'DETAILS', 'STATUS'],
    items.map((item) => [
      item.sku,
      item.type === 'PASS' ? 'pass' : 'merchandise',
      item.type === 'PASS' ? `${item.product} (${item.category})` : item.product,
      item.type === 'PASS' ? item.group : item.size,
      formatRM(fromRinggit(item.price)),
      item.type === 'PASS'
        ? `min ${item.min_qty}, ${passAllowance(item)}, ${item.duration.value} ${item.duration.unit}`
        : item.barcode === null
          ? ''
          : `barcode ${item.barcode}`,
      activeText(item, !retiredProducts.has(`${item.type}:${item.product}`)),
    ]),
    { color: ctx.color, align: ['left', 'left', 'left', 'left', 'right', 'left', 'left'] },
  );
}

/** `pos catalog list`: the whole catalogue for the back office, retired rows too (a manager's sign-in). */
export async function catalogList(ctx: CliContext): Promise<void> {
  const list = await ctx.signedIn().api.catalogList();
  if (ctx.json) return ctx.printJson(list);
  const retired = new Set(list.products.filter((p) => !p.active).map((p) => `${p.type}:${p.name}`));
  ctx.print(renderCatalog(ctx, list.items, retired));
  ctx.print(`${list.items.length} item(s), ${list.items.filter((item) => item.active).length} on sale`);
}

/** `pos catalog add`: a new pass or merchandise variant (its product is created when new). */
export async function catalogAdd(ctx: CliContext, options: CatalogItemOptions): Promise<void> {
  const type = typeOf(options.type);
  const need = (value: string | undefined, flag: string): string => {
    if (value === undefined || value.trim() === '') throw new UsageError(`missing ${flag}`);
    return value;
  };
  const common = {
    sku: need(options.sku, '--sku'),
    product: need(options.product, '--product'),
    price: priceOf(need(options.price, '--price'), '--price'),
    active: true,
    ...(typeof options.taxCode === 'string' ? { tax_code: options.taxCode } : {}),
  };
  const input: CatalogRowInput =
    type === 'PASS'
      ? {
          type,
          ...common,
          category: options.category ?? common.product,
          group: need(options.group, '--group'),
          min_qty: wholeNumber(options.minQty ?? '1', '--min-qty'),
          usage_limit: wholeNumber(need(options.usageLimit, '--usage-limit'), '--usage-limit'),
          ...(options.entriesPerDay === undefined
            ? {}
            : { entries_per_day: entriesPerDayOf(options.entriesPerDay) }),
          duration: durationOf(need(options.duration, '--duration')),
        }
      : {
          type,
          ...common,
          size: need(options.size, '--size'),
          barcode: typeof options.barcode === 'string' ? options.barcode : null,
        };
  const item = CatalogRowSchema.safeParse(input);
  if (!item.success) {
    const issue = item.error.issues[0];
    throw new UsageError(
      `--${String(issue?.path[0] ?? 'item').replaceAll('_', '-')} ${issue?.message ?? 'is invalid'}`,
    );
  }
  const list = await ctx.signedIn().api.catalogAdd({ item: item.data });
  if (ctx.json) return ctx.printJson(findSkuRow(list.items, item.data.sku));
  ctx.print(`Added ${item.data.sku}: ${item.data.product}, ${formatRM(fromRinggit(item.data.price))}`);
}

/** `pos catalog edit SKU`: changes a variant; a new price applies to the next sale. */
export async function catalogEdit(ctx: CliContext, sku: string, options: CatalogItemOptions): Promise<void> {
  const changes = {
    ...(options.product === undefined ? {} : { product: options.product }),
    ...(options.category === undefined ? {} : { category: options.category }),
    ...(options.group === undefined ? {} : { group: options.group }),
    ...(options.size === undefined ? {} : { size: options.size }),
    ...(options.price === undefined ? {} : { price: priceOf(options.price, '--price') }),
    ...(options.minQty === undefined ? {} : { min_qty: wholeNumber(options.minQty, '--min-qty') }),
    ...(options.usageLimit === undefined
      ? {}
      : { usage_limit: wholeNumber(options.usageLimit, '--usage-limit') }),
    ...(options.entriesPerDay === undefined
      ? {}
      : { entries_per_day: entriesPerDayOf(options.entriesPerDay) }),
    ...(options.duration === undefined ? {} : { duration: durationOf(options.duration) }),
    ...(options.barcode === undefined ? {} : { barcode: options.barcode === false ? null : options.barcode }),
    ...(options.taxCode === undefined
      ? {}
      : { tax_code: options.taxCode === false ? null : options.taxCode }),
  };
  if (Object.keys(changes).length === 0)
    throw new UsageError('nothing to change: give at least one field, e.g. --price 52');
  const list = await ctx.signedIn().api.catalogEdit({ sku, changes });
  // The row as stored: `pos catalog edit grip-m` changes GRIP-M (SKUs ignore case).
  const row = findSkuRow(list.items, sku);
  if (ctx.json) return ctx.printJson(row);
  ctx.print(
    `Updated ${row?.sku ?? sku}${row === undefined ? '' : `: ${row.product}, ${formatRM(fromRinggit(row.price))}`}`,
  );
}

/** `pos catalog retire|restore [SKU] [--product NAME --type pass|merchandise]`. */
export async function catalogSetActive(
  ctx: CliContext,
  active: boolean,
  sku: string | undefined,
  options: CatalogTargetOptions,
): Promise<void> {
  if ((sku === undefined) === (options.product === undefined)) {
    throw new UsageError('give either a SKU or --product NAME');
  }
  const target: CatalogSetActiveRequest =
    sku !== undefined
      ? { sku, active }
      : { type: typeOf(options.type), product: options.product ?? '', active };
  const list = await ctx.signedIn().api.catalogSetActive(target);
  if (ctx.json) return ctx.printJson(list);
  ctx.print(
    `${active ? 'Restored' : 'Retired'} ${sku ?? options.product}: ${active ? 'back on' : 'off'} the sales screen`,
  );
}

function formatOf(text: string | undefined, file: string | undefined): CatalogFormat {
  const format = (
    text ?? (file !== undefined && extname(file).toLowerCase() === '.json' ? 'json' : 'csv')
  ).toLowerCase();
  if (format !== 'csv' && format !== 'json') throw new UsageError('--format must be csv or json');
  return format;
}

function describeChanges(result: CatalogImportResponse): string[] {
  const lines = result.changes
    .filter((change) => change.action !== 'unchanged')
    .map((change) =>
      change.action === 'add'
        ? `  line ${change.line}: add ${change.sku}`
        : `  line ${change.line}: update ${change.sku}: ${change.fields
            .map((field) => `${field.field} ${JSON.stringify(field.from)} -> ${JSON.stringify(field.to)}`)
            .join(', ')}`,
    );
  const { add, update, unchanged } = result.summary;
  return [...lines, `${add} to add, ${update} to update, ${unchanged} unchanged`];
}

/**
 * `pos catalog import FILE [--dry-run]`: a whole catalogue file (CSV or JSON, `-` for stdin), all or nothing:
 * any bad row refuses the file, naming every bad line; `--dry-run` shows what would change.
 */
export async function catalogImport(
  ctx: CliContext,
  file: string,
  options: CatalogImportOptions,
): Promise<void> {
  const format = formatOf(options.format, file === '-' ? undefined : file);
  let content: string;
  try {
    content = file === '-' ? await ctx.io.readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const result = await ctx
    .signedIn()
    .api.catalogImport({ format, content, dry_run: options.dryRun === true });
  if (ctx.json) return ctx.printJson(result);
  ctx.print(result.dry_run ? 'Dry run: nothing was changed.' : 'Imported.');
  for (const line of describeChanges(result)) ctx.print(line);
}

/** `pos catalog export [--format csv|json] [--out FILE]`: the whole catalogue as a file import reads back. */
export async function catalogExport(ctx: CliContext, options: CatalogExportOptions): Promise<void> {
  const format = formatOf(options.format ?? (ctx.json ? 'json' : undefined), options.out);
  const { content } = await ctx.signedIn().api.catalogExport({ format });
  if (options.out === undefined) {
    ctx.io.stdout.write(content);
    return;
  }
  await writeFile(options.out, content);
  if (!ctx.json) ctx.note(`Exported the catalogue as ${format.toUpperCase()} to ${options.out}`);
}
