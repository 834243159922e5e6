import type { Kysely } from 'kysely';

/**
 * Working through an outage (docs/offline.md):
 *
 * - `offline_ticket_ids`: ticket ids reserved for one terminal by offline_prepare. A sale the terminal makes while
 *   offline gives its passes these ids (so they work at the gate at once); the sale's replay marks them used
 *   (`order_id`). Reserved ids start with `TZ`, which the server never issues online, and are unique here, so no two
 *   terminals and no online sale can ever issue the same id.
 * - `sync_conflicts`: a replay the server refused (an offline sale whose price no longer exists, an offline redeem
 *   past the pass's limit), kept with what was sent until a manager resolves it. `(kind, key)` is unique: a replay
 *   refused twice is one conflict.
 * - `ticket_uses.nonce`: the scan's nonce of a redeem replayed from a terminal, unique, so a replay redeems once;
 *   `ticket_uses.at` indexed for the tickets used recently that offline_prepare hands to terminals.
 */
export const offline = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('offline_ticket_ids')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('terminal_id', 'text', (col) => col.notNull().references('terminals.id'))
      .addColumn('reserved_at', 'text', (col) => col.notNull())
      .addColumn('order_id', 'text', (col) => col.references('orders.id'))
      .execute();
    await db.schema
      .createIndex('offline_ticket_ids_terminal')
      .on('offline_ticket_ids')
      .columns(['terminal_id', 'order_id'])
      .execute();
    await db.schema
      .createTable('sync_conflicts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('terminal_id', 'text', (col) => col.notNull())
      .addColumn('staff_id', 'text', (col) => col.notNull())
      .addColumn('happened_at', 'text', (col) => col.notNull())
      .addColumn('recorded_at', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('code', 'text', (col) => col.notNull())
      .addColumn('ticket_id', 'text')
      .addColumn('amount_sen', 'integer', (col) => col.notNull())
      .addColumn('request', 'text', (col) => col.notNull())
      .addColumn('resolved_at', 'text')
      .addColumn('resolved_by', 'text')
      .addColumn('resolution_note', 'text')
      .addUniqueConstraint('sync_conflicts_kind_key', ['kind', 'key'])
      .execute();
    await db.schema
      .createIndex('sync_conflicts_recorded')
      .on('sync_conflicts')
      .columns(['resolved_at', 'recorded_at'])
      .execute();
    await db.schema.alterTable('ticket_uses').addColumn('nonce', 'text').execute();
    await db.schema.createIndex('ticket_uses_nonce').on('ticket_uses').column('nonce').unique().execute();
    // offline_prepare lists the tickets used recently (a member's pass sold long ago but used every week).
    await db.schema.createIndex('ticket_uses_at').on('ticket_uses').column('at').execute();
  },
};
