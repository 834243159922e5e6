import { BACK_OFFICE_MESSAGES } from 'pos-sdk';
import type { StaffMember, StaffRole } from 'pos-sdk/contract';
import { recordAudit } from '../audit';
import { clearFailures } from '../auth/attemptLimiter';
import { hashSecret } from '../auth/secretHash';
import { revokeStaffTokens } from '../auth/staffTokens';
import type { Db, StaffRow } from '../db/Database';
import { HttpProblem } from '../HttpProblem';

/** Who does a back-office change, and where (for the rules and the audit log). */
export interface Actor {
  staffId: string;
  terminalId: string | null;
  now: Date;
}

/** A staff row as the back office lists it. */
export function staffToWire(row: StaffRow): StaffMember {
  return {
    _id: row.id,
    email: row.email,
    name: { first: row.first_name, last: row.last_name },
    role: row.role,
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

/** How many active managers there are besides `exceptId`. */
async function otherActiveManagers(db: Db, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'manager')
    .where('active', '=', 1)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Refuses a change that would leave the venue without an active manager. */
async function keepAManager(db: Db, member: StaffRow): Promise<void> {
  if (member.role === 'manager' && member.active === 1 && (await otherActiveManagers(db, member.id)) === 0) {
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
 * Changes a member's name, email or role. A manager cannot take the manager role from themselves, and the venue
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
  },
): Promise<StaffMember> {
  const member = await requireStaff(db, email);
  if (changes.role === 'staff' && member.role === 'manager') {
    if (member.id === actor.staffId) throw HttpProblem.rule(BACK_OFFICE_MESSAGES.cannotDemoteSelf);
    await keepAManager(db, member);
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
  const member = await requireStaff(db, email);
  if (!active) {
    if (member.id === actor.staffId) throw HttpProblem.rule(BACK_OFFICE_MESSAGES.cannotDisableSelf);
    await keepAManager(db, member);
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
