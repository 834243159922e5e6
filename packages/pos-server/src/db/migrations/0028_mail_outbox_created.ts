import type { Kysely } from 'kysely';

/**
 * The mail outbox read newest first, a page at a time (the back office's Mail screen, mail/outbox): an index on
 * `(created_at, id)`, the page's order and its cursor, so a page costs the same with years of mail.
 */
export const mailOutboxCreated = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('mail_outbox_created')
      .on('mail_outbox')
      .columns(['created_at', 'id'])
      .execute();
  },
};
