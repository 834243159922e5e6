import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { changed, factor, HOUR_KEY, hourOf, SALES_ROLLUP_TRIGGER_SUFFIX } from './0027_sales_rollup';

/** The columns of `sales_hour_taxes` that identify a row: `sales_hours`' key, the line's tax code and rate as sold. */
const TAX_KEY = [...HOUR_KEY, 'tax_code', 'tax_rate_bp'] as const;
/** Its figures. */
const TAX_FIGURES = ['lines', 'base_sen', 'tax_sen'] as const;

/**
 * SQLite's triggers of {@link salesTaxRollup} (PostgreSQL's have the same names, and one function per table,
 * {@link SALES_TAX_ROLLUP_FUNCTIONS}). They end as 0027's do, so a bulk load that drops the roll-up's triggers drops
 * these too.
 */
export const SALES_TAX_ROLLUP_TRIGGERS = [
  ...['insert', 'update', 'delete'].map((event) => `order_items_tax_${event}${SALES_ROLLUP_TRIGGER_SUFFIX}`),
  ...['update', 'delete'].map((event) => `orders_tax_${event}${SALES_ROLLUP_TRIGGER_SUFFIX}`),
];
/** PostgreSQL's functions of {@link salesTaxRollup}, with the table each one's triggers are on. */
export const SALES_TAX_ROLLUP_FUNCTIONS = [
  ['order_items', `order_items_tax${SALES_ROLLUP_TRIGGER_SUFFIX}`],
  ['orders', `orders_tax${SALES_ROLLUP_TRIGGER_SUFFIX}`],
] as const;

/*
 * What a line `l` of an order `o` counts for, as SQL expressions (the definitions of the tax collected):
 * - `lines`: 1 whatever became of its order (the codes a period's orders carry);
 * - `tax_sen`: its tax less the tax its refunds gave back, when its order counts (`factor` of 0027: not canceled, not
 *   refunded whole the old way);
 * - `base_sen`: what the tax is on, less what its refunds gave back of it: what was paid for the line (its amount,
 *   and its tax when it was added on top) less its refunds, less the tax left.
 */
const taxLeft = (l: string) => `(${l}.tax_sen - ${l}.refunded_tax_sen)`;
const baseLeft = (l: string, o: string) =>
  `((case when ${o}.prices_include_tax = 1 then ${l}.total_sen else ${l}.total_sen + ${l}.tax_sen end) - ${l}.refunded_sen - ${taxLeft(l)})`;

/** `insert … select … on conflict (<key>) do update set <figure> = <figure> + excluded.<figure>`. */
function addTo(values: readonly string[], from: string): string {
  return `insert into sales_hour_taxes (${[...TAX_KEY, ...TAX_FIGURES].join(', ')})
    select ${values.join(', ')} ${from}
    on conflict (${TAX_KEY.join(', ')}) do update set
    ${TAX_FIGURES.map((figure) => `${figure} = sales_hour_taxes.${figure} + excluded.${figure}`).join(', ')};`;
}

const keyOf = (o: string) => [hourOf(`${o}.created_at`), `${o}.store`, `${o}.terminal_id`, `${o}.staff_id`];

/** Adds (sign 1) or takes away (sign -1) what the line row `line` counts for (its order read from `orders`). */
const addLine = (line: string, sign: string) =>
  addTo(
    [
      ...keyOf('o'),
      `${line}.tax_code`,
      `${line}.tax_rate_bp`,
      sign,
      `${sign} * ${factor('o')} * ${baseLeft(line, 'o')}`,
      `${sign} * ${factor('o')} * ${taxLeft(line)}`,
    ],
    `from orders o where o.id = ${line}.order_id and ${line}.tax_code is not null`,
  );

/** Adds or takes away what the taxed lines of the order row `o` count for. */
const addOrderLines = (o: string, sign: string) =>
  addTo(
    [
      ...keyOf(o),
      'i.tax_code',
      'i.tax_rate_bp',
      `${sign} * count(*)`,
      `${sign} * ${factor(o)} * sum(${baseLeft('i', o)})`,
      `${sign} * ${factor(o)} * sum(${taxLeft('i')})`,
    ],
    `from order_items i where i.order_id = ${o}.id and i.tax_code is not null group by i.tax_code, i.tax_rate_bp`,
  );

/** The columns of `order_items` the figures read. */
const LINE_COLUMNS = [
  'order_id',
  'tax_code',
  'tax_rate_bp',
  'tax_sen',
  'refunded_tax_sen',
  'total_sen',
  'refunded_sen',
] as const;
/** The columns of `orders` that decide where and whether its lines count, and their base. */
const ORDER_COLUMNS = [
  'status',
  'refunded_sen',
  'created_at',
  'store',
  'terminal_id',
  'staff_id',
  'prices_include_tax',
] as const;
/** The lines of an order count elsewhere or differently. */
const orderMoved = (distinct: string) =>
  `(${factor('old')} <> ${factor('new')} or ${changed(
    ORDER_COLUMNS.filter((column) => column !== 'status' && column !== 'refunded_sen'),
    distinct,
  )})`;
/** A line's figures changed, and it has (or had) a tax code. */
const lineChanged = (distinct: string) =>
  `(old.tax_code is not null or new.tax_code is not null) and (${changed(LINE_COLUMNS, distinct)})`;

/**
 * The rows of `sales_hour_taxes` as they follow from `orders` and `order_items`, per `bucket` (an SQL expression of
 * `o.created_at`) and the orders matching `where` (an SQL condition on `o`, last in the text: the sales summary puts
 * its range there, as for 0027's definitions): what this migration fills the table with, and what the triggers keep
 * it equal to.
 */
export function salesHourTaxesOf(bucket: string, where: string): string {
  return `select ${bucket} as hour, o.store, o.terminal_id, o.staff_id, i.tax_code, i.tax_rate_bp,
      count(*) as lines, sum(${factor('o')} * ${baseLeft('i', 'o')}) as base_sen,
      sum(${factor('o')} * ${taxLeft('i')}) as tax_sen
    from order_items i join orders o on o.id = i.order_id
    where i.tax_code is not null and ${where}
    group by ${bucket}, o.store, o.terminal_id, o.staff_id, i.tax_code, i.tax_rate_bp`;
}

/**
 * The tax collected, rolled up for the sales summary beside 0027's tables: `sales_hour_taxes`, per `sales_hours` key
 * (UTC hour of the sale, store, terminal, seller) and per tax code and rate as sold, the lines of that code
 * (`lines`, whatever became of their orders: the codes the hour's orders carry, which the order export's columns
 * are), their tax less what refunds by line gave back of it (`tax_sen`) and the base it is on, less its refunds
 * (`base_sen`); canceled orders (and those refunded whole before refunds by line were kept) count for no tax. An
 * order counts in the hour it was sold, whenever it is refunded, as in `sales_hours`.
 *
 * Triggers keep it in the transaction of every write of a line with a tax code, and of every change of an order
 * that moves its lines (its status, hour, store, terminal, seller or price mode); lines without a tax code fire
 * nothing. On PostgreSQL a transaction takes these rows after its order's `sales_hours` row (0027's order), so two
 * transactions never hold one row each of the other's. This migration fills it from the orders already there.
 */
export const salesTaxRollup = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await createTable(db, '');
      await postgres(db);
      await fillSalesTaxRollup(db);
      return;
    }
    await db.transaction().execute(async (trx) => {
      await createTable(trx, 'without rowid');
      await sqlite(trx);
      await fillSalesTaxRollup(trx);
    });
  },
};

async function createTable(db: Kysely<unknown>, options: string): Promise<void> {
  let table = db.schema.createTable('sales_hour_taxes');
  for (const column of [...HOUR_KEY, 'tax_code']) {
    table = table.addColumn(column, 'text', (col) => col.notNull());
  }
  table = table.addColumn('tax_rate_bp', 'integer', (col) => col.notNull());
  for (const figure of TAX_FIGURES) {
    table = table.addColumn(figure, 'bigint', (col) => col.notNull().defaultTo(0));
  }
  await table
    .addPrimaryKeyConstraint('sales_hour_taxes_pk', [...TAX_KEY] as never[])
    .modifyEnd(sql.raw(options))
    .execute();
}

/**
 * Fills `sales_hour_taxes` from the orders (it must be empty): what the migration does, and what a bulk load written
 * with the triggers off runs after it (`refillSalesRollup`).
 */
export async function fillSalesTaxRollup(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `insert into sales_hour_taxes (${[...TAX_KEY, ...TAX_FIGURES].join(', ')}) ${salesHourTaxesOf(hourOf('o.created_at'), 'true')}`,
    )
    .execute(db);
}

async function sqlite(db: Kysely<unknown>): Promise<void> {
  const [lineInsert, lineUpdate, lineDelete, orderUpdate, orderDelete] = SALES_TAX_ROLLUP_TRIGGERS as [
    string,
    string,
    string,
    string,
    string,
  ];
  const trigger = (name: string, on: string, body: readonly string[]) =>
    sql.raw(`create trigger ${name} ${on} begin ${body.join('\n')} end`).execute(db);
  await trigger(lineInsert, 'after insert on order_items when new.tax_code is not null', [
    addLine('new', '1'),
  ]);
  await trigger(
    lineUpdate,
    `after update of ${LINE_COLUMNS.join(', ')} on order_items when ${lineChanged('is not')}`,
    [addLine('old', '-1'), addLine('new', '1')],
  );
  await trigger(lineDelete, 'after delete on order_items when old.tax_code is not null', [
    addLine('old', '-1'),
  ]);
  await trigger(
    orderUpdate,
    `after update of ${ORDER_COLUMNS.join(', ')} on orders when ${orderMoved('is not')}`,
    [addOrderLines('old', '-1'), addOrderLines('new', '1')],
  );
  await trigger(orderDelete, 'after delete on orders', [addOrderLines('old', '-1')]);
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  const create = (name: string, body: string) =>
    sql`create function ${sql.raw(name)}() returns trigger language plpgsql set search_path from current as ${sql.lit(`
      begin
        ${body}
        return null;
      end`)}`.execute(db);
  const [[, lines], [, orders]] = SALES_TAX_ROLLUP_FUNCTIONS;
  const [lineInsert, lineUpdate, lineDelete, orderUpdate, orderDelete] = SALES_TAX_ROLLUP_TRIGGERS as [
    string,
    string,
    string,
    string,
    string,
  ];
  await create(
    lines,
    `if tg_op <> 'INSERT' then ${addLine('old', '-1')} end if;
     if tg_op <> 'DELETE' then ${addLine('new', '1')} end if;`,
  );
  const run = (name: string) => sql.raw(`for each row execute function ${name}()`);
  await sql`create trigger ${sql.raw(lineInsert)} after insert on order_items
    for each row when (new.tax_code is not null) execute function ${sql.raw(lines)}()`.execute(db);
  await sql`create trigger ${sql.raw(lineUpdate)} after update on order_items
    for each row when (${sql.raw(lineChanged('is distinct from'))}) execute function ${sql.raw(lines)}()`.execute(
    db,
  );
  await sql`create trigger ${sql.raw(lineDelete)} after delete on order_items
    for each row when (old.tax_code is not null) execute function ${sql.raw(lines)}()`.execute(db);
  await create(
    orders,
    `${addOrderLines('old', '-1')}
     if tg_op = 'UPDATE' then ${addOrderLines('new', '1')} end if;`,
  );
  await sql`create trigger ${sql.raw(orderUpdate)} after update on orders
    for each row when (${sql.raw(orderMoved('is distinct from'))}) execute function ${sql.raw(orders)}()`.execute(
    db,
  );
  await sql`create trigger ${sql.raw(orderDelete)} after delete on orders ${run(orders)}`.execute(db);
}
