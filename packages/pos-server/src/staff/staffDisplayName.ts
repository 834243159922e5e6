import { personName } from 'pos-sdk/rules';
import type { Db } from '../db/Database';
import { preparedQuery } from '../db/preparedQuery';

/** A staff member's name as shown to people ("Ana Cashier"); the id itself when the row is gone. */
export async function staffDisplayName(db: Db, staffId: string): Promise<string> {
  const row = await staffNameQuery.executeTakeFirst(db, staffId);
  return row === undefined ? staffId : personName(row);
}

/** The query of {@link staffDisplayName}, compiled once. */
const staffNameQuery = preparedQuery(
  (db, staffId: string) =>
    db.selectFrom('staff').select(['first_name', 'last_name']).where('id', '=', staffId),
  1,
);
