import { type Kysely, sql } from 'kysely';

/**
 * `entries_per_day` on pass variants and on the tickets that copy them: how many times a membership (usage_limit 0)
 * admits its member on one venue day (the spec's "usage_limit is 0 and there is any use" read per venue day: Fully
 * Used for the rest of the day, Active again the next day until it expires). 1 to 99; every existing variant and
 * ticket gets 1, one entry a day. Punch passes carry it too and never read it.
 */
export const membershipEntriesPerDay = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const table of ['pass_variants', 'tickets']) {
      await db.schema
        .alterTable(table)
        .addColumn('entries_per_day', 'integer', (col) =>
          col.notNull().defaultTo(1).check(sql`entries_per_day between 1 and 99`),
        )
        .execute();
    }
  },
};
