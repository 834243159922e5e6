import type { StaffMember, StaffRole } from 'pos-sdk/contract';
import { BACK_OFFICE_MESSAGES } from 'pos-sdk/messages';
import { type Actor, recordAudit } from '../audit';
import { clearFailures, hashSecret, revokeStaffTokens } from '../auth';
import type { Db, StaffRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { HttpProblem } from '../http/HttpProblem';
import { addStaff } from './addStaff';

/** A staff row as the back office lists it. */
export function staffToWire(row: StaffRow): StaffMember {
  return {
    _id: row.id,
    email: row.email,
    name: { first: row.first_name, last: row.last_name },
    role: row.role,
    approve_discounts: row.approve_discounts === 1,
    hold_memberships: row.hold_memberships === 1,
    active: row.active === 1,
    created_at: row.created_at,
  };
}

/** Every staff member, active ones first, by name. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('staff')
    .selectAll()
    .orderBy('active', 'desc')
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('email')
    .execute();
  return rows.map(staffToWire);
}

/**
 * A staff member by email (any letter case).
 *
 * @throws {HttpProblem} 404 when there is none.
 */
export async function requireStaff(db: Db, email: string): Promise<StaffRow> {
  const row = await db
    .selectFrom('staff')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (row === undefined)
    throw HttpProblem.notFound(BACK_OFFICE_MESSAGES.staffNotFound(email.trim().toLowerCase()));
  return row;
}

/**
 * The ids of the active managers, by id; on PostgreSQL their rows stay locked until the transaction ends.
 *
 * Why: "the venue keeps an active manager" reads other rows than the one it changes. A plain count under READ
 * COMMITTED is a write skew: two managers disabling or demoting each other at the same moment both count one other
 * manager, each writes a different row, and the venue is left with none. With the managers' rows locked, the second
 * call waits for the first and counts what the first left (PostgreSQL re-reads a row it waited for, so a manager
 * just disabled or demoted no longer matches). Every change that can take a manager away (a demotion, a disable)
 * takes this lock first, before it reads or writes any staff row, and in id order: such changes then run one after
 * the other and cannot deadlock one another.
 *
 * The lock is `for no key update` (what an update of these rows takes anyway), not `for update`: it must not block
 * the foreign-key checks of rows that name a manager (an audit entry by a manager, a manager's new token), or a
 * password reset by a manager, waiting on this, would deadlock with a disable holding it. SQLite runs one write
 * transaction at a time and has no row locks: a plain read there.
 */
async function lockActiveManagers(db: Db): Promise<string[]> {
  const query = db
    .selectFrom('staff')
    .select('id')
    .where('role', '=', 'manager')
    .where('active', '=', 1)
    .orderBy('id');
  const rows = await (isPostgres(db) ? query.forNoKeyUpdate() : query).execute();
  return rows.map((row) => row.id);
}

/**
 * A staff member by email, as {@link requireStaff}, with their row locked on PostgreSQL (after the managers', see
 * {@link lockActiveManagers}): a disable then takes the member's row before their tokens, as a password reset does
 * (row, then tokens), so the two cannot deadlock.
 */
async function requireStaffLocked(db: Db, email: string): Promise<StaffRow> {
  const normalized = email.trim().toLowerCase();
  const query = db.selectFrom('staff').selectAll().where('email', '=', normalized);
  const row = await (isPostgres(db) ? query.forNoKeyUpdate() : query).executeTakeFirst();
  if (row === undefined) throw HttpProblem.notFound(BACK_OFFICE_MESSAGES.staffNotFound(normalized));
  return row;
}

/**
 * Refuses a change that would leave the venue without an active manager.
 *
 * @param managers the active managers, from {@link lockActiveManagers} (taken before `member` was read).
 */
function keepAManager(member: StaffRow, managers: readonly string[]): void {
  if (
    member.role === 'manager' &&
    member.active === 1 &&
    managers.filter((id) => id !== member.id).length === 0
  ) {
    throw HttpProblem.rule(BACK_OFFICE_MESSAGES.lastManager);
  }
}

async function reread(db: Db, id: string): Promise<StaffMember> {
  return staffToWire(await db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

async function audit(
  db: Db,
  actor: Actor,
  action: 'staff.updated' | 'staff.disabled' | 'staff.enabled' | 'staff.password_reset' | 'staff.pin_reset',
  member: StaffRow,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordAudit(db, {
    action,
    staffId: actor.staffId,
    terminalId: actor.terminalId,
    at: actor.now,
    subject: { type: 'staff', id: member.id },
    details: { email: member.email, ...details },
  });
}

/**
 * Changes a member's name, email, role or right to approve discounts (`approve_discounts`: managers approve without
 * it; a staff member only with it, checked again at every approval and sale). A manager cannot take the manager role from themselves, and the venue
 * keeps at least one active manager.
 *
 * @throws {HttpProblem} 404 unknown member, 409 email taken, 422 for the manager rules.
 */
export async function editStaff(
  db: Db,
  actor: Actor,
  email: string,
  changes: {
    email?: string | undefined;
    first?: string | undefined;
    last?: string | undefined;
    role?: StaffRole | undefined;
    approve_discounts?: boolean | undefined;
    hold_memberships?: boolean | undefined;
  },
): Promise<StaffMember> {
  // A demotion may take a manager away: the managers' rows are locked first (see lockActiveManagers).
  const demoting = changes.role === 'staff';
  const managers = demoting ? await lockActiveManagers(db) : [];
  const member = demoting ? await requireStaffLocked(db, email) : await requireStaff(db, email);
  if (demoting && member.role === 'manager') {
    if (member.id === actor.staffId) throw HttpProblem.rule(BACK_OFFICE_MESSAGES.cannotDemoteSelf);
    keepAManager(member, managers);
  }
  const newEmail = changes.email?.trim().toLowerCase();
  if (newEmail !== undefined && newEmail !== member.email) {
    const taken = await db.selectFrom('staff').select('id').where('email', '=', newEmail).executeTakeFirst();
    if (taken !== undefined) throw HttpProblem.conflict(BACK_OFFICE_MESSAGES.staffEmailTaken(newEmail));
  }
  const set = {
    ...(newEmail === undefined ? {} : { email: newEmail }),
    ...(changes.first === undefined ? {} : { first_name: changes.first.trim() }),
    ...(changes.last === undefined ? {} : { last_name: changes.last.trim() }),
    ...(changes.role === undefined ? {} : { role: changes.role }),
    ...(changes.approve_discounts === undefined
      ? {}
      : { approve_discounts: changes.approve_discounts ? (1 as const) : (0 as const) }),
    ...(changes.hold_memberships === undefined
      ? {}
      : { hold_memberships: changes.hold_memberships ? (1 as const) : (0 as const) }),
  };
  await db.updateTable('staff').set(set).where('id', '=', member.id).execute();
  await audit(db, actor, 'staff.updated', member, { changes: set });
  return reread(db, member.id);
}

/**
 * Disables a member (every token of theirs stops working at once) or enables them again. Nobody disables their
 * own account, and the last active manager stays.
 *
 * @throws {HttpProblem} 404 unknown member, 422 for the rules.
 */
export async function setStaffActive(
  db: Db,
  actor: Actor,
  email: string,
  active: boolean,
): Promise<StaffMember> {
  // A disable may take a manager away: the managers' rows are locked first (see lockActiveManagers).
  const managers = active ? [] : await lockActiveManagers(db);
  const member = active ? await requireStaff(db, email) : await requireStaffLocked(db, email);
  if (!active) {
    if (member.id === actor.staffId) throw HttpProblem.rule(BACK_OFFICE_MESSAGES.cannotDisableSelf);
    keepAManager(member, managers);
    await revokeStaffTokens(db, member.id, actor.now);
  }
  if ((member.active === 1) !== active) {
    await db
      .updateTable('staff')
      .set({ active: active ? 1 : 0 })
      .where('id', '=', member.id)
      .execute();
    await audit(db, actor, active ? 'staff.enabled' : 'staff.disabled', member);
  }
  return reread(db, member.id);
}

/** Sets a member's password (scrypt); their tokens stop working, so they sign in again with it. */
export async function resetStaffPassword(
  db: Db,
  actor: Actor,
  email: string,
  password: string,
): Promise<StaffMember> {
  const member = await requireStaff(db, email);
  await db
    .updateTable('staff')
    .set({ password_hash: await hashSecret(password) })
    .where('id', '=', member.id)
    .execute();
  if (member.id !== actor.staffId) await revokeStaffTokens(db, member.id, actor.now);
  await audit(db, actor, 'staff.password_reset', member);
  return reread(db, member.id);
}

/** Sets a member's approval PIN (scrypt), and lifts a PIN lockout of theirs. */
export async function resetStaffPin(db: Db, actor: Actor, email: string, pin: string): Promise<StaffMember> {
  const member = await requireStaff(db, email);
  await db
    .updateTable('staff')
    .set({ pin_hash: await hashSecret(pin) })
    .where('id', '=', member.id)
    .execute();
  await clearFailures(db, `pin:${member.id}`);
  await audit(db, actor, 'staff.pin_reset', member);
  return reread(db, member.id);
}

/**
 * Adds a staff member from the back office ({@link addStaff}) with the `staff.added` audit entry. Call it inside a
 * transaction.
 *
 * @returns the new member as the contract's StaffMember.
 */
export async function addStaffMember(
  db: Db,
  actor: Actor,
  input: {
    email: string;
    first: string;
    last: string;
    role?: StaffRole | undefined;
    password: string;
    pin: string;
  },
): Promise<StaffMember> {
  const { email, first, last, role, password, pin } = input;
  const id = await addStaff(db, { email, firstName: first, lastName: last, password, pin, role }, actor.now);
  await recordAudit(db, {
    action: 'staff.added',
    staffId: actor.staffId,
    terminalId: actor.terminalId,
    at: actor.now,
    subject: { type: 'staff', id },
    details: { email: email.trim().toLowerCase(), role },
  });
  return staffToWire(await requireStaff(db, email));
}
