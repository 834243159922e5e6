import { type Kysely, sql } from 'kysely';

/**
 * `staff.approve_discounts`: 1 when a manager has granted a staff member the right to approve discounts. Managers
 * approve without it. Every existing staff member starts without the right, so a cashier can no longer approve a
 * discount with her own PIN until a manager grants it (`pos staff grant EMAIL approve_discounts`).
 */
export const approveDiscounts = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('staff')
      .addColumn('approve_discounts', 'integer', (col) =>
        col.notNull().defaultTo(0).check(sql`approve_discounts in (0, 1)`),
      )
      .execute();
  },
};
