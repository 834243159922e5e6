import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The suffix of the roll-up's triggers (SQLite: one per table and event; PostgreSQL: one per table, and functions). */
export const SALES_ROLLUP_TRIGGER_SUFFIX = '_sales_rollup';

/** The tables whose rows the roll-up's triggers follow. */
export const SALES_ROLLUP_SOURCES = ['orders', 'order_items', 'tenders', 'order_refund_tenders'] as const;

/** The columns of `sales_hours` that identify a row: the UTC hour, the store, the terminal, the seller. */
export const HOUR_KEY = ['hour', 'store', 'terminal_id', 'staff_id'] as const;
/** Its figures, added up. */
const HOUR_FIGURES = [
  'orders',
  'gross_sen',
  'refunds_sen',
  'discount_sen',
  'refunded_orders',
  'canceled_orders',
  'cash_sen',
  'card_sen',
  'ewallet_sen',
] as const;
/** The columns of `sales_hour_products` that identify a row: `sales_hours`' key and the line's product. */
const PRODUCT_KEY = [...HOUR_KEY, 'sku', 'name', 'variant_group', 'category'] as const;
/** Its figures. */
const PRODUCT_FIGURES = ['quantity', 'net_sen'] as const;

/** The UTC hour of an instant column: `2026-11-22T02` (the text's first 13 characters). */
export const hourOf = (at: string) => `substr(${at}, 1, 13)`;

/*
 * What an order row `o` counts for, as SQL expressions (the definitions of the sales summary's figures):
 * - an order not canceled counts; a canceled one only as canceled;
 * - its refund: what was refunded on it (`refunded_sen`), or its total for one refunded whole before refunds by line
 *   were kept (status REFUNDED, `refunded_sen` 0: migration 0025 left those as they were);
 * - its money per method and its lines count (factor 1) unless it is canceled or refunded whole that old way: what
 *   such an order took was all given back, in the methods it was paid by (as the shift report counts it).
 */
const live = (o: string) => `(case when ${o}.status = 'CANCELED' then 0 else 1 end)`;
const refundOf = (o: string) =>
  `(case when ${o}.status = 'CANCELED' then 0 when ${o}.status = 'REFUNDED' and ${o}.refunded_sen = 0 then ${o}.total_sen else ${o}.refunded_sen end)`;
export const factor = (o: string) =>
  `(case when ${o}.status = 'CANCELED' or (${o}.status = 'REFUNDED' and ${o}.refunded_sen = 0) then 0 else 1 end)`;
/** A line's category in the summary: merchandise, a membership (sold or renewed), or another pass. */
const categoryOf = (line: string, o: string) =>
  `(case when ${line}.type = 'MERCHANDISE' then 'merchandise' when ${o}.kind = 'renewal' or ${line}.category = 'Membership' then 'membership' else 'pass' end)`;

/**
 * A line's money in `sales_hour_products.net_sen`, as an SQL expression of the line `l` and its order `o`. This
 * migration's: its amount less what its refunds gave back. Migration 0037 replaces it ({@link LINE_NET} of 0037):
 * with tax added on top, a refund gives back the line's tax too, which its amount does not hold.
 */
export type LineNet = (l: string, o: string) => string;
export const AMOUNT_LESS_REFUNDS: LineNet = (l) => `${l}.total_sen - ${l}.refunded_sen`;

/** The order-level figures of `o` (with sign `sign`), in {@link HOUR_FIGURES} order up to the methods. */
const orderFigures = (o: string, sign: string) => [
  `${sign} * ${live(o)}`,
  `${sign} * ${live(o)} * ${o}.total_sen`,
  `${sign} * ${refundOf(o)}`,
  `${sign} * ${live(o)} * ${o}.discount_sen`,
  `${sign} * (case when ${refundOf(o)} > 0 then 1 else 0 end)`,
  `${sign} * (1 - ${live(o)})`,
];

/** The sum of an order's tenders of one method, as the trigger finds them. */
const tendered = (o: string, method: string) =>
  `coalesce((select sum(t.amount_sen) from tenders t where t.order_id = ${o}.id and t.method = '${method}'), 0)`;
/** The sum of what the refunds of an order gave back by one method. */
const refundedBy = (o: string, method: string) =>
  `coalesce((select sum(rt.amount_sen) from order_refunds r join order_refund_tenders rt on rt.refund_id = r.id
    where r.order_id = ${o}.id and rt.method = '${method}'), 0)`;

const METHODS = [
  ['cash_sen', 'CASH'],
  ['card_sen', 'CREDIT CARD'],
  ['ewallet_sen', 'E-WALLET'],
] as const;

/** `insert … select <values> <from> on conflict (<key>) do update set <figure> = <figure> + excluded.<figure>`. */
function addTo(
  table: 'sales_hours' | 'sales_hour_products',
  values: readonly string[],
  from: string,
): string {
  const [key, figures] = table === 'sales_hours' ? [HOUR_KEY, HOUR_FIGURES] : [PRODUCT_KEY, PRODUCT_FIGURES];
  return `insert into ${table} (${[...key, ...figures].join(', ')})
    select ${values.join(', ')} ${from}
    on conflict (${key.join(', ')}) do update set
    ${figures.map((figure) => `${figure} = ${table}.${figure} + excluded.${figure}`).join(', ')};`;
}

/** The key values of `sales_hours` for the order `o`. */
const hourKeyOf = (o: string) => [
  hourOf(`${o}.created_at`),
  `${o}.store`,
  `${o}.terminal_id`,
  `${o}.staff_id`,
];

/**
 * Adds (sign 1) or takes away (sign -1) what the order row `o` counts for in `sales_hours`, its money included: its
 * tenders and its refunds' tenders as they are now. A new order has neither yet (they reference it): its money is the
 * change it gave, until its tenders come.
 */
const addOrder = (o: string, sign: string, isNew = false) =>
  addTo(
    'sales_hours',
    [
      ...hourKeyOf(o),
      ...orderFigures(o, sign),
      ...METHODS.map(([, method]) => {
        const change = method === 'CASH' ? `${o}.change_sen` : '0';
        return isNew
          ? `${sign} * ${factor(o)} * (0 - ${change})`
          : `${sign} * ${factor(o)} * (${tendered(o, method)} - ${refundedBy(o, method)} - ${change})`;
      }),
    ],
    'where true',
  );

/** Adds or takes away what the lines of the order row `o` count for in `sales_hour_products`. */
const addOrderLines = (o: string, sign: string, net: LineNet) =>
  addTo(
    'sales_hour_products',
    [
      ...hourKeyOf(o),
      'i.sku',
      'i.name',
      "coalesce(i.variant_group, '')",
      categoryOf('i', o),
      `${sign} * ${factor(o)} * sum(i.quantity - i.refunded_quantity)`,
      `${sign} * ${factor(o)} * sum(${net('i', o)})`,
    ],
    `from order_items i where i.order_id = ${o}.id
      group by i.sku, i.name, coalesce(i.variant_group, ''), ${categoryOf('i', o)}`,
  );

/** Adds or takes away what the line row `line` counts for (its order read from `orders`). */
const addLine = (line: string, sign: string, net: LineNet) =>
  addTo(
    'sales_hour_products',
    [
      ...hourKeyOf('o'),
      `${line}.sku`,
      `${line}.name`,
      `coalesce(${line}.variant_group, '')`,
      categoryOf(line, 'o'),
      `${sign} * ${factor('o')} * (${line}.quantity - ${line}.refunded_quantity)`,
      `${sign} * ${factor('o')} * (${net(line, 'o')})`,
    ],
    `from orders o where o.id = ${line}.order_id`,
  );

/** The money of a tender row (sign 1) or of a refund's tender row (sign -1), in its method's column. */
const methodValues = (row: string, sign: string) =>
  METHODS.map(
    ([, method]) =>
      `${sign} * ${factor('o')} * (case when ${row}.method = '${method}' then ${row}.amount_sen else 0 end)`,
  );

const NO_ORDER_FIGURES = ['0', '0', '0', '0', '0', '0'];

const addTender = (tender: string, sign: string) =>
  addTo(
    'sales_hours',
    [...hourKeyOf('o'), ...NO_ORDER_FIGURES, ...methodValues(tender, sign)],
    `from orders o where o.id = ${tender}.order_id`,
  );

const addRefundTender = (tender: string, sign: string) =>
  addTo(
    'sales_hours',
    [...hourKeyOf('o'), ...NO_ORDER_FIGURES, ...methodValues(tender, sign === '1' ? '-1' : '1')],
    `from order_refunds r join orders o on o.id = r.order_id where r.id = ${tender}.refund_id`,
  );

/** The columns of `orders` the figures of `sales_hours` read. */
const ORDER_COLUMNS = [
  'status',
  'refunded_sen',
  'total_sen',
  'discount_sen',
  'change_sen',
  'created_at',
  'store',
  'terminal_id',
  'staff_id',
] as const;
/** The columns of `orders` that decide where and whether its lines count. */
const ORDER_LINE_COLUMNS = ['created_at', 'store', 'terminal_id', 'staff_id', 'kind'] as const;
/** The columns of `order_items` the figures of `sales_hour_products` read. */
const LINE_COLUMNS = [
  'order_id',
  'type',
  'sku',
  'name',
  'variant_group',
  'category',
  'quantity',
  'refunded_quantity',
  'total_sen',
  'refunded_sen',
] as const;
/** The columns of a tender (of a sale or a refund) the figures read. */
const TENDER_COLUMNS = ['method', 'amount_sen'] as const;

/** `old.a is distinct from new.a or …` (SQLite: `is not`). */
export const changed = (columns: readonly string[], distinct: string) =>
  columns.map((column) => `old.${column} ${distinct} new.${column}`).join(' or ');
/** The lines of an order count elsewhere or differently: their factor, hour, store, terminal, seller or kind changed. */
const linesMoved = (distinct: string) =>
  `${factor('old')} <> ${factor('new')} or ${changed(ORDER_LINE_COLUMNS, distinct)}`;

/**
 * The rows of `sales_hours` as they follow from `orders`, `order_refunds` and `order_refund_tenders`, per `bucket`
 * (an SQL expression of `o.created_at`; `substr(o.created_at, 1, 13)` for the table's hours) and the orders matching
 * `where` (an SQL condition on `o`, or `true`): what this migration fills the table with, and what the triggers keep
 * it equal to. The tenders come from the order row's own copies of them (migration 0015).
 */
export function salesHoursOf(bucket: string, where: string): string {
  const refunded = METHODS.map(
    ([column, method]) => `sum(case when rt.method = '${method}' then rt.amount_sen else 0 end) as ${column}`,
  ).join(', ');
  const factorO = factor('o');
  return `select ${bucket} as hour, o.store, o.terminal_id, o.staff_id,
      sum(${live('o')}) as orders,
      sum(${live('o')} * o.total_sen) as gross_sen,
      sum(${refundOf('o')}) as refunds_sen,
      sum(${live('o')} * o.discount_sen) as discount_sen,
      sum(case when ${refundOf('o')} > 0 then 1 else 0 end) as refunded_orders,
      sum(1 - ${live('o')}) as canceled_orders,
      sum(${factorO} * (o.cash_sen - o.change_sen - coalesce(r.cash_sen, 0))) as cash_sen,
      sum(${factorO} * (o.card_sen - coalesce(r.card_sen, 0))) as card_sen,
      sum(${factorO} * (o.ewallet_sen - coalesce(r.ewallet_sen, 0))) as ewallet_sen
    from orders o
    left join (select f.order_id, ${refunded} from order_refunds f join order_refund_tenders rt on rt.refund_id = f.id
      group by f.order_id) r on r.order_id = o.id
    where ${where}
    group by ${bucket}, o.store, o.terminal_id, o.staff_id`;
}

/**
 * The rows of `sales_hour_products` as they follow from `orders` and `order_items` (see {@link salesHoursOf}), less
 * the rows of lines that count for nothing (of canceled orders).
 */
export function salesHourProductsOf(
  bucket: string,
  where: string,
  net: LineNet = AMOUNT_LESS_REFUNDS,
): string {
  const category = categoryOf('i', 'o');
  return `select ${bucket} as hour, o.store, o.terminal_id, o.staff_id, i.sku, i.name,
      coalesce(i.variant_group, '') as variant_group, ${category} as category,
      sum(i.quantity - i.refunded_quantity) as quantity, sum(${net('i', 'o')}) as net_sen
    from order_items i join orders o on o.id = i.order_id
    where ${factor('o')} = 1 and ${where}
    group by ${bucket}, o.store, o.terminal_id, o.staff_id, i.sku, i.name, coalesce(i.variant_group, ''), ${category}`;
}

/**
 * The sales summary's roll-up (POST /v1/admin/reports/sales_summary): a dashboard of a year reads a few thousand rows
 * instead of every order, line and tender of the year.
 *
 * - `sales_hours`: per UTC hour (`2026-11-22T02`, the first 13 characters of `orders.created_at`), store, terminal
 *   and seller, the figures of the orders sold in it: orders not canceled, their totals, refunds, discounts, orders
 *   with a refund, canceled orders, and the money per method (cash net of the change given) less what refunds gave
 *   back by that method. An order counts in the hour it was sold, whenever it is refunded.
 * - `sales_hour_products`: per the same key and product line (SKU, name, group, category: merchandise, membership
 *   (sold or renewed) or pass), the units sold less those refunded and the money of the lines less their refunds.
 *
 * Triggers keep both in the same transaction as every write of an order, a line, a tender or a refund's tender,
 * whoever makes it (a sale, a renewal, a refund, a cancel, an offline sale replayed, a fix typed by hand): each adds
 * what the changed row counts for now and takes away what it counted for before. This migration fills them from the
 * orders already there ({@link salesHoursOf}, {@link salesHourProductsOf}). Like the export's columns of 0015, a
 * derived copy that the database keeps: the orders stay the truth.
 *
 * On PostgreSQL a transaction takes the order's `sales_hours` row before any of its `sales_hour_products` rows (a
 * sale writes its order first; a refund's first row, in `order_refunds`, takes it at once): two transactions that
 * change the same rows wait for each other there, and never hold one row each of the other's.
 *
 * Also the end-of-shift figures of a closed shift: `shifts.expected_cash_sen`, `expected_card_sen`,
 * `expected_ewallet_sen` (null while open, and for shifts closed before this migration until `pos-server` fills them
 * at its start), and the index of the shifts opened in a store over a period.
 */
export const salesRollup = {
  async up(db: Kysely<unknown>): Promise<void> {
    // PostgreSQL runs a migration in a transaction of the migrator's; SQLite's DDL is in one of ours.
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await createTables(db, '');
      await postgres(db, AMOUNT_LESS_REFUNDS);
      await fill(db, AMOUNT_LESS_REFUNDS);
      await shiftColumns(db);
      return;
    }
    await db.transaction().execute(async (trx) => {
      // Clustered by the key: a period's rows are one range of the table.
      await createTables(trx, 'without rowid');
      await sqlite(trx, AMOUNT_LESS_REFUNDS);
      await fill(trx, AMOUNT_LESS_REFUNDS);
      await shiftColumns(trx);
    });
  },
};

async function createTables(db: Kysely<unknown>, options: string): Promise<void> {
  let hours = db.schema.createTable('sales_hours');
  for (const column of ['hour', 'store', 'terminal_id', 'staff_id']) {
    hours = hours.addColumn(column, 'text', (col) => col.notNull());
  }
  for (const figure of HOUR_FIGURES) {
    hours = hours.addColumn(figure, 'bigint', (col) => col.notNull().defaultTo(0));
  }
  await hours
    .addPrimaryKeyConstraint('sales_hours_pk', [...HOUR_KEY] as never[])
    .modifyEnd(sql.raw(options))
    .execute();
  let products = db.schema.createTable('sales_hour_products');
  for (const column of PRODUCT_KEY) {
    products = products.addColumn(column, 'text', (col) => col.notNull());
  }
  for (const figure of PRODUCT_FIGURES) {
    products = products.addColumn(figure, 'bigint', (col) => col.notNull().defaultTo(0));
  }
  await products
    .addPrimaryKeyConstraint('sales_hour_products_pk', [...PRODUCT_KEY] as never[])
    .modifyEnd(sql.raw(options))
    .execute();
}

async function fill(db: Kysely<unknown>, net: LineNet): Promise<void> {
  const hour = hourOf('o.created_at');
  await sql
    .raw(
      `insert into sales_hours (${[...HOUR_KEY, ...HOUR_FIGURES].join(', ')}) ${salesHoursOf(hour, 'true')}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into sales_hour_products (${[...PRODUCT_KEY, ...PRODUCT_FIGURES].join(', ')}) ${salesHourProductsOf(hour, 'true', net)}`,
    )
    .execute(db);
}

/**
 * Empties the roll-up and adds it up again from the orders, as this migration fills it, the lines' money by `net`
 * (the latest migration's): for rows written with its triggers off (`bench:scale`'s bulk load). Run it in a
 * transaction, with no sale writing meanwhile.
 */
export async function refillSalesRollup(db: Kysely<unknown>, net: LineNet): Promise<void> {
  await sql`delete from sales_hour_products`.execute(db);
  await sql`delete from sales_hours`.execute(db);
  await fill(db, net);
}

/**
 * Makes the roll-up's triggers count a line's money by `net` from now on, and adds `sales_hour_products` up again
 * from the orders by it (migration 0037). PostgreSQL: the functions are replaced (the triggers call them by name);
 * SQLite: the triggers are dropped and made again.
 */
export async function recountLineMoney(db: Kysely<unknown>, net: LineNet): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await postgres(db, net, true);
  } else {
    for (const name of SQLITE_TRIGGERS) {
      await sql`drop trigger ${sql.id(`${name}${SALES_ROLLUP_TRIGGER_SUFFIX}`)}`.execute(db);
    }
    await sqlite(db, net);
  }
  await sql`delete from sales_hour_products`.execute(db);
  await sql
    .raw(
      `insert into sales_hour_products (${[...PRODUCT_KEY, ...PRODUCT_FIGURES].join(', ')}) ${salesHourProductsOf(hourOf('o.created_at'), 'true', net)}`,
    )
    .execute(db);
}

async function shiftColumns(db: Kysely<unknown>): Promise<void> {
  for (const method of ['cash', 'card', 'ewallet']) {
    await db.schema.alterTable('shifts').addColumn(`expected_${method}_sen`, 'bigint').execute();
  }
  await db.schema.createIndex('shifts_store_opened').on('shifts').columns(['store', 'opened_at']).execute();
}

/** Each table's statements per event (`old`, `new`): what SQLite's triggers and PostgreSQL's functions run. */
const statementsOf = (net: LineNet) => ({
  orders: {
    insert: [addOrder('new', '1', true)],
    delete: [addOrder('old', '-1'), addOrderLines('old', '-1', net)],
  },
  order_items: {
    insert: [addLine('new', '1', net)],
    update: [addLine('old', '-1', net), addLine('new', '1', net)],
    delete: [addLine('old', '-1', net)],
  },
  tenders: {
    insert: [addTender('new', '1')],
    update: [addTender('old', '-1'), addTender('new', '1')],
    delete: [addTender('old', '-1')],
  },
  order_refund_tenders: {
    insert: [addRefundTender('new', '1')],
    update: [addRefundTender('old', '-1'), addRefundTender('new', '1')],
    delete: [addRefundTender('old', '-1')],
  },
});

/** SQLite's triggers of this migration, without {@link SALES_ROLLUP_TRIGGER_SUFFIX}. */
const SQLITE_TRIGGERS = [
  'orders_insert',
  'orders_update',
  'orders_update_lines',
  'orders_delete',
  ...['order_items', 'tenders', 'order_refund_tenders'].flatMap((table) =>
    ['insert', 'update', 'delete'].map((event) => `${table}_${event}`),
  ),
];

async function sqlite(db: Kysely<unknown>, net: LineNet): Promise<void> {
  const byTable = statementsOf(net);
  const trigger = async (name: string, on: string, body: readonly string[]) => {
    await sql
      .raw(`create trigger ${name}${SALES_ROLLUP_TRIGGER_SUFFIX} ${on} begin ${body.join('\n')} end`)
      .execute(db);
  };
  await trigger('orders_insert', 'after insert on orders', byTable.orders.insert);
  await trigger(
    'orders_update',
    `after update of ${ORDER_COLUMNS.join(', ')} on orders when ${changed(ORDER_COLUMNS, 'is not')}`,
    [addOrder('old', '-1'), addOrder('new', '1')],
  );
  await trigger(
    'orders_update_lines',
    `after update of ${[...ORDER_COLUMNS, 'kind'].join(', ')} on orders when ${linesMoved('is not')}`,
    [addOrderLines('old', '-1', net), addOrderLines('new', '1', net)],
  );
  await trigger('orders_delete', 'after delete on orders', byTable.orders.delete);
  const columnsOf = { order_items: LINE_COLUMNS, tenders: [...TENDER_COLUMNS, 'order_id'] };
  for (const table of ['order_items', 'tenders', 'order_refund_tenders'] as const) {
    const columns = table === 'order_refund_tenders' ? [...TENDER_COLUMNS, 'refund_id'] : columnsOf[table];
    await trigger(`${table}_insert`, `after insert on ${table}`, byTable[table].insert);
    await trigger(
      `${table}_update`,
      `after update of ${columns.join(', ')} on ${table} when ${changed(columns, 'is not')}`,
      byTable[table].update,
    );
    await trigger(`${table}_delete`, `after delete on ${table}`, byTable[table].delete);
  }
}

/** PostgreSQL's functions and triggers; `replace`: only the functions, made again (0037). */
async function postgres(db: Kysely<unknown>, net: LineNet, replace = false): Promise<void> {
  const byTable = statementsOf(net);
  // `set search_path from current`: the function finds this schema's tables whatever the search_path of the
  // session that writes (as the functions of 0015).
  const create = async (name: string, body: string) => {
    await sql`create or replace function ${sql.raw(name)}() returns trigger language plpgsql set search_path from current as ${sql.lit(`
      begin
        ${body}
        return null;
      end`)}`.execute(db);
  };
  const orders = `orders${SALES_ROLLUP_TRIGGER_SUFFIX}`;
  await create(
    orders,
    `if tg_op = 'INSERT' then ${byTable.orders.insert.join('\n')}
     elsif tg_op = 'DELETE' then ${byTable.orders.delete.join('\n')}
     else
       ${addOrder('old', '-1')} ${addOrder('new', '1')}
       if ${linesMoved('is distinct from')} then ${addOrderLines('old', '-1', net)} ${addOrderLines('new', '1', net)} end if;
     end if;`,
  );
  if (replace) {
    await create(
      `order_items${SALES_ROLLUP_TRIGGER_SUFFIX}`,
      `if tg_op = 'INSERT' then ${byTable.order_items.insert.join('\n')}
       elsif tg_op = 'DELETE' then ${byTable.order_items.delete.join('\n')}
       else ${byTable.order_items.update.join('\n')}
       end if;`,
    );
    return;
  }
  await sql`create trigger ${sql.raw(orders)} after insert or delete on orders
    for each row execute function ${sql.raw(orders)}()`.execute(db);
  await sql`create trigger ${sql.raw(`${orders}_update`)} after update on orders
    for each row when (${sql.raw(changed([...ORDER_COLUMNS, 'kind'], 'is distinct from'))})
    execute function ${sql.raw(orders)}()`.execute(db);
  const columnsOf = {
    order_items: LINE_COLUMNS,
    tenders: [...TENDER_COLUMNS, 'order_id'],
    order_refund_tenders: [...TENDER_COLUMNS, 'refund_id'],
  } as const;
  for (const table of ['order_items', 'tenders', 'order_refund_tenders'] as const) {
    const name = `${table}${SALES_ROLLUP_TRIGGER_SUFFIX}`;
    const statements = byTable[table];
    await create(
      name,
      `if tg_op = 'INSERT' then ${statements.insert.join('\n')}
       elsif tg_op = 'DELETE' then ${statements.delete.join('\n')}
       else ${statements.update.join('\n')}
       end if;`,
    );
    await sql`create trigger ${sql.raw(name)} after insert or delete on ${sql.table(table)}
      for each row execute function ${sql.raw(name)}()`.execute(db);
    await sql`create trigger ${sql.raw(`${name}_update`)} after update on ${sql.table(table)}
      for each row when (${sql.raw(changed(columnsOf[table], 'is distinct from'))})
      execute function ${sql.raw(name)}()`.execute(db);
  }
  // A refund takes its order's row of sales_hours first, before its lines' rows (see the migration's comment).
  const refunds = `order_refunds${SALES_ROLLUP_TRIGGER_SUFFIX}`;
  await create(
    refunds,
    `perform 1 from sales_hours h join orders o on h.hour = ${hourOf('o.created_at')} and h.store = o.store
       and h.terminal_id = o.terminal_id and h.staff_id = o.staff_id
     where o.id = new.order_id for update of h;`,
  );
  await sql`create trigger ${sql.raw(refunds)} after insert on order_refunds
    for each row execute function ${sql.raw(refunds)}()`.execute(db);
}
