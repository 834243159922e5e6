import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit';
import { admitAttempt, clearFailures, minutesLeft, SIGN_IN_POLICY } from '../auth/attemptLimiter';
import { readHostId } from '../auth/authentication';
import { UNKNOWN_ACCOUNT_HASH, verifySecret } from '../auth/secretHash';
import { consumeIdToken, ID_TOKEN_TTL_MS, issueStaffToken, purgeExpiredTokens } from '../auth/staffTokens';
import { HttpProblem } from '../HttpProblem';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { SERVER_MESSAGES } from '../serverMessages';

/** The terminal of a public call, when its X-Host-Name is valid (only for the audit log). */
const terminalOf = (request: FastifyRequest): string | null => {
  try {
    return readHostId(request);
  } catch {
    return null;
  }
};

/**
 * The reference identity provider and the token exchange (contract: Identity):
 * POST /v1/identity/sign_in `{email, password}` -> `{idToken, email}` (401 on wrong credentials, 429 after 10 wrong
 * passwords in 15 minutes); POST /v1/admin_login `{idToken}` -> `{userToken, profile}` (401 for an unknown, used or
 * expired idToken). The idToken is single use and lives 5 minutes; the userToken lives `POS_TOKEN_TTL_HOURS`.
 */
export function identityRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  serveEndpoint(app, 'signIn', async (request) => {
    const now = clock();
    const email = request.body.email.trim().toLowerCase();
    const subject = `sign_in:${email}`;
    // The try is counted before the password is checked, so tries sent at the same moment cannot pass the limit.
    const admission = await admitAttempt(db, subject, SIGN_IN_POLICY, now);
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
    const isCorrect = await verifySecret(request.body.password, staff?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
    if (staff === undefined || !isCorrect) {
      throw HttpProblem.invalidCredentials(SERVER_MESSAGES.invalidCredentials);
    }
    await clearFailures(db, subject);
    await purgeExpiredTokens(db, now);
    const { token } = await issueStaffToken(db, {
      staffId: staff.id,
      kind: 'id',
      ttlMs: ID_TOKEN_TTL_MS,
      now,
    });
    return { idToken: token, email: staff.email };
  });

  serveEndpoint(app, 'adminLogin', async (request) => {
    const now = clock();
    const staffId = await consumeIdToken(db, request.body.idToken, now);
    const staff =
      staffId === undefined
        ? undefined
        : await db
            .selectFrom('staff')
            .selectAll()
            .where('id', '=', staffId)
            .where('active', '=', 1)
            .executeTakeFirst();
    if (staff === undefined) throw HttpProblem.invalidCredentials(SERVER_MESSAGES.signInExpired);
    const { token } = await issueStaffToken(db, {
      staffId: staff.id,
      kind: 'user',
      ttlMs: config.tokenTtlHours * 60 * 60_000,
      now,
    });
    await recordAudit(db, {
      action: 'staff.signed_in',
      staffId: staff.id,
      terminalId: terminalOf(request),
      at: now,
    });
    return {
      userToken: token,
      profile: {
        _id: staff.id,
        email: staff.email,
        name: { first: staff.first_name, last: staff.last_name },
      },
    };
  });
}
