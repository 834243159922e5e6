import type { Kysely } from 'kysely';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import {
  admitAttempt,
  clearFailures,
  consumeIdToken,
  ID_TOKEN_TTL_MS,
  issueIdTokenForPassword,
  issueUserTokenForIdToken,
  lockedUntil,
  minutesLeft,
  purgeExpiredTokens,
  revokeToken,
  SIGN_IN_ADDRESS_POLICY,
  SIGN_IN_EMAIL_POLICY,
  SIGN_IN_POLICY,
  UNKNOWN_ACCOUNT_HASH,
  verifySecret,
} from '../auth';
import type { Database } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { terminalStore } from '../terminals';

/** The failed-attempt counters of a password sign-in (see attemptLimiter's policies). */
const signInSubjects = (email: string, address: string) => ({
  /** This email from this address: the lock an attacker can aim at, which stays on the attacker's address. */
  pair: `sign_in:${email}|${address}`,
  /** This address, whatever the emails. */
  address: `sign_in_address:${address}`,
  /** This email from every address together: a short backoff. */
  email: `sign_in_email:${email}`,
});

/**
 * The reference identity provider's password sign-in: a single-use identity token (5 minutes) for an active staff
 * member's email and password.
 *
 * @param options.address the client's address, which the failed attempts are counted against.
 * @throws {HttpProblem} 401 on wrong credentials (or a password reset made meanwhile); 429 after 10 wrong passwords
 *   for an email from one address in 15 minutes (that address only), 50 from one address whatever the emails, or
 *   30 for an email from all addresses together (a 1-minute backoff).
 */
export async function signIn(
  db: Kysely<Database>,
  options: { email: string; password: string; address: string; now: Date },
): Promise<{ idToken: string; email: string }> {
  const { now } = options;
  const email = options.email.trim().toLowerCase();
  const subjects = signInSubjects(email, options.address);
  const held = (await lockedUntil(db, subjects.address, now)) ?? (await lockedUntil(db, subjects.email, now));
  if (held !== undefined) throw HttpProblem.locked(SERVER_MESSAGES.signInLocked(minutesLeft(held, now)));
  // The try is counted before the password is checked, so tries sent at the same moment cannot pass the limit.
  const admission = await admitAttempt(db, subjects.pair, SIGN_IN_POLICY, now);
  if (!admission.admitted) {
    throw HttpProblem.locked(SERVER_MESSAGES.signInLocked(minutesLeft(admission.lockedUntil, now)));
  }
  const staff = await db
    .selectFrom('staff')
    .selectAll()
    .where('email', '=', email)
    .where('active', '=', 1)
    .executeTakeFirst();
  // Hash even for an unknown email, so the answer's timing does not tell which emails exist.
  const isCorrect = await verifySecret(options.password, staff?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
  if (staff === undefined || !isCorrect) {
    await admitAttempt(db, subjects.address, SIGN_IN_ADDRESS_POLICY, now);
    await admitAttempt(db, subjects.email, SIGN_IN_EMAIL_POLICY, now);
    throw HttpProblem.invalidCredentials(SERVER_MESSAGES.invalidCredentials);
  }
  await clearFailures(db, subjects.pair);
  await purgeExpiredTokens(db, now);
  // Only while the password checked is still the member's: a reset made meanwhile gives no token.
  const issued = await issueIdTokenForPassword(db, {
    staffId: staff.id,
    passwordHash: staff.password_hash,
    ttlMs: ID_TOKEN_TTL_MS,
    now,
  });
  if (issued === undefined) throw HttpProblem.invalidCredentials(SERVER_MESSAGES.invalidCredentials);
  return { idToken: issued.token, email: staff.email };
}

/** What admin_login answers: the user token, the staff member's profile and the terminal with its store. */
export interface AdminLogin {
  userToken: string;
  profile: { _id: string; email: string; name: { first: string; last: string } };
  terminal: { _id: string; store: string };
}

/**
 * Exchanges an identity token for a user token bound to a registered terminal (living `ttlMs`), and audits the
 * sign-in.
 *
 * @throws {HttpProblem} 403 when the terminal is not registered; 401 for an unknown, used or expired identity token
 *   (or one revoked meanwhile by a password reset or disable).
 */
export async function adminLogin(
  db: Kysely<Database>,
  options: { idToken: string; terminalId: string; ttlMs: number; now: Date },
): Promise<AdminLogin> {
  const { idToken, terminalId, now } = options;
  const store = await terminalStore(db, terminalId);
  if (store === undefined) throw HttpProblem.forbidden(SERVER_MESSAGES.unregisteredTerminal(terminalId));
  const staffId = await consumeIdToken(db, idToken, now);
  // Only while that identity token is not revoked: a password reset or disable made meanwhile gives no token.
  const issued =
    staffId === undefined
      ? undefined
      : await issueUserTokenForIdToken(db, { idToken, ttlMs: options.ttlMs, now, terminalId });
  const staff =
    issued === undefined
      ? undefined
      : await db.selectFrom('staff').selectAll().where('id', '=', issued.staffId).executeTakeFirst();
  if (issued === undefined || staff === undefined)
    throw HttpProblem.invalidCredentials(SERVER_MESSAGES.signInExpired);
  await recordAudit(db, { action: 'staff.signed_in', staffId: staff.id, terminalId, at: now });
  return {
    userToken: issued.token,
    profile: {
      _id: staff.id,
      email: staff.email,
      name: { first: staff.first_name, last: staff.last_name },
    },
    terminal: { _id: terminalId, store },
  };
}

/** Revokes the user token a signed-in call carries, and audits the sign-out. */
export async function signOut(
  db: Kysely<Database>,
  options: { token: string; staffId: string; terminalId: string; now: Date },
): Promise<{ signed_out: true }> {
  await revokeToken(db, options.token, options.now);
  await recordAudit(db, {
    action: 'staff.signed_out',
    staffId: options.staffId,
    terminalId: options.terminalId,
    at: options.now,
  });
  return { signed_out: true };
}
