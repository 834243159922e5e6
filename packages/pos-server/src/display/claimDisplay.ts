import type { DisplayClaimResponse } from 'pos-sdk/contract';
import { DISPLAY_MESSAGES } from 'pos-sdk/messages';
import { type AttemptPolicy, admitAttempt, clearFailures, minutesLeft } from '../auth';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import type { DisplayHub } from './displayHub';

/** Claims from one address: 10 wrong codes within 10 minutes lock it out for 10 minutes. */
export const DISPLAY_CLAIM_ADDRESS_POLICY: AttemptPolicy = {
  maxFailures: 10,
  windowMs: 10 * 60_000,
  lockMs: 10 * 60_000,
};

/**
 * Claims from every address together (guessing spread over many addresses): 100 tries within 10 minutes hold every
 * claim back for 2 minutes. With codes of a million values that live 5 minutes, a guess hardly ever lands.
 */
export const DISPLAY_CLAIM_ALL_POLICY: AttemptPolicy = {
  maxFailures: 100,
  windowMs: 10 * 60_000,
  lockMs: 2 * 60_000,
};

/**
 * display/claim: a tablet's `/display` claims the code a till shows. Every try counts against its address and against
 * all addresses together before the code is looked at (the database's attempt counts, so several processes share
 * them); a right code forgets its address's failures.
 *
 * @throws {HttpProblem} 429 after too many wrong codes; 404 for a code no till shows; 409 for an expired or used one.
 */
export async function claimDisplay(
  db: Db,
  hub: DisplayHub,
  input: { code: string; address: string; now: Date },
): Promise<DisplayClaimResponse> {
  const { now } = input;
  const subject = `display_claim:${input.address}`;
  for (const [key, policy] of [
    [subject, DISPLAY_CLAIM_ADDRESS_POLICY],
    ['display_claim:*', DISPLAY_CLAIM_ALL_POLICY],
  ] as const) {
    const admission = await admitAttempt(db, key, policy, now);
    if (!admission.admitted) {
      throw HttpProblem.locked(DISPLAY_MESSAGES.tooManyCodes(minutesLeft(admission.lockedUntil, now)), {
        locked_until: admission.lockedUntil.toISOString(),
      });
    }
  }
  const claimed = hub.claim(input.code, now);
  if (!claimed.ok) {
    if (claimed.reason === 'unknown') throw HttpProblem.notFound(DISPLAY_MESSAGES.codeUnknown);
    throw HttpProblem.conflict(
      claimed.reason === 'expired' ? DISPLAY_MESSAGES.codeExpired : DISPLAY_MESSAGES.codeUsed,
    );
  }
  await clearFailures(db, subject);
  return { display_token: claimed.token, terminal: claimed.terminal };
}
