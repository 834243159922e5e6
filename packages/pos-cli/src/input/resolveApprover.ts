import type { Pos } from 'pos-sdk';
import type { UserEntry } from 'pos-sdk/contract';
import { UsageError } from '../errors/UsageError';

/** 'Max Manager'. */
function displayName(user: UserEntry): string {
  return `${user.name.first} ${user.name.last}`.trim();
}

/**
 * The user `_id` of the discount approver named on the command line, from the users list (the managers and the
 * staff allowed to approve): the id
 * itself, the email, the full name ('Max Manager', any case), or a first name only one user has.
 *
 * @throws UsageError when nobody (or more than one user) matches.
 */
export async function resolveApprover(pos: Pos, who: string): Promise<string> {
  const users = await pos.approval.loadUsers();
  const wanted = who.trim().toLowerCase();
  const byId = users.find((user) => user._id === who.trim() || user.email?.toLowerCase() === wanted);
  if (byId) return byId._id;
  const byName = users.filter((user) => displayName(user).toLowerCase() === wanted);
  const candidates =
    byName.length > 0 ? byName : users.filter((user) => user.name.first.toLowerCase() === wanted);
  if (candidates.length === 1 && candidates[0]) return candidates[0]._id;
  if (candidates.length > 1)
    throw new UsageError(`--approver "${who}" matches more than one user: use the full name`);
  // The users list holds only those who may approve: a cashier without the right is not on it.
  const names = users.map(displayName).join(', ');
  throw new UsageError(
    `--approver "${who}" may not approve discounts: choose one of ${names || 'the managers'} (a manager lets a staff member approve with: pos staff grant EMAIL approve_discounts)`,
  );
}
