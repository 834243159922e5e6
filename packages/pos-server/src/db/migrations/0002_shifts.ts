import { type Kysely, sql } from 'kysely';

/** Stores, terminals, shifts (at most one open per terminal) and float entries. */
export const shifts = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('stores')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('terminals')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_seen_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('shifts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('terminal_id', 'text', (col) => col.notNull().references('terminals.id'))
      .addColumn('store', 'text', (col) => col.notNull().references('stores.code'))
      .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('opened_at', 'text', (col) => col.notNull())
      .addColumn('closed_at', 'text')
      .addColumn('closed_by', 'text', (col) => col.references('staff.id'))
      .addColumn('counted_cash_sen', 'bigint')
      .addColumn('counted_card_sen', 'bigint')
      .addColumn('counted_ewallet_sen', 'bigint')
      .execute();
    // A partial unique index (SQLite and PostgreSQL both have them): two terminals-worth of start_shift at once
    // cannot open two shifts on one terminal.
    await db.schema
      .createIndex('shifts_one_open_per_terminal')
      .on('shifts')
      .column('terminal_id')
      .unique()
      .where(sql.ref('closed_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('shifts_terminal_opened')
      .on('shifts')
      .columns(['terminal_id', 'opened_at'])
      .execute();

    await db.schema
      .createTable('float_entries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('shift_id', 'text', (col) => col.notNull().references('shifts.id'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('cash_sen', 'bigint', (col) => col.notNull())
      .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('at', 'text', (col) => col.notNull())
      .addUniqueConstraint('float_entries_shift_position', ['shift_id', 'position'])
      .execute();
  },
};
