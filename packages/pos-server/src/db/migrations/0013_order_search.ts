import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The advisory lock that makes two migrations installing `pg_trgm` at once (two schemas of one database) wait. */
const PG_TRGM_LOCK = 0x706f_7301;

/**
 * Order search through an index: `get_orders`'s text is a case-insensitive part of the invoice id or
 * the customer email, and over years of history a scan of every order in the period is too slow.
 *
 * - PostgreSQL: trigram GIN indexes (`pg_trgm`) on `lower(orders.customer_email)` and `lower(invoices.id)`, so
 *   `lower(column) like '%text%'` is an index lookup. The extension is installed once per database (in `public`
 *   when that schema exists, so that every schema of the database shares it and dropping one schema never drops
 *   it); it is a trusted extension, so the owner of the database may install it. The operator class is named with
 *   its schema, whatever the connection's `search_path`.
 * - SQLite: an FTS5 table with the trigram tokenizer (case-insensitive), one row per searchable text (a customer
 *   email, an invoice id) with the order it belongs to. Triggers fill it in the same transaction as the order or
 *   invoice row, whoever writes it, and this migration fills it from the orders already there. A trigram index
 *   answers texts of three characters or more; shorter ones are matched by scanning the period's orders.
 */
export const orderSearch = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select pg_advisory_xact_lock(${PG_TRGM_LOCK})`.execute(db);
      const { rows: installed } = await sql<{ schema: string }>`
        select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
        db,
      );
      let schema = installed[0]?.schema;
      if (schema === undefined) {
        const { rows } = await sql<{ schema: string }>`
          select coalesce((select nspname from pg_namespace where nspname = 'public'), current_schema()) as schema`.execute(
          db,
        );
        schema = rows[0]?.schema ?? 'public';
        await sql`create extension if not exists pg_trgm with schema ${sql.id(schema)}`.execute(db);
      }
      const ops = sql.raw(`"${schema.replaceAll('"', '""')}".gin_trgm_ops`);
      await sql`create index orders_customer_email_trgm on orders using gin (lower(customer_email) ${ops})`.execute(
        db,
      );
      await sql`create index invoices_id_trgm on invoices using gin (lower(id) ${ops})`.execute(db);
      return;
    }
    await db.transaction().execute(async (trx) => {
      await sql`create virtual table order_search using fts5(text, order_id unindexed, tokenize = 'trigram')`.execute(
        trx,
      );
      await sql`insert into order_search (text, order_id)
        select customer_email, id from orders where customer_email is not null and customer_email <> ''`.execute(
        trx,
      );
      await sql`insert into order_search (text, order_id) select id, order_id from invoices`.execute(trx);
      await sql`create trigger orders_insert_search after insert on orders
        when new.customer_email is not null and new.customer_email <> ''
        begin insert into order_search (text, order_id) values (new.customer_email, new.id); end`.execute(
        trx,
      );
      await sql`create trigger orders_update_search after update of customer_email on orders
        begin
          delete from order_search where order_id = old.id and text = old.customer_email;
          insert into order_search (text, order_id)
            select new.customer_email, new.id where new.customer_email is not null and new.customer_email <> '';
        end`.execute(trx);
      await sql`create trigger orders_delete_search after delete on orders
        begin delete from order_search where order_id = old.id; end`.execute(trx);
      await sql`create trigger invoices_insert_search after insert on invoices
        begin insert into order_search (text, order_id) values (new.id, new.order_id); end`.execute(trx);
      await sql`create trigger invoices_delete_search after delete on invoices
        begin delete from order_search where order_id = old.order_id and text = old.id; end`.execute(trx);
    });
  },
};
