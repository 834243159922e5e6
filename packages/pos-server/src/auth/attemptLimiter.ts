import { sql } from 'kysely';
import type { Db } from '../db/Database';

/** How many failures within which window lock a subject, and for how long. */
export interface AttemptPolicy {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/** PIN verification: 5 wrong tries within 5 minutes lock that approver for 5 minutes. */
export const PIN_POLICY: AttemptPolicy = { maxFailures: 5, windowMs: 5 * 60_000, lockMs: 5 * 60_000 };

/**
 * Password sign-in, per email and client address: 10 wrong passwords within 15 minutes lock that email from that
 * address for 15 minutes. The member can still sign in from any other address.
 */
export const SIGN_IN_POLICY: AttemptPolicy = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** Password sign-in, per client address: 50 wrong passwords within 15 minutes, whatever the emails, lock it for 15. */
export const SIGN_IN_ADDRESS_POLICY: AttemptPolicy = {
  maxFailures: 50,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

/**
 * Password sign-in, per email from every address together (guessing spread over many addresses): 30 wrong
 * passwords within 15 minutes hold that email back for 1 minute only, a backoff rather than a lockout, so no one
 * can keep a named member out for long.
 */
export const SIGN_IN_EMAIL_POLICY: AttemptPolicy = { maxFailures: 30, windowMs: 15 * 60_000, lockMs: 60_000 };

/** Whether one try of a secret may go ahead: admitted (it is counted already), or refused because of a lock. */
export type AttemptAdmission =
  | {
      admitted: true;
      /** This try used up the last one of the window: if it fails, the subject is now locked. */
      isLast: boolean;
    }
  | { admitted: false; lockedUntil: Date };

/**
 * Admits one try of a secret for a subject (`pin:<staff id>`, `sign_in:<email>`) and counts it as a failure in
 * advance, in one atomic statement; the caller forgets the failures with {@link clearFailures} when the secret turns
 * out right. Tries sent at the same moment therefore cannot get past the limit together: of 8 wrong PINs at once,
 * 5 are checked and 3 are refused.
 *
 * - Locked (the try that used up the window set `locked_until`, which is still ahead): refused.
 * - A window that is over (older than the policy's window, and no lock) or a lock that has run out starts a new
 *   window with this try as its first.
 * - The try that reaches the policy's maximum sets the lock at once (a right secret then lifts it again).
 */
export async function admitAttempt(
  db: Db,
  subject: string,
  policy: AttemptPolicy,
  now: Date,
): Promise<AttemptAdmission> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + policy.lockMs).toISOString();
  const windowStart = new Date(now.getTime() - policy.windowMs).toISOString();
  const max = policy.maxFailures;
  const lockOnFirstTry = max <= 1 ? sql<string | null>`${until}` : sql<string | null>`null`;
  // A new window starts when the old one is over (and no lock is running) or an earlier lock has run out.
  const restart = sql<boolean>`((auth_attempts.locked_until is null and auth_attempts.window_started_at < ${windowStart})
    or auth_attempts.locked_until <= ${at})`;
  const row = await db
    .insertInto('auth_attempts')
    .values({ subject, failures: 1, window_started_at: at, locked_until: max <= 1 ? until : null })
    .onConflict((conflict) =>
      conflict.column('subject').doUpdateSet({
        failures: sql<number>`case when ${restart} then 1 else auth_attempts.failures + 1 end`,
        window_started_at: sql<string>`case when ${restart} then ${at} else auth_attempts.window_started_at end`,
        locked_until: sql<string | null>`case
          when ${restart} then ${lockOnFirstTry}
          when auth_attempts.locked_until is not null then auth_attempts.locked_until
          when auth_attempts.failures + 1 >= ${max} then ${until}
          else null end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  if (row.failures > max) {
    return { admitted: false, lockedUntil: new Date(row.locked_until ?? until) };
  }
  return { admitted: true, isLast: row.failures === max };
}

/** When the lock of a subject ends, or undefined when it is not locked now (reads only; counts nothing). */
export async function lockedUntil(db: Db, subject: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('auth_attempts')
    .select('locked_until')
    .where('subject', '=', subject)
    .where('locked_until', '>', now.toISOString())
    .executeTakeFirst();
  return row?.locked_until == null ? undefined : new Date(row.locked_until);
}

/** Whole minutes (at least 1) until a lock ends, for the 429 message. */
export function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** Forgets a subject's failures, and lifts its lock (after a right secret). */
export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('auth_attempts').where('subject', '=', subject).execute();
}
