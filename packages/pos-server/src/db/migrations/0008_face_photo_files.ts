import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Face photos move to files (`<POS_DATA_DIR>/faces/<ticket id>.jpg`): `face_photos` keeps only their metadata.
 * The `data` column may now be null (it still holds the photos registered before, which are served from it), and
 * `byte_size` records each photo's size (0 for a registration without a photo).
 *
 * PostgreSQL alters the table in place; SQLite cannot drop a NOT NULL constraint, so there the table is rebuilt
 * (create the new one, copy the rows, drop the old one, rename), in one transaction.
 */
export const facePhotoFiles = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await db.schema
        .alterTable('face_photos')
        .alterColumn('data', (col) => col.dropNotNull())
        .execute();
      await db.schema
        .alterTable('face_photos')
        .addColumn('byte_size', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await sql`update face_photos set byte_size = coalesce(length(data), 0)`.execute(db);
      return;
    }
    // SQLite runs migrations outside a transaction: this one makes the four steps one change.
    await db.transaction().execute(async (trx) => {
      await trx.schema
        .createTable('face_photos_0008')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('ticket_id', 'text', (col) => col.notNull().unique().references('tickets.id'))
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('data', 'blob')
        .addColumn('byte_size', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('staff_id', 'text', (col) => col.notNull().references('staff.id'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await sql`insert into face_photos_0008 (id, ticket_id, content_type, data, byte_size, staff_id, created_at)
        select id, ticket_id, content_type, data, coalesce(length(data), 0), staff_id, created_at from face_photos`.execute(
        trx,
      );
      await trx.schema.dropTable('face_photos').execute();
      await trx.schema.alterTable('face_photos_0008').renameTo('face_photos').execute();
    });
  },
};
