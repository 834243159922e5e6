import type { Kysely } from 'kysely';

/**
 * Each device is its own terminal: a manager makes a one-time pairing code for a terminal (`pos terminal pair ID`),
 * and the device that sends it becomes that terminal, of that terminal's store. Only the code's sha256 is kept;
 * a code works once, for ten minutes, and a newer code of the same terminal ends the older ones.
 */
export const terminalPairing = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('terminal_pairing_codes')
      .addColumn('code_hash', 'text', (col) => col.primaryKey())
      .addColumn('terminal_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('terminal_pairing_codes_terminal')
      .on('terminal_pairing_codes')
      .column('terminal_id')
      .execute();
  },
};
