import type { Kysely } from 'kysely';
import { sqlIn } from './sqlIn';

/** Staff, bearer tokens, discount approvals and the failed-attempt counters (PIN and sign-in lockout). */
export const staffAndAuth = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('staff')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('first_name', 'text', (col) => col.notNull())
      .addColumn('last_name', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('pin_hash', 'text', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull().check(sqlIn('kind', ['id', 'user'])))
      .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('tokens_expires_at').on('tokens').column('expires_at').execute();

    await db.schema
      .createTable('approvals')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('approver_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('requested_by', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('terminal_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .execute();

    // One row per subject: `pin:<staff id>` for an approver's PIN, `sign_in:<email>` for passwords.
    await db.schema
      .createTable('auth_attempts')
      .addColumn('subject', 'text', (col) => col.primaryKey())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .addColumn('window_started_at', 'text', (col) => col.notNull())
      .addColumn('locked_until', 'text')
      .execute();
  },
};
