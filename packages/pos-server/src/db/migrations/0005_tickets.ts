import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { sqlAtLeast } from './sqlAtLeast';
import { sqlIn } from './sqlIn';

/** Tickets, their uses (one row per redemption) and registered face photos. */
export const tickets = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('tickets')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
      .addColumn('order_item_id', 'text', (col) => col.notNull().references('order_items.id'))
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('sku', 'text', (col) => col.notNull())
      .addColumn('pass_name', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('variant_group', 'text', (col) => col.notNull())
      .addColumn('visit_date', 'text', (col) => col.notNull())
      .addColumn('usage_limit', 'integer', (col) => col.notNull().check(sqlAtLeast('usage_limit', 0)))
      .addColumn('shareable', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sqlAtLeast('quantity', 1)))
      .addColumn('status', 'text', (col) => col.notNull().check(sqlIn('status', ['Valid', 'Canceled'])))
      .addColumn('allow_redeem', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('member_id', 'text', (col) => col.references('members.id'))
      .addColumn('valid_from', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('canceled_at', 'text')
      .execute();
    await db.schema.createIndex('tickets_order').on('tickets').column('order_id').execute();
    await db.schema.createIndex('tickets_member').on('tickets').column('member_id').execute();

    await db.schema
      .createTable('ticket_uses')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('ticket_id', 'text', (col) => col.notNull().references('tickets.id'))
      .addColumn('use_number', 'integer', (col) => col.notNull().check(sqlAtLeast('use_number', 1)))
      .addColumn('terminal_id', 'text', (col) => col.notNull())
      .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('at', 'text', (col) => col.notNull())
      // Two gates redeeming the last use at once: both insert the same use_number, exactly one wins.
      .addUniqueConstraint('ticket_uses_ticket_use_number', ['ticket_id', 'use_number'])
      .execute();

    const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
    await db.schema
      .createTable('face_photos')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('ticket_id', 'text', (col) => col.notNull().unique().references('tickets.id'))
      .addColumn('content_type', 'text', (col) => col.notNull())
      .addColumn('data', binary, (col) => col.notNull())
      .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
  },
};
