import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { recordAudit } from '../audit';
import {
  admitAttempt,
  BEARER_TOKEN,
  clearFailures,
  consumeIdToken,
  ID_TOKEN_TTL_MS,
  issueIdTokenForPassword,
  issueUserTokenForIdToken,
  lockedUntil,
  minutesLeft,
  purgeExpiredTokens,
  readHostId,
  revokeToken,
  SIGN_IN_ADDRESS_POLICY,
  SIGN_IN_EMAIL_POLICY,
  SIGN_IN_POLICY,
  signedIn,
  UNKNOWN_ACCOUNT_HASH,
  verifySecret,
} from '../auth';
import type { AppContext } from '../http/AppContext';
import { HttpProblem } from '../http/HttpProblem';
import { serveEndpoint } from '../http/serveEndpoint';
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
 * The reference identity provider, the token exchange and sign-out (contract: Identity):
 * - POST /v1/identity/sign_in `{email, password}` -> `{idToken, email}`: 401 on wrong credentials; 429 after 10
 *   wrong passwords for an email from one client address in 15 minutes (that address only), 50 from one address
 *   whatever the emails, or 30 for an email from all addresses together (a 1-minute backoff).
 * - POST /v1/admin_login `{idToken}` -> `{userToken, profile, terminal: {_id, store}}` (the terminal's store from its
 *   registration): 401 for an unknown, used or expired idToken; 403
 *   when the terminal (`X-Host-Name`, default TICKET01) is not registered. The user token is bound to that
 *   terminal and lives `POS_TOKEN_TTL_HOURS`.
 * - POST /v1/admin_logout -> `{signed_out: true}`: revokes the token the call carries.
 * The idToken is single use and lives 5 minutes.
 */
export function identityRoutes(app: FastifyInstance, { db, config, clock }: AppContext): void {
  serveEndpoint(app, 'signIn', async (request) => {
    const now = clock();
    const email = request.body.email.trim().toLowerCase();
    const subjects = signInSubjects(email, request.ip);
    const held =
      (await lockedUntil(db, subjects.address, now)) ?? (await lockedUntil(db, subjects.email, now));
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
    const isCorrect = await verifySecret(request.body.password, staff?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
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
  });

  serveEndpoint(app, 'adminLogin', async (request) => {
    const now = clock();
    const terminalId = readHostId(request);
    const store = await terminalStore(db, terminalId);
    if (store === undefined) throw HttpProblem.forbidden(SERVER_MESSAGES.unregisteredTerminal(terminalId));
    const staffId = await consumeIdToken(db, request.body.idToken, now);
    // Only while that identity token is not revoked: a password reset or disable made meanwhile gives no token.
    const issued =
      staffId === undefined
        ? undefined
        : await issueUserTokenForIdToken(db, {
            idToken: request.body.idToken,
            ttlMs: config.tokenTtlHours * 60 * 60_000,
            now,
            terminalId,
          });
    const staff =
      issued === undefined
        ? undefined
        : await db.selectFrom('staff').selectAll().where('id', '=', issued.staffId).executeTakeFirst();
    if (issued === undefined || staff === undefined)
      throw HttpProblem.invalidCredentials(SERVER_MESSAGES.signInExpired);
    const { token } = issued;
    await recordAudit(db, { action: 'staff.signed_in', staffId: staff.id, terminalId, at: now });
    return {
      userToken: token,
      profile: {
        _id: staff.id,
        email: staff.email,
        name: { first: staff.first_name, last: staff.last_name },
      },
      terminal: { _id: terminalId, store },
    };
  });

  serveEndpoint(app, 'signOut', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const now = clock();
    const token = BEARER_TOKEN.exec(request.headers.authorization ?? '')?.[1] ?? '';
    await revokeToken(db, token, now);
    await recordAudit(db, { action: 'staff.signed_out', staffId: staff.id, terminalId, at: now });
    return { signed_out: true as const };
  });
}
