import type { FastifyInstance } from 'fastify';
import { BEARER_TOKEN, readHostId, signedIn } from '../auth';
import type { AppContext } from '../http/AppContext';
import { serveEndpoint } from '../http/serveEndpoint';
import { adminLogin, signIn, signOut } from './signIn';

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
  serveEndpoint(app, 'signIn', async (request) =>
    signIn(db, {
      email: request.body.email,
      password: request.body.password,
      address: request.ip,
      now: clock(),
    }),
  );

  serveEndpoint(app, 'adminLogin', async (request) => {
    const now = clock();
    return adminLogin(db, {
      idToken: request.body.idToken,
      terminalId: readHostId(request),
      ttlMs: config.tokenTtlHours * 60 * 60_000,
      now,
    });
  });

  serveEndpoint(app, 'signOut', async (request) => {
    const { staff, terminalId } = signedIn(request);
    const token = BEARER_TOKEN.exec(request.headers.authorization ?? '')?.[1] ?? '';
    return signOut(db, { token, staffId: staff.id, terminalId, now: clock() });
  });
}
