import type { Kysely } from 'kysely';
import type { Database, Db, IsoTime } from '../db/Database';

/**
 * A row of `membership_renewals` (migration 0007): the membership ticket a renewal order extended, with its
 * expiry before (null when the renewal issued the ticket) and after.
 */
export interface MembershipRenewalsTable {
  order_id: string;
  ticket_id: string;
  member_id: string;
  months: number;
  previous_expires_at: IsoTime | null;
  new_expires_at: IsoTime;
  created_at: IsoTime;
}

/** The database with the renewals table. */
export type RenewalsDatabase = Database & { membership_renewals: MembershipRenewalsTable };

/**
 * The same database handle or transaction, typed with the `membership_renewals` table.
 * TODO(foundation): add `membership_renewals` to `Database` in db/Database.ts and drop this.
 */
export function withRenewals(db: Db): Kysely<RenewalsDatabase> {
  // A Transaction's withTables() returns a Transaction on the same connection, so this stays inside it.
  return (db as Kysely<Database>).withTables<{ membership_renewals: MembershipRenewalsTable }>();
}
