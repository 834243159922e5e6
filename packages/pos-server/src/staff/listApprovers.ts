import { canApproveDiscounts } from 'pos-sdk/rules';
import type { Db } from '../db/Database';

/**
 * The active staff who may approve a discount (managers, and staff a manager granted `approve_discounts`), by name,
 * so the discount dialog offers no one else.
 */
export async function listApprovers(
  db: Db,
): Promise<{ _id: string; email: string; name: { first: string; last: string } }[]> {
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'email', 'first_name', 'last_name', 'role', 'approve_discounts'])
    .where('active', '=', 1)
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  // The SDK's rule decides who approves, here as at verify_pin and checkout (a venue's staff list is short).
  const approvers = rows.filter((row) =>
    canApproveDiscounts({ role: row.role, approve_discounts: row.approve_discounts === 1 }),
  );
  return approvers.map((row) => ({
    _id: row.id,
    email: row.email,
    name: { first: row.first_name, last: row.last_name },
  }));
}
