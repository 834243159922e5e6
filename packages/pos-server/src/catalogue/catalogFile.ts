import {
  type CatalogFormat,
  type CatalogRow,
  type CatalogRowInput,
  CatalogRowSchema,
} from 'pos-sdk/contract';
import { BACK_OFFICE_MESSAGES } from 'pos-sdk/messages';
import { formatAmount, fromRinggit, parseRinggit, toRinggit } from 'pos-sdk/money';
import { skuKey } from 'pos-sdk/rules';

/**
 * The columns of a catalogue CSV file, in order: what `formatCatalogFile` writes and `parseCatalogFile` reads.
 * `entries_per_day` came last, so a file written before it still reads by position; without it a pass gets 1.
 */
export const CATALOG_CSV_COLUMNS = [
  'type',
  'sku',
  'product',
  'category',
  'group',
  'size',
  'price',
  'min_qty',
  'usage_limit',
  'duration_value',
  'duration_unit',
  'barcode',
  'active',
  'entries_per_day',
  'tax_code',
] as const;

/** A catalogue row of a file, with where it stands (CSV line, or position from 1 in a JSON array). */
export interface CatalogFileRow {
  readonly line: number;
  readonly row: CatalogRow;
}

/** What is wrong with a row of a catalogue file. */
export interface CatalogFileIssue {
  readonly line: number;
  readonly message: string;
}

/** A catalogue file read: every row, or every bad row (an import is all or nothing). */
export type CatalogFileResult =
  | { readonly ok: true; readonly rows: readonly CatalogFileRow[] }
  | { readonly ok: false; readonly issues: readonly CatalogFileIssue[] };

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Splits CSV text (RFC 4180: quoted cells, doubled quotes, CRLF or LF) into records, each with the line it starts
 * on. Blank lines are skipped.
 */
export function readCsvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    // A record is a line with any cell text, a quote or a comma: a line of commas alone is a record of empty cells.
    if (touched || cell !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      quoted = true;
      touched = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  endRecord();
  return records;
}

/** The first issue of a zod failure, as `field: message`. */
function describeIssue(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  // Stryker disable next-line ConditionalExpression,StringLiteral: a zod failure always has an issue; this is for the type checker
  if (issue === undefined) return 'is not a valid catalogue row';
  const path = issue.path.map(String).join('.');
  return path === '' ? issue.message : `${path} ${issue.message}`;
}

const BOOLEAN_TEXT: Readonly<Record<string, boolean>> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};

/** A CSV record as a catalogue row input (strings to numbers and booleans), or the message of what is wrong. */
function csvRecordToRow(record: Readonly<Record<string, string>>): CatalogRowInput | string {
  /** A column's text, trimmed (the schema trims names too); '' for a column the header leaves out. */
  const text = (name: string): string => (record[name] ?? '').trim();
  const type = text('type').toUpperCase();
  const price = parseRinggit(text('price'));
  if (price === undefined) return 'price must be an amount in ringgit with at most 2 decimals, e.g. 49.00';
  const activeText = text('active').toLowerCase();
  const active = activeText === '' ? true : BOOLEAN_TEXT[activeText];
  if (active === undefined) return 'active must be true or false';
  const integer = (name: string): number | string =>
    /^\d{1,6}$/.test(text(name)) ? Number(text(name)) : `${name} must be a whole number`;
  if (type === 'PASS') {
    const numbers = ['min_qty', 'usage_limit', 'duration_value'].map(integer);
    const wrong = numbers.find((value) => typeof value === 'string');
    if (typeof wrong === 'string') return wrong;
    const [minQty, usageLimit, durationValue] = numbers as number[];
    const entries = text('entries_per_day') === '' ? undefined : integer('entries_per_day');
    if (typeof entries === 'string') return entries;
    return {
      type: 'PASS',
      sku: text('sku'),
      product: text('product'),
      category: text('category'),
      group: text('group'),
      price: toRinggit(price),
      min_qty: minQty ?? 0,
      usage_limit: usageLimit ?? 0,
      // Stryker disable next-line ConditionalExpression: an absent and an undefined entries_per_day both read as the row schema's default 1
      ...(entries === undefined ? {} : { entries_per_day: entries }),
      duration: { value: durationValue ?? 0, unit: text('duration_unit') as 'Day' },
      active,
      ...(text('tax_code') === '' ? {} : { tax_code: text('tax_code') }),
    };
  }
  if (type === 'MERCHANDISE') {
    const barcode = text('barcode');
    return {
      type: 'MERCHANDISE',
      sku: text('sku'),
      product: text('product'),
      size: text('size'),
      price: toRinggit(price),
      barcode: barcode === '' ? null : barcode,
      active,
      ...(text('tax_code') === '' ? {} : { tax_code: text('tax_code') }),
    };
  }
  return 'type must be PASS or MERCHANDISE';
}

/** Checks that no SKU stands twice in a file. */
function duplicateIssues(rows: readonly CatalogFileRow[]): CatalogFileIssue[] {
  const firstLine = new Map<string, number>();
  const issues: CatalogFileIssue[] = [];
  for (const { line, row } of rows) {
    const key = skuKey(row.sku);
    const seen = firstLine.get(key);
    if (seen === undefined) firstLine.set(key, line);
    else issues.push({ line, message: BACK_OFFICE_MESSAGES.duplicateSku(row.sku, seen) });
  }
  return issues;
}

/**
 * Reads a whole catalogue file (CSV with the {@link CATALOG_CSV_COLUMNS} header, or a JSON array of catalogue
 * rows). Every row is checked; any bad row makes the whole file bad, and every bad row is named by its line.
 *
 * @example parseCatalogFile('csv', text) // { ok: false, issues: [{ line: 4, message: 'price must be …' }] }
 */
export function parseCatalogFile(format: CatalogFormat, content: string): CatalogFileResult {
  const rows: CatalogFileRow[] = [];
  const issues: CatalogFileIssue[] = [];
  const check = (line: number, input: unknown) => {
    const parsed = CatalogRowSchema.safeParse(input);
    if (parsed.success) rows.push({ line, row: parsed.data });
    else issues.push({ line, message: describeIssue(parsed.error) });
  };
  if (format === 'json') {
    let items: unknown;
    try {
      items = JSON.parse(content);
    } catch {
      return { ok: false, issues: [{ line: 1, message: 'The file is not valid JSON' }] };
    }
    const list = Array.isArray(items) ? items : (items as { items?: unknown } | null)?.items;
    if (!Array.isArray(list)) {
      return { ok: false, issues: [{ line: 1, message: 'The file must be a JSON array of catalogue rows' }] };
    }
    list.forEach((item, index) => {
      check(index + 1, item);
    });
  } else {
    const [header, ...records] = readCsvRecords(content);
    if (header === undefined)
      return { ok: false, issues: [{ line: 1, message: BACK_OFFICE_MESSAGES.importNothing }] };
    const names = header.cells.map((cell) => cell.trim().toLowerCase());
    const missing = ['type', 'sku', 'product', 'price'].filter((name) => !names.includes(name));
    if (missing.length > 0) {
      return {
        ok: false,
        issues: [
          { line: header.line, message: `The header must name the columns ${CATALOG_CSV_COLUMNS.join(',')}` },
        ],
      };
    }
    for (const record of records) {
      const fields = Object.fromEntries(names.map((name, index) => [name, record.cells[index] ?? '']));
      const input = csvRecordToRow(fields);
      if (typeof input === 'string') issues.push({ line: record.line, message: input });
      else check(record.line, input);
    }
  }
  issues.push(...duplicateIssues(rows));
  if (issues.length > 0) return { ok: false, issues: issues.sort((a, b) => a.line - b.line) };
  if (rows.length === 0)
    return { ok: false, issues: [{ line: 1, message: BACK_OFFICE_MESSAGES.importNothing }] };
  return { ok: true, rows };
}

/** A catalogue as a file: CSV with the {@link CATALOG_CSV_COLUMNS} header, or a JSON array. Prices in ringgit. */
export function formatCatalogFile(format: CatalogFormat, rows: readonly CatalogRow[]): string {
  if (format === 'json') return `${JSON.stringify(rows, null, 2)}\n`;
  const lines = rows.map((row) => {
    const pass = row.type === 'PASS' ? row : undefined;
    // Stryker disable next-line ConditionalExpression: a pass has no size and no barcode, so read as merchandise it gives '' too
    const merchandise = row.type === 'MERCHANDISE' ? row : undefined;
    const cells: Record<(typeof CATALOG_CSV_COLUMNS)[number], string> = {
      type: row.type,
      sku: row.sku,
      product: row.product,
      category: pass?.category ?? '',
      group: pass?.group ?? '',
      size: merchandise?.size ?? '',
      price: formatAmount(fromRinggit(row.price)),
      min_qty: pass === undefined ? '' : String(pass.min_qty),
      usage_limit: pass === undefined ? '' : String(pass.usage_limit),
      duration_value: pass === undefined ? '' : String(pass.duration.value),
      duration_unit: pass?.duration.unit ?? '',
      barcode: merchandise?.barcode ?? '',
      active: String(row.active),
      entries_per_day: pass === undefined ? '' : String(pass.entries_per_day),
      tax_code: row.tax_code ?? '',
    };
    return CATALOG_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(',');
  });
  return `${[CATALOG_CSV_COLUMNS.join(','), ...lines].join('\n')}\n`;
}
