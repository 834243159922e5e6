import { type Kysely, PostgresAdapter } from 'kysely';
import { type LineNet, recountLineMoney } from './0027_sales_rollup';

/**
 * A line's money in the sales summary (`sales_hour_products.net_sen`, the dashboard's sales per product and
 * category): its amount less what its refunds gave back of that amount. With tax added on top of the prices, a
 * line's amount (`total_sen`) holds no tax but a refund of it gives back its tax too (`refunded_sen` holds it, and
 * `refunded_tax_sen` the tax part): the refunded tax is not taken from the amount. With tax included, the amount holds
 * the tax, and so does what is refunded of it.
 */
export const LINE_NET: LineNet = (l, o) =>
  `${l}.total_sen - ${l}.refunded_sen + (case when ${o}.prices_include_tax = 1 then 0 else ${l}.refunded_tax_sen end)`;

/**
 * The roll-up's triggers of migration 0027 count each line's money by {@link LINE_NET} from now on, and the rows of
 * `sales_hour_products` are added up again from the orders by it: a refunded line of a venue adding tax on top was
 * short by its refunded tax.
 */
export const productNetOfTax = {
  async up(db: Kysely<unknown>): Promise<void> {
    // PostgreSQL runs a migration in a transaction of the migrator's; SQLite's DDL is in one of ours (as 0027's).
    if (db.getExecutor().adapter instanceof PostgresAdapter) await recountLineMoney(db, LINE_NET);
    else await db.transaction().execute((trx) => recountLineMoney(trx, LINE_NET));
  },
};
