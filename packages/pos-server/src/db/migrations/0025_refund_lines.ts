import { type Kysely, sql } from 'kysely';
import { sqlAtLeast } from './sqlAtLeast';

/**
 * Refunds by line: an order can be refunded a few units at a time.
 *
 * - `orders.refunded_sen` and `order_items.refunded_quantity` / `refunded_sen`: what was refunded so far (0 on every
 *   existing row: an order refunded whole before this migration keeps its status REFUNDED and its tenders count as
 *   its refund, as before).
 * - `order_refunds`: one row per refund, with the shift its money left, who, when, why and how much;
 *   `order_refund_lines` the units and money per line, `order_refund_tenders` the money per method given back.
 *
 * Only columns with defaults and new tables: older code keeps working on the new schema.
 */
export const refundLines = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('orders')
      .addColumn('refunded_sen', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('order_items')
      .addColumn('refunded_quantity', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('order_items')
      .addColumn('refunded_sen', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('order_refunds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
      // 1, 2, … per order: the refunds in the order they were made, and no two refunds of an order can be the same one.
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('shift_id', 'text', (col) => col.notNull().references('shifts.id'))
      .addColumn('staff_id', 'text', (col) => col.notNull())
      .addColumn('terminal_id', 'text', (col) => col.notNull())
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('amount_sen', 'bigint', (col) => col.notNull().check(sqlAtLeast('amount_sen', 0)))
      .execute();
    await db.schema
      .createIndex('order_refunds_order')
      .on('order_refunds')
      .columns(['order_id', 'number'])
      .unique()
      .execute();
    await db.schema.createIndex('order_refunds_shift').on('order_refunds').column('shift_id').execute();
    await db.schema
      .createTable('order_refund_lines')
      .addColumn('refund_id', 'text', (col) => col.notNull().references('order_refunds.id'))
      .addColumn('order_item_id', 'text', (col) => col.notNull().references('order_items.id'))
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sqlAtLeast('quantity', 1)))
      .addColumn('amount_sen', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('order_refund_lines_pk', ['refund_id', 'order_item_id'])
      .execute();
    await db.schema
      .createTable('order_refund_tenders')
      .addColumn('refund_id', 'text', (col) => col.notNull().references('order_refunds.id'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('method', 'text', (col) =>
        col.notNull().check(sql`method in ('CASH', 'CREDIT CARD', 'E-WALLET')`),
      )
      .addColumn('amount_sen', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('order_refund_tenders_pk', ['refund_id', 'position'])
      .execute();
  },
};
