import { randomUUID } from 'node:crypto';
import type { CartMember } from 'pos-sdk/contract';
import type { Db } from '../db/Database';

/**
 * Creates the member of a membership sale or renewal, or updates their name, phone and birth date: members are
 * keyed by their lower-cased email. One atomic upsert, so two sales for a new member at once make one member.
 * Inside a transaction it also locks the member until commit: the member's row on PostgreSQL (a concurrent upsert
 * of the same email waits), the database's write lock on SQLite.
 *
 * @returns the member's id.
 */
export async function upsertMember(db: Db, member: CartMember, now: Date): Promise<string> {
  const at = now.toISOString();
  const details = {
    name: member.name.trim(),
    phone_country_code: member.phone.country_code,
    phone_number: member.phone.number,
    dob: member.dob,
    updated_at: at,
  };
  const row = await db
    .insertInto('members')
    .values({ id: randomUUID(), email: member.email.trim().toLowerCase(), created_at: at, ...details })
    .onConflict((conflict) => conflict.column('email').doUpdateSet(details))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
