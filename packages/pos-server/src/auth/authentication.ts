import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ensureStore } from '../catalogue/stores';
import type { Clock } from '../clock';
import type { Database, StaffRow } from '../db/Database';
import { HttpProblem } from '../HttpProblem';
import { isApiPath } from '../http/uiAndNotFound';
import { SERVER_MESSAGES } from '../serverMessages';
import { findTokenStaff } from './staffTokens';

/** The host id of a terminal that sends no `X-Host-Name` (spec section 9). */
export const DEFAULT_HOST_ID = 'TICKET01';

const HOST_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Who is calling: the signed-in staff member and the terminal (`X-Host-Name`). */
export interface SignedIn {
  staff: StaffRow;
  /** The terminal's id (its host name); the terminal row exists. */
  terminalId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every call that needs a token; null on public calls. */
    signedIn: SignedIn | null;
  }
}

/**
 * The caller of an authenticated route.
 *
 * @throws {HttpProblem} 403 if the route was reached without authentication (a programming error).
 */
export function signedIn(request: FastifyRequest): SignedIn {
  if (request.signedIn === null) throw HttpProblem.forbidden(SERVER_MESSAGES.forbidden);
  return request.signedIn;
}

/**
 * The terminal's host id from `X-Host-Name` (default TICKET01).
 *
 * @throws {HttpProblem} 400 when it is not 1–64 letters, digits, `.`, `_` or `-`.
 */
export function readHostId(request: FastifyRequest): string {
  const header = request.headers['x-host-name'];
  if (header === undefined || header === '') return DEFAULT_HOST_ID;
  if (typeof header !== 'string' || !HOST_PATTERN.test(header)) {
    throw HttpProblem.invalidRequest('Invalid X-Host-Name header', [
      { path: 'X-Host-Name', message: 'must be 1 to 64 letters, digits, ".", "_" or "-"' },
    ]);
  }
  return header;
}

/**
 * Requires a valid user token on every API call except the public ones (the routes marked `public`: sign-in
 * calls and health), before the body is even read: a missing, forged or expired token is 403 `forbidden`, also on
 * paths that do not exist (so the API's shape is not revealed to strangers). Sets `request.signedIn`, creating the
 * terminal row of a new `X-Host-Name` on first use.
 */
export function installAuthentication(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock; store: string },
): void {
  const knownTerminals = new Set<string>();
  app.decorateRequest('signedIn', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || request.routeOptions.config.public === true) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) throw HttpProblem.forbidden(SERVER_MESSAGES.forbidden);
    const now = deps.clock();
    const staff = await findTokenStaff(deps.db, token, now);
    if (staff === undefined) throw HttpProblem.forbidden(SERVER_MESSAGES.forbidden);
    const terminalId = readHostId(request);
    if (!knownTerminals.has(terminalId)) {
      await ensureStore(deps.db, deps.store, now);
      await deps.db
        .insertInto('terminals')
        .values({
          id: terminalId,
          store: deps.store,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ last_seen_at: now.toISOString() }))
        .execute();
      knownTerminals.add(terminalId);
    }
    request.signedIn = { staff, terminalId };
  });
}
