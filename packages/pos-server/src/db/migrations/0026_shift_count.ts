import { type Kysely, sql } from 'kysely';

/**
 * How a shift's takings are counted.
 *
 * - `venue_settings.variance_alert`: the variance, in sen, beyond which the end-of-shift report marks a method's
 *   count (default 500, RM 5.00).
 * - `venue_settings.blind_count`: 1 when staff count blind (the Close Shift form shows no expected amounts, and the
 *   shift's figures so far are for managers only); 0, the default, otherwise.
 */
export const shiftCount = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('venue_settings')
      .addColumn('variance_alert', 'integer', (col) =>
        col.notNull().defaultTo(500).check(sql`variance_alert >= 0`),
      )
      .execute();
    await db.schema
      .alterTable('venue_settings')
      .addColumn('blind_count', 'integer', (col) =>
        col.notNull().defaultTo(0).check(sql`blind_count in (0, 1)`),
      )
      .execute();
  },
};
