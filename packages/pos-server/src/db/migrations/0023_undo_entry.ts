import { type Kysely, sql } from 'kysely';

/**
 * Undoing an entry: an entry (a use of a ticket) can be annulled from the terminal that made it within
 * the venue's window.
 *
 * - `ticket_uses.annulled_at` / `annulled_by`: the use is kept, marked undone (it no longer counts as a use), so its
 *   use number is never handed out again and an annul racing a redeem cannot make two uses share a number.
 * - `venue_settings.entry_undo_seconds`: the window, 0 to 3600 seconds, default 60.
 */
export const undoEntry = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('ticket_uses').addColumn('annulled_at', 'text').execute();
    await db.schema.alterTable('ticket_uses').addColumn('annulled_by', 'text').execute();
    await db.schema
      .alterTable('venue_settings')
      .addColumn('entry_undo_seconds', 'integer', (col) =>
        col.notNull().defaultTo(60).check(sql`entry_undo_seconds between 0 and 3600`),
      )
      .execute();
  },
};
