import type { Kysely } from 'kysely';

/**
 * Self check-in kiosks: a manager puts a paired terminal in kiosk mode, and the device gets a kiosk token bound to
 * that terminal, which the server lets only check passes in (look up, redeem, undo an entry, the face photo). Only
 * the token's sha256 is kept; leaving kiosk mode (a manager's PIN) or enabling it again revokes it.
 */
export const kioskTokens = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('kiosk_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('terminal_id', 'text', (col) => col.notNull())
      .addColumn('enabled_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('kiosk_tokens_terminal').on('kiosk_tokens').column('terminal_id').execute();
  },
};
