import type { Kysely } from 'kysely';

/**
 * The mail outbox: the emails of sales, renewals, refunds and resends, written in the same transaction
 * as the order change they tell about, and delivered afterwards by the server's mail sender.
 *
 * - `mail_outbox`: one row per message (what: `kind`; to whom: `to_address`; for which order: `order_id`; for which
 *   event: `event_key`, e.g. `sale:<order id>`). `(event_key, kind, to_address)` is unique, so one event never
 *   queues the same message to the same address twice. A sender claims a due row by setting `lease_owner` and
 *   `lease_until` in one conditional update, so two servers on one database never both send it; a crashed sender's
 *   lease runs out and another takes the row over.
 * - `mail_attempts`: every delivery attempt and how it went (`sent`, `retry` with the reason, `failed`).
 */
export const mailOutbox = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('event_key', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (col) => col.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('message_id', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'text')
      .addUniqueConstraint('mail_outbox_event_kind_to', ['event_key', 'kind', 'to_address'])
      .execute();
    await db.schema
      .createIndex('mail_outbox_due')
      .on('mail_outbox')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema.createIndex('mail_outbox_order').on('mail_outbox').column('order_id').execute();
    await db.schema
      .createTable('mail_attempts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('outbox_id', 'text', (col) => col.notNull().references('mail_outbox.id'))
      .addColumn('attempt', 'integer', (col) => col.notNull())
      .addColumn('sender', 'text', (col) => col.notNull())
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('outcome', 'text', (col) => col.notNull())
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('mail_attempts_outbox').on('mail_attempts').column('outbox_id').execute();
  },
};
