import { formatAmount, itemTitle, sen } from 'pos-sdk';
import type { Db } from '../db/Database';
import { staffNames } from '../orders/staffNames';
import { csvCell } from './csvCell';
import { FIELD_SEPARATOR, LINE_SEPARATOR, type OrderCsvSource } from './orderCsvPages';
import { venueDateTimeFormatter } from './venueDateTimeFormatter';

/** How many distinct texts each cache of the formatter keeps before it starts afresh (memory stays bounded). */
const CACHE_LIMIT = 4096;

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

/**
 * Decodes {@link OrderCsvSource.lines}; undefined when a name or group holds a separator, so that the text does not
 * split into as many lines as counted.
 */
function decodeLines(text: string): Line[] | undefined {
  const colon = text.indexOf(':');
  const count = Number(text.slice(0, colon));
  const pieces = text.slice(colon + 1).split(LINE_SEPARATOR);
  if (pieces.length !== count) return undefined;
  const lines: Line[] = [];
  for (const piece of pieces) {
    const fields = piece.split(FIELD_SEPARATOR);
    if (fields.length !== 3) return undefined;
    const [quantity = '', name = '', group = ''] = fields;
    lines.push({ quantity: Number(quantity), name, variant_group: group });
  }
  return lines;
}

/** `-`. */
const MINUS = 45;

/** An amount in sen as a cell: `49.00`, `'-9.80` (what `csvCell` makes of the text, without its tests). */
function amountCell(amount: number | string): string {
  const text = formatAmount(sen(Number(amount)));
  return text.charCodeAt(0) === MINUS ? `'${text}` : text;
}

/** The cash, card and e-wallet cells of {@link OrderCsvSource.tenders} (`<cash>,<card>,<e-wallet>` in sen). */
function tenderCellsOf(tenders: string): string {
  const [cash = '0', card = '0', ewallet = '0'] = tenders.split(',');
  return `${amountCell(cash)},${amountCell(card)},${amountCell(ewallet)}`;
}

const NO_TENDERS = tenderCellsOf('0,0,0');

/**
 * Formats pages of {@link OrderCsvSource} as CSV records, the same text as `csvRecord(orderCsvRow(order))` gives
 * for the contract Order (the test `exportCsvParity` compares them): dates through a
 * {@link venueDateTimeFormatter}, item titles and whole `items` cells cached by their text, staff names read once
 * per staff member. An order whose name or group holds a separator has its lines read again on their own.
 */
export function orderCsvFormatter(
  db: Db,
  timeZone: string,
): (page: readonly OrderCsvSource[]) => Promise<string> {
  const formatDate = venueDateTimeFormatter(timeZone);
  // Cells of a few distinct values.
  const statusCell = cachedByText(csvCell);
  const terminalCell = cachedByText(csvCell);
  // Tenders repeat: the same prices and the same cash rounded up.
  const tenderCells = cachedByText(tenderCellsOf);
  const names = new Map<string, string>();
  const itemsOfText = cachedByText((text): ItemsCells | null => {
    const lines = decodeLines(text);
    return lines === undefined ? null : itemsCellsOf(lines);
  });

  const itemsOfOrder = async (orderId: string): Promise<ItemsCells> => {
    const lines = await db
      .selectFrom('order_items')
      .select(['quantity', 'name', 'variant_group'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
    return itemsCellsOf(lines);
  };

  return async (page) => {
    const unnamed = page.filter((row) => !names.has(row.staff_id)).map((row) => row.staff_id);
    if (unnamed.length > 0) {
      for (const [id, name] of await staffNames(db, unnamed)) names.set(id, csvCell(name));
    }
    let text = '';
    // The cells in EXPORT_CSV_COLUMNS order, as orderCsvRow gives them.
    for (const row of page) {
      const items = row.lines === null ? NO_ITEMS : (itemsOfText(row.lines) ?? (await itemsOfOrder(row.id)));
      const tenders = row.tenders === null ? NO_TENDERS : tenderCells(row.tenders);
      text +=
        `${csvCell(formatDate(row.created_at))},${csvCell(row.invoice_id ?? '')},${csvCell(row.id)},` +
        `${statusCell(row.status)},${csvCell(row.customer_email ?? '')},${items.items},${items.numItems},` +
        `${amountCell(row.subtotal_sen)},${amountCell(row.discount_sen)},${amountCell(row.total_sen)},` +
        `${tenders},${amountCell(row.change_sen)},${names.get(row.staff_id)},${terminalCell(row.terminal_id)}\r\n`;
    }
    return text;
  };
}
