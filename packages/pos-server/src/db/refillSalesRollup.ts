import { type Kysely, sql } from 'kysely';
import { refillSalesRollup as refillSalesHours } from './migrations/0027_sales_rollup';
import { fillSalesTaxRollup } from './migrations/0033_sales_tax_rollup';
import { LINE_NET } from './migrations/0037_product_net_of_tax';

/**
 * Empties the sales summary's roll-up (`sales_hours`, `sales_hour_products` of migration 0027, `sales_hour_taxes` of
 * 0033) and adds it up again from the orders, as those migrations fill it: for rows written with its triggers off
 * (`bench:scale`'s bulk load). Run it in a transaction, with no sale writing meanwhile.
 */
export async function refillSalesRollup(db: Kysely<unknown>): Promise<void> {
  await refillSalesHours(db, LINE_NET);
  await sql`delete from sales_hour_taxes`.execute(db);
  await fillSalesTaxRollup(db);
}
