import type { Kysely } from 'kysely';
import { sqlAtLeast } from './sqlAtLeast';
import { sqlIn } from './sqlIn';

/** Members, orders with items, tenders and notes, invoices and the per-store invoice counter. */
export const orders = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('members')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('phone_country_code', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('dob', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull().check(sqlIn('kind', ['sale', 'renewal'])))
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('terminal_id', 'text', (col) => col.notNull().references('terminals.id'))
      .addColumn('shift_id', 'text', (col) => col.notNull().references('shifts.id'))
      .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sqlIn('status', ['PAID', 'CANCELED', 'REFUNDED'])),
      )
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('customer_email', 'text')
      .addColumn('num_items', 'integer', (col) => col.notNull())
      .addColumn('subtotal_sen', 'bigint', (col) => col.notNull())
      .addColumn('discount_sen', 'bigint', (col) => col.notNull())
      .addColumn('total_sen', 'bigint', (col) => col.notNull())
      .addColumn('tendered_sen', 'bigint', (col) => col.notNull())
      .addColumn('change_sen', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('canceled_at', 'text')
      .addColumn('canceled_by', 'text', (col) => col.references('staff.id'))
      .addColumn('cancel_reason', 'text')
      .addColumn('refunded_at', 'text')
      .addColumn('refunded_by', 'text', (col) => col.references('staff.id'))
      .addColumn('refund_reason', 'text')
      .addColumn('reversed_in_shift_id', 'text', (col) => col.references('shifts.id'))
      .execute();
    await db.schema
      .createIndex('orders_store_created')
      .on('orders')
      .columns(['store', 'created_at'])
      .execute();
    await db.schema.createIndex('orders_shift').on('orders').column('shift_id').execute();
    await db.schema
      .createIndex('orders_reversed_in_shift')
      .on('orders')
      .column('reversed_in_shift_id')
      .execute();
    await db.schema.createIndex('orders_customer_email').on('orders').column('customer_email').execute();

    await db.schema
      .createTable('order_items')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull().check(sqlIn('type', ['PASS', 'MERCHANDISE'])))
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('category', 'text')
      .addColumn('variant_group', 'text')
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sqlAtLeast('quantity', 1)))
      .addColumn('unit_price_sen', 'bigint', (col) => col.notNull())
      .addColumn('amount_sen', 'bigint', (col) => col.notNull())
      .addColumn('discount_type', 'text', (col) =>
        col.check(sqlIn('discount_type', ['amount', 'percentage'])),
      )
      .addColumn('discount_value_hundredths', 'bigint')
      .addColumn('discount_sen', 'bigint', (col) => col.notNull())
      .addColumn('discount_approver_id', 'text', (col) => col.references('staff.id'))
      .addColumn('total_sen', 'bigint', (col) => col.notNull())
      .addColumn('min_qty', 'integer')
      .addColumn('usage_limit', 'integer')
      .addColumn('visit_date', 'text')
      .addColumn('member_id', 'text', (col) => col.references('members.id'))
      .addUniqueConstraint('order_items_order_position', ['order_id', 'position'])
      .execute();

    await db.schema
      .createTable('tenders')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('method', 'text', (col) =>
        col.notNull().check(sqlIn('method', ['CASH', 'CREDIT CARD', 'E-WALLET'])),
      )
      .addColumn('amount_sen', 'bigint', (col) => col.notNull().check(sqlAtLeast('amount_sen', 0)))
      .addUniqueConstraint('tenders_order_position', ['order_id', 'position'])
      .execute();

    await db.schema
      .createTable('order_notes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('order_notes_order').on('order_notes').columns(['order_id', 'at']).execute();

    await db.schema
      .createTable('invoice_counters')
      .addColumn('store', 'text', (col) => col.primaryKey().references('stores.code'))
      .addColumn('last_number', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('invoices')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('number', 'bigint', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.notNull().unique().references('orders.id'))
      .addColumn('issued_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('invoices_store_number', ['store', 'number'])
      .execute();
  },
};
