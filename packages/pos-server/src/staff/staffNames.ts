import { personName } from 'pos-sdk/rules';
import type { Db } from '../db/Database';

/**
 * The display names ("Ana Cashier") of staff members by id, in one query. An id without a row maps to itself.
 */
export async function staffNames(
  db: Db,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
  const names = new Map(wanted.map((id) => [id, id]));
  if (wanted.length === 0) return names;
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', wanted)
    .execute();
  for (const row of rows) names.set(row.id, personName(row));
  return names;
}
