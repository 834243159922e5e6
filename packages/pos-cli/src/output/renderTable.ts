import Table from 'cli-table3';

/** Box lines without a rule between rows (rows stay compact; multi-line cells stay readable). */
const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** Options of {@link renderTable}. */
export interface TableOptions {
  /** Bold headings (a terminal with colour). */
  readonly color: boolean;
  /** Alignment per column; default left. Amounts are right-aligned. */
  readonly align?: readonly ('left' | 'right' | 'center')[];
}

/**
 * A table for human output (cli-table3), as text without a trailing newline.
 *
 * @example renderTable(['SKU', 'PRICE'], [['DAY-ADULT', 'RM 49.00']], { color: false, align: ['left', 'right'] })
 */
export function renderTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  options: TableOptions,
): string {
  const table = new Table({
    head: [...head],
    chars: COMPACT,
    style: { head: options.color ? ['bold'] : [], border: [] },
    ...(options.align ? { colAligns: [...options.align] } : {}),
  });
  for (const row of rows) table.push([...row]);
  return table.toString();
}

/**
 * A two-column table of labelled values (a ticket, an order header), rows with an empty value left out.
 *
 * @example renderFields([['Invoice No', 'INV-1'], ['Status', 'PAID']], { color: false })
 */
export function renderFields(
  fields: readonly (readonly [label: string, value: string | undefined])[],
  options: Pick<TableOptions, 'color'>,
): string {
  const table = new Table({ chars: COMPACT, style: { head: [], border: [] } });
  for (const [label, value] of fields) {
    if (value !== undefined && value !== '')
      table.push({ [options.color ? `\u001b[1m${label}\u001b[22m` : label]: value });
  }
  return table.toString();
}
