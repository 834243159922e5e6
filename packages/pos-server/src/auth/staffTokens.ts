import type { Db, StaffRow } from '../db/Database';
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
  options: { staffId: string; kind: 'id' | 'user'; ttlMs: number; now: Date },
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
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Uses up an identity token (one atomic update, so it works once even when sent twice at the same moment).
 *
 * @returns the staff id, or undefined for an unknown, used or expired token.
 */
export async function consumeIdToken(db: Db, token: string, now: Date): Promise<string | undefined> {
  const at = now.toISOString();
  const row = await db
    .updateTable('tokens')
    .set({ used_at: at })
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', 'id')
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('staff_id')
    .executeTakeFirst();
  return row?.staff_id;
}

/** The active staff member a user token belongs to, or undefined for a missing, forged or expired token. */
export async function findTokenStaff(db: Db, token: string, now: Date): Promise<StaffRow | undefined> {
  return db
    .selectFrom('tokens')
    .innerJoin('staff', 'staff.id', 'tokens.staff_id')
    .selectAll('staff')
    .where('tokens.token_hash', '=', hashToken(token))
    .where('tokens.kind', '=', 'user')
    .where('tokens.expires_at', '>', now.toISOString())
    .where('staff.active', '=', 1)
    .executeTakeFirst();
}

/** Deletes tokens that expired more than a day ago (housekeeping after sign-in). */
export async function purgeExpiredTokens(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  await db.deleteFrom('tokens').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('approvals').where('expires_at', '<', cutoff).execute();
}
