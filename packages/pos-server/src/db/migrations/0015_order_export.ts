import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The columns this migration adds to `orders`, kept by the database itself (see {@link orderExport}). */
export const ORDER_EXPORT_COLUMNS = [
  'invoice_id',
  'lines_json',
  'cash_sen',
  'card_sen',
  'ewallet_sen',
] as const;

/** The triggers of {@link orderExport} (SQLite names them one per table and event; PostgreSQL one per table). */
export const ORDER_EXPORT_TRIGGER_SUFFIX = '_order_export';

/**
 * The export's data on the order row: the CSV export reads one index range of `orders` instead of three lookups an
 * order into `invoices`, `order_items` and `tenders` by a random `order_id` (each on another page of a large index,
 * too slow for the export's goal in docs/performance.md).
 *
 * - `orders.invoice_id`: the order's invoice id (null until the invoice is issued).
 * - `orders.lines_json`: the order's lines in cart order as a JSON array of `[quantity, name, variant_group]`
 *   (null without lines): what the export's `items` cell is made of.
 * - `orders.cash_sen`, `card_sen`, `ewallet_sen`: the tenders summed per method (0 for none).
 *
 * Triggers keep them in the same transaction as every insert, update or delete of an invoice, a line or a tender,
 * whoever makes it (the checkout, a renewal, a fix typed by hand), so the export never reads a stale value; this
 * migration fills them for the orders already there. Like the search index of 0013, a derived copy that the
 * database maintains: the rows of `invoices`, `order_items` and `tenders` stay the truth.
 */
export const orderExport = {
  async up(db: Kysely<unknown>): Promise<void> {
    // PostgreSQL runs a migration in a transaction of the migrator's; SQLite's DDL is in one of ours.
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await addColumns(db);
      await postgres(db);
      return;
    }
    await db.transaction().execute(async (trx) => {
      await addColumns(trx);
      await sqlite(trx);
    });
  },
};

async function addColumns(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('invoice_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('lines_json', 'text').execute();
  for (const column of ['cash_sen', 'card_sen', 'ewallet_sen']) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
  }
}

/** A tender method's sum for the order `orderId` (an SQL expression of the trigger's row). */
function tenderSum(method: string, orderId: string): string {
  return `coalesce((select sum(amount_sen) from tenders where order_id = ${orderId} and method = '${method}'), 0)`;
}

/** The `set` list of the tender columns for the order `orderId`. */
function tenderSums(orderId: string): string {
  return `cash_sen = ${tenderSum('CASH', orderId)}, card_sen = ${tenderSum('CREDIT CARD', orderId)},
    ewallet_sen = ${tenderSum('E-WALLET', orderId)}`;
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  const linesOf = (orderId: string) => `(select json_agg(json_build_array(quantity, name, variant_group)
    order by position)::text from order_items where order_id = ${orderId})`;
  // One function per table: each recomputes the column(s) of the order a changed row belongs to (both orders when
  // an update moves the row).
  const functions: [table: string, body: (orderId: string) => string][] = [
    [
      'invoices',
      (id) => `update orders set invoice_id = (select i.id from invoices i where i.order_id = ${id})
      where id = ${id};`,
    ],
    ['order_items', (id) => `update orders set lines_json = ${linesOf(id)} where id = ${id};`],
    ['tenders', (id) => `update orders set ${tenderSums(id)} where id = ${id};`],
  ];
  for (const [table, body] of functions) {
    const name = `${table}${ORDER_EXPORT_TRIGGER_SUFFIX}`;
    // `set search_path from current`: the function finds this schema's tables whatever the search_path of the
    // session that writes (a fix typed in psql with the schema in front of the table's name).
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql set search_path from current as ${sql.lit(`
      begin
        if tg_op <> 'DELETE' then ${body('new.order_id')} end if;
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.order_id is distinct from new.order_id) then
          ${body('old.order_id')}
        end if;
        return null;
      end`)}`.execute(db);
    await sql`create trigger ${sql.raw(name)} after insert or update or delete on ${sql.table(table)}
      for each row execute function ${sql.raw(name)}()`.execute(db);
  }
  await sql`update orders set
    invoice_id = (select i.id from invoices i where i.order_id = orders.id),
    lines_json = ${sql.raw(linesOf('orders.id'))},
    ${sql.raw(tenderSums('orders.id'))}`.execute(db);
}

async function sqlite(db: Kysely<unknown>): Promise<void> {
  const linesOf = (orderId: string) => `(select json_group_array(json_array(quantity, name, variant_group)
    order by position) from order_items where order_id = ${orderId} having count(*) > 0)`;
  const sets: [table: string, set: (orderId: string) => string][] = [
    ['invoices', (id) => `invoice_id = (select i.id from invoices i where i.order_id = ${id})`],
    ['order_items', (id) => `lines_json = ${linesOf(id)}`],
    ['tenders', tenderSums],
  ];
  for (const [table, set] of sets) {
    for (const [event, rows] of [
      ['insert', ['new']],
      ['update', ['new', 'old']],
      ['delete', ['old']],
    ] as const) {
      const updates = rows.map(
        (row) => `update orders set ${set(`${row}.order_id`)} where id = ${row}.order_id;`,
      );
      await sql`create trigger ${sql.raw(`${table}_${event}${ORDER_EXPORT_TRIGGER_SUFFIX}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin ${sql.raw(updates.join('\n'))} end`.execute(db);
    }
  }
  await sql`update orders set
    invoice_id = (select i.id from invoices i where i.order_id = orders.id),
    lines_json = ${sql.raw(linesOf('orders.id'))},
    ${sql.raw(tenderSums('orders.id'))}`.execute(db);
}
