import type { Kysely } from 'kysely';
import { sqlAtLeast } from './sqlAtLeast';

/**
 * Membership renewals: which membership ticket a renewal order extended, and its expiry before and after, so a
 * refund or cancellation of the renewal can put the expiry back (and a later renewal is not undone by mistake).
 */
export const membershipRenewals = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('membership_renewals')
      .addColumn('order_id', 'text', (col) => col.primaryKey().references('orders.id'))
      .addColumn('ticket_id', 'text', (col) => col.notNull().references('tickets.id'))
      .addColumn('member_id', 'text', (col) => col.notNull().references('members.id'))
      .addColumn('months', 'integer', (col) => col.notNull().check(sqlAtLeast('months', 1)))
      // Null when the renewal issued a new membership ticket (the member had none).
      .addColumn('previous_expires_at', 'text')
      .addColumn('new_expires_at', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('membership_renewals_ticket')
      .on('membership_renewals')
      .column('ticket_id')
      .execute();
  },
};
