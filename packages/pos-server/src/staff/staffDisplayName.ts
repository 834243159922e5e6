import { personName } from 'pos-sdk';
import type { Db } from '../db/Database';

/** A staff member's name as shown to people ("Ana Cashier"); the id itself when the row is gone. */
export async function staffDisplayName(db: Db, staffId: string): Promise<string> {
  const row = await db
    .selectFrom('staff')
    .select(['first_name', 'last_name'])
    .where('id', '=', staffId)
    .executeTakeFirst();
  return row === undefined ? staffId : personName(row);
}
