import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { sqlIn } from './sqlIn';

/** Idempotency keys of money-moving calls, and the append-only audit log. */
export const idempotencyAndAudit = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('scope', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
      .addColumn('body_hash', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().check(sqlIn('status', ['pending', 'done'])))
      .addColumn('response_status', 'integer')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('completed_at', 'text')
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
      .execute();
    await db.schema
      .createIndex('idempotency_keys_created')
      .on('idempotency_keys')
      .column('created_at')
      .execute();

    const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
    // `seq` gives the log a total order (timestamps can tie): an identity column on PostgreSQL, the rowid on SQLite.
    await db.schema
      .createTable('audit_log')
      .addColumn('seq', isPostgres ? 'bigint' : 'integer', (col) =>
        isPostgres ? col.primaryKey().generatedAlwaysAsIdentity() : col.primaryKey().autoIncrement(),
      )
      .addColumn('id', 'text', (col) => col.notNull().unique())
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('staff_id', 'text', (col) => col.references('staff.id'))
      .addColumn('terminal_id', 'text')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('subject_type', 'text')
      .addColumn('subject_id', 'text')
      .addColumn('amount_sen', 'bigint')
      .addColumn('details', 'text')
      .execute();
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    await db.schema
      .createIndex('audit_log_subject')
      .on('audit_log')
      .columns(['subject_type', 'subject_id'])
      .execute();

    // Append-only, enforced by the database itself: UPDATE and DELETE on audit_log fail.
    if (isPostgres) {
      await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
        begin raise exception 'audit_log is append-only'; end $$`.execute(db);
      await sql`create trigger audit_log_no_update before update or delete on audit_log
        for each row execute function audit_log_append_only()`.execute(db);
    } else {
      await sql`create trigger audit_log_no_update before update on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      await sql`create trigger audit_log_no_delete before delete on audit_log
        begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    }
  },
};
