import type { Member } from 'pos-sdk/contract';
import type { Db } from '../db/Database';

/** A row of `members`. */
export interface MemberRow {
  id: string;
  email: string;
  name: string;
  phone_country_code: string | null;
  phone_number: string | null;
  dob: string | null;
}

/** A member's phone as on the wire, or null when incomplete. */
export function phoneOf(row: MemberRow): { country_code: string; number: string } | null {
  return row.phone_country_code !== null && row.phone_number !== null
    ? { country_code: row.phone_country_code, number: row.phone_number }
    : null;
}

/** A member as the contract's Member: `{name, email, phone, dob}` (the email is the member's id). */
export function memberToWire(row: MemberRow): Member {
  return { name: row.name, email: row.email, phone: phoneOf(row), dob: row.dob };
}

/** Members by id, in one query. */
export async function membersById(db: Db, ids: Iterable<string | null>): Promise<Map<string, MemberRow>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['id', 'email', 'name', 'phone_country_code', 'phone_number', 'dob'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
