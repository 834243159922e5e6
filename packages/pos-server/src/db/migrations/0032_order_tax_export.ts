import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The triggers of {@link orderTaxExport}: SQLite's one per event (`order_items_tax_insert_order_export`, …),
 * PostgreSQL's one function `order_items_tax_order_export` and a trigger per event. They end as migration 0015's do,
 * so a bulk load that drops the export's triggers drops these too.
 */
export const ORDER_TAX_EXPORT_TRIGGERS = ['insert', 'update', 'delete'].map(
  (event) => `order_items_tax_${event}_order_export`,
);
/** The PostgreSQL function of {@link ORDER_TAX_EXPORT_TRIGGERS}. */
export const ORDER_TAX_EXPORT_FUNCTION = 'order_items_tax_order_export';

/** The columns of `order_items` the copy reads: a change of any of them recomputes its order's. */
const TAX_COLUMNS = ['order_id', 'tax_code', 'tax_sen', 'refunded_tax_sen'] as const;

/**
 * The export's copy of an order's tax, per code, on the order row (as 0015 copies its invoice, lines and tenders):
 * `orders.tax_json`, `[[code, tax], …]` as JSON, ordered by code, where `tax` is the tax in sen of the order's lines
 * of that code less what refunds by line gave back of it; null for an order without a line that has a tax code. The
 * CSV export reads it with the order's row, so a period's tax per code costs no lookup into `order_items`.
 *
 * Triggers keep it in the transaction of every insert, update or delete of a line with a tax code, whoever makes it;
 * lines without one (every line of a venue without tax codes) fire nothing. This migration fills it for the orders
 * already there.
 */
export const orderTaxExport = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('orders').addColumn('tax_json', 'text').execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await postgres(db);
    } else {
      await sqlite(db);
    }
  },
};

/** The `tax_json` of the order `orderId` (an SQL expression) on PostgreSQL: null without a taxed line. */
const postgresTaxOf = (
  orderId: string,
) => `(select json_agg(json_build_array(t.code, t.tax) order by t.code)::text
  from (select tax_code as code, sum(tax_sen - refunded_tax_sen) as tax from order_items
    where order_id = ${orderId} and tax_code is not null group by tax_code) t)`;

/** The same on SQLite. */
const sqliteTaxOf = (orderId: string) => `(select json_group_array(json_array(t.code, t.tax))
  from (select tax_code as code, sum(tax_sen - refunded_tax_sen) as tax from order_items
    where order_id = ${orderId} and tax_code is not null group by tax_code order by tax_code) t
  having count(*) > 0)`;

/**
 * Sets `orders.tax_json` of every order with a taxed line from its lines, as the triggers keep it: what the migration
 * does for the orders already there.
 */
export async function fillOrderTaxJson(db: Kysely<unknown>): Promise<void> {
  const taxOf = db.getExecutor().adapter instanceof PostgresAdapter ? postgresTaxOf : sqliteTaxOf;
  await sql`update orders set tax_json = ${sql.raw(taxOf('orders.id'))}
    where exists (select 1 from order_items i where i.order_id = orders.id and i.tax_code is not null)`.execute(
    db,
  );
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  const taxOf = postgresTaxOf;
  const set = (orderId: string) => `update orders set tax_json = ${taxOf(orderId)} where id = ${orderId};`;
  // `set search_path from current`: as 0015's functions, whatever the search_path of the session that writes.
  await sql`create function ${sql.raw(ORDER_TAX_EXPORT_FUNCTION)}() returns trigger language plpgsql
    set search_path from current as ${sql.lit(`
    begin
      if tg_op <> 'DELETE' then ${set('new.order_id')} end if;
      if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.order_id is distinct from new.order_id) then
        ${set('old.order_id')}
      end if;
      return null;
    end`)}`.execute(db);
  const changed = TAX_COLUMNS.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
  const [insert, update, remove] = ORDER_TAX_EXPORT_TRIGGERS as [string, string, string];
  const on = sql.raw(`for each row`);
  const run = sql.raw(`execute function ${ORDER_TAX_EXPORT_FUNCTION}()`);
  await sql`create trigger ${sql.raw(insert)} after insert on order_items ${on}
    when (new.tax_code is not null) ${run}`.execute(db);
  await sql`create trigger ${sql.raw(update)} after update on order_items ${on}
    when ((old.tax_code is not null or new.tax_code is not null) and (${sql.raw(changed)})) ${run}`.execute(
    db,
  );
  await sql`create trigger ${sql.raw(remove)} after delete on order_items ${on}
    when (old.tax_code is not null) ${run}`.execute(db);
  await fillOrderTaxJson(db);
}

async function sqlite(db: Kysely<unknown>): Promise<void> {
  const taxOf = sqliteTaxOf;
  const set = (orderId: string) => `update orders set tax_json = ${taxOf(orderId)} where id = ${orderId};`;
  const [insert, update, remove] = ORDER_TAX_EXPORT_TRIGGERS as [string, string, string];
  await db.transaction().execute(async (trx) => {
    await sql`create trigger ${sql.raw(insert)} after insert on order_items when new.tax_code is not null
      begin ${sql.raw(set('new.order_id'))} end`.execute(trx);
    const changed = TAX_COLUMNS.map((column) => `old.${column} is not new.${column}`).join(' or ');
    await sql`create trigger ${sql.raw(update)} after update of ${sql.raw(TAX_COLUMNS.join(', '))} on order_items
      when (old.tax_code is not null or new.tax_code is not null) and (${sql.raw(changed)})
      begin ${sql.raw(set('new.order_id'))}
        update orders set tax_json = ${sql.raw(taxOf('old.order_id'))}
          where id = old.order_id and old.order_id is not new.order_id;
      end`.execute(trx);
    await sql`create trigger ${sql.raw(remove)} after delete on order_items when old.tax_code is not null
      begin ${sql.raw(set('old.order_id'))} end`.execute(trx);
    await fillOrderTaxJson(trx);
  });
}
