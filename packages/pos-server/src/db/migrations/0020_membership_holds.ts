import { type Kysely, sql } from 'kysely';

/**
 * Membership holds: a membership is held from a venue day for some days, its entries refused on those days
 * and its expiry moved by them.
 * - `membership_holds`: every hold, with the days asked for, its first day (`from_date`) and the day entries resume
 *   (`to_date`, moved back when the hold ends early), the expiry before and after, who placed it and who ended it.
 * - `tickets.hold_from` / `hold_to`: the ticket's latest hold, copied onto the row so a redeem reads it with the
 *   ticket (no statement more at the gate).
 * - `venue_settings.hold_min_days` / `hold_max_days`: how short and how long a hold may be (7 and 90 by default).
 * - `staff.hold_memberships`: the right a manager grants a staff member to hold memberships (managers always may).
 */
export const membershipHolds = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('membership_holds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('ticket_id', 'text', (col) => col.notNull().references('tickets.id'))
      .addColumn('from_date', 'text', (col) => col.notNull())
      .addColumn('to_date', 'text', (col) => col.notNull())
      .addColumn('days', 'integer', (col) => col.notNull().check(sql`days >= 1`))
      .addColumn('expiry_before', 'text', (col) => col.notNull())
      .addColumn('expiry_after', 'text', (col) => col.notNull())
      .addColumn('held_by', 'text', (col) => col.notNull())
      .addColumn('held_at', 'text', (col) => col.notNull())
      .addColumn('ended_by', 'text')
      .addColumn('ended_at', 'text')
      .execute();
    await db.schema
      .createIndex('membership_holds_ticket')
      .on('membership_holds')
      .columns(['ticket_id', 'held_at'])
      .execute();
    await db.schema.alterTable('tickets').addColumn('hold_from', 'text').execute();
    await db.schema.alterTable('tickets').addColumn('hold_to', 'text').execute();
    await db.schema
      .alterTable('venue_settings')
      .addColumn('hold_min_days', 'integer', (col) => col.notNull().defaultTo(7))
      .execute();
    await db.schema
      .alterTable('venue_settings')
      .addColumn('hold_max_days', 'integer', (col) => col.notNull().defaultTo(90))
      .execute();
    await db.schema
      .alterTable('staff')
      .addColumn('hold_memberships', 'integer', (col) =>
        col.notNull().defaultTo(0).check(sql`hold_memberships in (0, 1)`),
      )
      .execute();
  },
};
