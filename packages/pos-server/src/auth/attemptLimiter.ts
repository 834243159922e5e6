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

/** Password sign-in: 10 wrong passwords within 15 minutes lock that email for 15 minutes. */
export const SIGN_IN_POLICY: AttemptPolicy = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * Until when a subject (`pin:<staff id>`, `sign_in:<email>`) is locked, or undefined when it is not locked now.
 */
export async function lockedUntil(db: Db, subject: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('auth_attempts')
    .select('locked_until')
    .where('subject', '=', subject)
    .executeTakeFirst();
  if (!row?.locked_until || row.locked_until <= now.toISOString()) return undefined;
  return new Date(row.locked_until);
}

/**
 * Counts one failure for a subject, atomically (one upsert, so concurrent wrong tries all count), and locks it
 * when the failures within the policy's window reach the maximum.
 *
 * @returns the lock's end when this failure locked the subject.
 */
export async function recordFailure(
  db: Db,
  subject: string,
  policy: AttemptPolicy,
  now: Date,
): Promise<Date | undefined> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - policy.windowMs).toISOString();
  // A new window starts when the old one is over or an earlier lock has run out.
  const restart = sql<boolean>`(auth_attempts.window_started_at < ${windowStart} or auth_attempts.locked_until <= ${at})`;
  const row = await db
    .insertInto('auth_attempts')
    .values({ subject, failures: 1, window_started_at: at, locked_until: null })
    .onConflict((conflict) =>
      conflict.column('subject').doUpdateSet({
        failures: sql<number>`case when ${restart} then 1 else auth_attempts.failures + 1 end`,
        window_started_at: sql<string>`case when ${restart} then ${at} else auth_attempts.window_started_at end`,
        locked_until: sql<string | null>`case when ${restart} then null else auth_attempts.locked_until end`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (row.failures < policy.maxFailures) return undefined;
  const until = new Date(now.getTime() + policy.lockMs);
  await db
    .updateTable('auth_attempts')
    .set({ locked_until: until.toISOString() })
    .where('subject', '=', subject)
    .execute();
  return until;
}

/** Whole minutes (at least 1) until a lock ends, for the 429 message. */
export function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** Forgets a subject's failures (after a success). */
export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.deleteFrom('auth_attempts').where('subject', '=', subject).execute();
}
