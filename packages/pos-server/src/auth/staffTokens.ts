import { sql } from 'kysely';
import type { Db, StaffRow } from '../db/Database';
import { isPostgres } from '../db/dialect';
import { preparedQuery } from '../db/preparedQuery';
import { createOpaqueToken, hashToken } from './opaqueToken';

/** Lifetime of an identity token between /v1/identity/sign_in and /v1/admin_login. */
export const ID_TOKEN_TTL_MS = 5 * 60_000;

/** A token just issued: the secret to hand out once, and when it expires. */
export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/**
 * Issues a random 256-bit token for a staff member and stores its sha256 with the expiry.
 * `id` tokens are single use (admin_login); `user` tokens are the bearer token of every call.
 */
export async function issueStaffToken(
  db: Db,
  options: {
    staffId: string;
    kind: 'id' | 'user';
    ttlMs: number;
    now: Date;
    /** `user` tokens: the registered terminal the token is bound to. */
    terminalId?: string;
  },
): Promise<IssuedToken> {
  const token = createOpaqueToken();
  const expiresAt = new Date(options.now.getTime() + options.ttlMs);
  await db
    .insertInto('tokens')
    .values({
      token_hash: hashToken(token),
      kind: options.kind,
      staff_id: options.staffId,
      created_at: options.now.toISOString(),
      expires_at: expiresAt.toISOString(),
      used_at: null,
      terminal_id: options.terminalId ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Uses up an identity token (one atomic update, so it works once even when sent twice at the same moment).
 *
 * @returns the staff id, or undefined for an unknown, used, revoked or expired token.
 */
export async function consumeIdToken(db: Db, token: string, now: Date): Promise<string | undefined> {
  const at = now.toISOString();
  const row = await db
    .updateTable('tokens')
    .set({ used_at: at })
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', 'id')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('staff_id')
    .executeTakeFirst();
  return row?.staff_id;
}

/** The holder of a valid user token: the active staff member, and the terminal the token is bound to. */
export interface TokenHolder {
  staff: StaffRow;
  /** The registered terminal the token was issued on. */
  terminalId: string;
}

/**
 * The holder of a user token, or undefined for a missing, forged, expired or revoked token, a token of a staff member
 * who was deactivated, or one bound to no terminal or to a terminal that was unregistered since.
 */
export async function findTokenHolder(db: Db, token: string, now: Date): Promise<TokenHolder | undefined> {
  const row = await tokenHolder.executeTakeFirst(db, hashToken(token), now.toISOString());
  if (row === undefined) return undefined;
  const { token_terminal_id: terminalId, ...staff } = row;
  return terminalId === null ? undefined : { staff, terminalId };
}

/** The query of {@link findTokenHolder}, compiled once (every authenticated call runs it). */
const tokenHolder = preparedQuery(
  (db, tokenHash: string, at: string) =>
    db
      .selectFrom('tokens')
      .innerJoin('staff', 'staff.id', 'tokens.staff_id')
      .innerJoin('terminals', 'terminals.id', 'tokens.terminal_id')
      .selectAll('staff')
      .select('tokens.terminal_id as token_terminal_id')
      .where('tokens.token_hash', '=', tokenHash)
      .where('tokens.kind', '=', 'user')
      .where('tokens.expires_at', '>', at)
      .where('tokens.revoked_at', 'is', null)
      .where('terminals.retired_at', 'is', null)
      .where('staff.active', '=', 1),
  2,
);

/**
 * Revokes one user token (sign-out): it is refused from now on.
 *
 * @returns whether a token that was still valid was revoked.
 */
export async function revokeToken(db: Db, token: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('tokens')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Issues the identity token of a sign-in whose password was just checked against `passwordHash`, in one statement
 * that inserts it only while that hash is still the member's and the member is active.
 *
 * A password reset (or a disable) changes the staff row and then revokes the member's tokens. Checked apart, a
 * sign-in with the old password that read the row before the reset and issued its token after the revocation kept a
 * token nobody revoked: the reset, meant to lock the old password's holder out, let them in. Here the row is read
 * again by the insert itself, share-locked on PostgreSQL: a reset in progress is waited for and then seen (no token);
 * a reset that comes after waits for this insert, and its revocation then finds the token. On SQLite the insert and
 * the reset's transaction run one after the other.
 *
 * @returns the token, or undefined when the password was changed (or the member disabled) meanwhile.
 */
export async function issueIdTokenForPassword(
  db: Db,
  options: { staffId: string; passwordHash: string; ttlMs: number; now: Date },
): Promise<IssuedToken | undefined> {
  const token = createOpaqueToken();
  const expiresAt = new Date(options.now.getTime() + options.ttlMs);
  const staff = db
    .selectFrom('staff')
    .select([
      sql<string>`${hashToken(token)}`.as('token_hash'),
      sql<string>`${'id'}`.as('kind'),
      'staff.id as staff_id',
      sql<string>`${options.now.toISOString()}`.as('created_at'),
      sql<string>`${expiresAt.toISOString()}`.as('expires_at'),
    ])
    .where('staff.id', '=', options.staffId)
    .where('staff.password_hash', '=', options.passwordHash)
    .where('staff.active', '=', 1);
  const inserted = await db
    .insertInto('tokens')
    .columns(['token_hash', 'kind', 'staff_id', 'created_at', 'expires_at'])
    .expression(isPostgres(db) ? staff.forShare() : staff)
    .returning('token_hash')
    .executeTakeFirst();
  return inserted === undefined ? undefined : { token, expiresAt };
}

/**
 * Issues the user token of an admin_login for the identity token `idToken` it has just used up, in one statement that
 * inserts it only while that identity token is not revoked and its member is active (the staff row share-locked on
 * PostgreSQL): a password reset or disable that revoked the member's tokens between the two is seen, as in
 * {@link issueIdTokenForPassword}.
 *
 * @returns the token and its member's id, or undefined when the identity token was revoked meanwhile.
 */
export async function issueUserTokenForIdToken(
  db: Db,
  options: { idToken: string; ttlMs: number; now: Date; terminalId: string },
): Promise<(IssuedToken & { staffId: string }) | undefined> {
  const token = createOpaqueToken();
  const expiresAt = new Date(options.now.getTime() + options.ttlMs);
  const source = db
    .selectFrom('tokens')
    .innerJoin('staff', 'staff.id', 'tokens.staff_id')
    .select([
      sql<string>`${hashToken(token)}`.as('token_hash'),
      sql<string>`${'user'}`.as('kind'),
      'staff.id as staff_id',
      sql<string>`${options.now.toISOString()}`.as('created_at'),
      sql<string>`${expiresAt.toISOString()}`.as('expires_at'),
      sql<string>`${options.terminalId}`.as('terminal_id'),
    ])
    .where('tokens.token_hash', '=', hashToken(options.idToken))
    .where('tokens.kind', '=', 'id')
    .where('tokens.revoked_at', 'is', null)
    .where('staff.active', '=', 1);
  const inserted = await db
    .insertInto('tokens')
    .columns(['token_hash', 'kind', 'staff_id', 'created_at', 'expires_at', 'terminal_id'])
    .expression(isPostgres(db) ? source.forShare('staff') : source)
    .returning('staff_id')
    .executeTakeFirst();
  return inserted === undefined ? undefined : { token, expiresAt, staffId: inserted.staff_id };
}

/**
 * Revokes every token of a staff member that is still valid (a lost device, a member who left).
 *
 * @returns how many tokens were revoked.
 */
export async function revokeStaffTokens(db: Db, staffId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await db
    .updateTable('tokens')
    .set({ revoked_at: at })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('token_hash')
    .execute();
  return rows.length;
}

/** Deletes tokens that expired more than a day ago (housekeeping after sign-in). */
export async function purgeExpiredTokens(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  await db.deleteFrom('tokens').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('approvals').where('expires_at', '<', cutoff).execute();
}
