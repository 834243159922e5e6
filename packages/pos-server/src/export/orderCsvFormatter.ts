import { addSen, formatAmount, type Sen, sen } from 'pos-sdk/money';
import { itemTitle } from 'pos-sdk/rules';
import type { Db } from '../db/Database';
import { staffNames } from '../staff';
import { csvCell } from './csvCell';
import type { OrderCsvSource } from './orderCsvPages';
import { venueDateTimeFormatter } from './venueDateTimeFormatter';

/** Where the staff id is in an {@link OrderCsvSource}. */
const STAFF = 5;

/**
 * How many distinct texts each cache of the formatter keeps before it starts afresh (memory stays bounded). A venue's
 * orders repeat a few thousand distinct lines and amounts; a cache that starts afresh every few thousand rows would
 * compute nearly every row again.
 */
const CACHE_LIMIT = 20_000;

/** The `items` and `num_items` cells of an order's lines. */
interface ItemsCells {
  items: string;
  numItems: string;
}

/** A line as `orderCsvRow` reads it from a contract Order. */
interface Line {
  quantity: number;
  name: string;
  variant_group: string | null;
}

const NO_ITEMS: ItemsCells = { items: csvCell(''), numItems: csvCell('0') };

/** Caches `compute` by its text argument, starting afresh past {@link CACHE_LIMIT} entries. */
function cachedByText<Value>(compute: (text: string) => Value): (text: string) => Value {
  const cache = new Map<string, Value>();
  return (text) => {
    let value = cache.get(text);
    if (value === undefined) {
      value = compute(text);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(text, value);
    }
    return value;
  };
}

/** `2 x Day Pass - Adult; 1 x Grip Socks - M` and the number of items, as `orderCsvRow` writes them. */
function itemsCellsOf(lines: readonly Line[]): ItemsCells {
  let count = 0;
  const texts = lines.map((line) => {
    count += line.quantity;
    return `${line.quantity} x ${itemTitle({ name: line.name, group: line.variant_group })}`;
  });
  return { items: csvCell(texts.join('; ')), numItems: csvCell(String(count)) };
}

/** The lines of an {@link OrderCsvSource}'s `linesJson`. */
function linesOf(json: string): Line[] {
  return (JSON.parse(json) as [number, string, string | null][]).map(([quantity, name, group]) => ({
    quantity,
    name,
    variant_group: group,
  }));
}

/** `-`. */
const MINUS = 45;

/** An amount in sen as a cell: `49.00`, `'-9.80` (what `csvCell` makes of the text, without its tests). */
function amountCell(amount: string): string {
  const text = formatAmount(sen(Number(amount)));
  return text.charCodeAt(0) === MINUS ? `'${text}` : text;
}

/** Whether an order's tax counts as collected: not canceled, nor refunded whole before refunds by line were kept. */
export function isTaxCollected(status: string, refundedSen: number): boolean {
  return !(status === 'CANCELED' || (status === 'REFUNDED' && refundedSen === 0));
}

/**
 * The tax cells of an order (`,0.90,7.06,7.96`: one per code of `codes`, then their sum) from its tax per code in
 * sen; nothing without codes. An order whose tax was not collected ({@link isTaxCollected}) has 0.00 in each.
 */
export function taxCells(
  codes: readonly string[],
  taxOf: ReadonlyMap<string, number>,
  isCollected: boolean,
): string {
  if (codes.length === 0) return '';
  let total: Sen = sen(0);
  let text = '';
  for (const code of codes) {
    const tax = sen(isCollected ? (taxOf.get(code) ?? 0) : 0);
    total = addSen(total, tax);
    text += `,${amountCell(String(tax))}`;
  }
  return `${text},${amountCell(String(total))}`;
}

/**
 * Formats pages of {@link OrderCsvSource} as CSV records, the same text as `csvRecord(orderCsvRow(order))` gives
 * for the contract Order (the test `exportCsvParity` compares them): dates through a
 * {@link venueDateTimeFormatter}, item titles and whole `items` cells cached by their text, staff names read once
 * per staff member. A page comes back as its UTF-8 bytes, each record written into one buffer as it is made: a page
 * built as one string first would be a rope of thousands of pieces that V8 flattens into one large string to encode
 * it.
 *
 * With `taxCodes` (the period's, `exportTaxCodes`), each record ends with its tax cells ({@link taxCells}).
 */
export function orderCsvFormatter(
  db: Db,
  timeZone: string,
  taxCodes: readonly string[] = [],
): (page: readonly OrderCsvSource[]) => Promise<Buffer> {
  const formatDate = venueDateTimeFormatter(timeZone);
  // Cells of a few distinct values.
  const statusCell = cachedByText(csvCell);
  const terminalCell = cachedByText(csvCell);
  // Amounts repeat: the same prices and the same cash rounded up, so whole runs of amount cells do too.
  const amountsCells = cachedByText((text) => text.split(',').map(amountCell).join(','));
  const names = new Map<string, string>();
  const itemsOfText = cachedByText((json) => itemsCellsOf(linesOf(json)));
  const taxesOfText = cachedByText((json) => new Map(JSON.parse(json) as [string, number][]));
  const noTax = new Map<string, number>();

  return async (page) => {
    const unnamed = page.filter((row) => !names.has(row[STAFF])).map((row) => row[STAFF]);
    if (unnamed.length > 0) {
      for (const [id, name] of await staffNames(db, unnamed)) names.set(id, csvCell(name));
    }
    let buffer = Buffer.allocUnsafe(page.length * 256);
    let offset = 0;
    // The cells in EXPORT_CSV_COLUMNS order, as orderCsvRow gives them.
    for (const [id, at, status, email, amounts, staff, terminal, invoice, lines, refunded, taxes] of page) {
      const items = lines === null ? NO_ITEMS : itemsOfText(lines);
      const tax =
        taxCodes.length === 0
          ? ''
          : taxCells(
              taxCodes,
              taxes === null ? noTax : taxesOfText(taxes),
              isTaxCollected(status, Number(refunded)),
            );
      const text =
        `${csvCell(formatDate(at))},${csvCell(invoice ?? '')},${csvCell(id)},${statusCell(status)},` +
        `${csvCell(email ?? '')},${items.items},${items.numItems},${amountsCells(amounts)},` +
        `${names.get(staff)},${terminalCell(terminal)},${amountCell(String(refunded))}${tax}\r\n`;
      // A record is at most 3 bytes a UTF-16 unit: grow the buffer before a record could pass its end.
      if (offset + text.length * 3 > buffer.length) {
        const larger = Buffer.allocUnsafe(Math.max(buffer.length * 2, offset + text.length * 3));
        buffer.copy(larger, 0, 0, offset);
        buffer = larger;
      }
      offset += buffer.write(text, offset, 'utf8');
    }
    return buffer.subarray(0, offset);
  };
}
