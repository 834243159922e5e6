import type { Kysely } from 'kysely';
import { sqlAtLeast } from './sqlAtLeast';

/** Passes (products, variants, prices per currency) and merchandise (products, variants). */
export const catalogue = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('pass_products')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addUniqueConstraint('pass_products_store_name', ['store', 'name'])
      .execute();

    await db.schema
      .createTable('pass_variants')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('product_id', 'text', (col) => col.notNull().references('pass_products.id'))
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('variant_group', 'text', (col) => col.notNull())
      .addColumn('min_qty', 'integer', (col) => col.notNull().check(sqlAtLeast('min_qty', 1)))
      .addColumn('usage_limit', 'integer', (col) => col.notNull().check(sqlAtLeast('usage_limit', 0)))
      .addColumn('duration_value', 'integer', (col) => col.notNull())
      .addColumn('duration_unit', 'text', (col) => col.notNull())
      .addColumn('shareable', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addUniqueConstraint('pass_variants_store_sku', ['store', 'sku'])
      .execute();

    await db.schema
      .createTable('pass_prices')
      .addColumn('variant_id', 'text', (col) => col.notNull().references('pass_variants.id'))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('value_sen', 'bigint', (col) => col.notNull().check(sqlAtLeast('value_sen', 0)))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('pass_prices_pk', ['variant_id', 'currency'])
      .execute();

    await db.schema
      .createTable('merchandise')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addUniqueConstraint('merchandise_store_name', ['store', 'name'])
      .execute();

    await db.schema
      .createTable('merch_variants')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('product_id', 'text', (col) => col.notNull().references('merchandise.id'))
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('size', 'text', (col) => col.notNull())
      .addColumn('price_sen', 'bigint', (col) => col.notNull().check(sqlAtLeast('price_sen', 0)))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addUniqueConstraint('merch_variants_store_sku', ['store', 'sku'])
      .execute();
  },
};
