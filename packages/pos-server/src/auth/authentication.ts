import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BACK_OFFICE_MESSAGES, KIOSK_MESSAGES, SERVER_MESSAGES } from 'pos-sdk/messages';
import { isTerminalId, TERMINAL_ID_RULE_TEXT } from 'pos-sdk/rules';
import type { Actor } from '../audit';
import type { Clock } from '../clock';
import type { Database, StaffRow } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { isApiPath } from '../http/uiAndNotFound';
import { findKioskHolder } from './kioskTokens';
import { findTokenHolder } from './staffTokens';

/** The host id of a terminal that sends no `X-Host-Name` (spec section 9). */
export const DEFAULT_HOST_ID = 'TICKET01';

/** `Authorization: Bearer <token>`: the token is the first group. */
export const BEARER_TOKEN = /^Bearer\s+(\S+)\s*$/i;

/** Who is calling: the signed-in staff member and the terminal (`X-Host-Name`). */
export interface SignedIn {
  staff: StaffRow;
  /** The terminal's id (its host name): registered, and the one the token was issued on. */
  terminalId: string;
  /** A self check-in kiosk's token (then `staff` is the manager who enabled it); absent for a staff member's. */
  kiosk?: true;
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
 * @throws {HttpProblem} 400 when it is no terminal id (`checkTerminalId` of pos-sdk's rules).
 */
export function readHostId(request: FastifyRequest): string {
  const header = request.headers['x-host-name'];
  if (header === undefined || header === '') return DEFAULT_HOST_ID;
  if (typeof header !== 'string' || !isTerminalId(header)) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.invalidHostId, [
      { path: 'X-Host-Name', message: TERMINAL_ID_RULE_TEXT },
    ]);
  }
  return header;
}

/**
 * Deny by default: every route needs a valid user token unless the route itself is marked public in its config
 * (`config.public`: the contract's sign-in calls and health, and the cashier UI's static files). The decision is
 * taken from the route the router matched, after the router's own decoding of the path, never from the URL text,
 * so an encoded or otherwise disguised path reaches either its route (and its check) or the 404 handler, which is
 * not public either: a stranger gets 403 there, so the API's shape is not revealed.
 *
 * The token must be valid (not expired, not revoked, of an active staff member) and bound to the terminal the
 * call comes from (`X-Host-Name`, default TICKET01): a token signed in on one terminal cannot act on another's
 * shift. Back-office routes (`config.role: 'manager'`, from the contract's `role`) answer 403 `not_permitted` to a
 * staff member who is not a manager: a refusal that signs nobody out. Runs before the body is read. Sets
 * `request.signedIn`.
 */
export function installAuthentication(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: Clock },
): void {
  app.decorateRequest('signedIn', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.public;
    if (access === true || (access === 'ui' && !isApiPath(request.url))) return;
    const token = BEARER_TOKEN.exec(request.headers.authorization ?? '')?.[1];
    if (token === undefined) throw HttpProblem.forbidden(SERVER_MESSAGES.forbidden);
    const holder: SignedIn | undefined =
      (await findTokenHolder(deps.db, token, deps.clock())) ?? (await findKioskHolder(deps.db, token));
    if (holder === undefined) throw HttpProblem.forbidden(SERVER_MESSAGES.forbidden);
    // A kiosk checks passes in and nothing else: every other call is refused, without signing anything out.
    if (holder.kiosk === true && request.routeOptions.config?.kiosk !== true) {
      throw HttpProblem.notPermitted(KIOSK_MESSAGES.kioskOnly);
    }
    if (readHostId(request) !== holder.terminalId) {
      throw HttpProblem.forbidden(SERVER_MESSAGES.otherTerminal(holder.terminalId));
    }
    if (request.routeOptions.config?.role === 'manager' && holder.staff.role !== 'manager') {
      throw HttpProblem.notPermitted(BACK_OFFICE_MESSAGES.managerOnly);
    }
    request.signedIn = holder;
  });
}

/** The signed-in staff member as the actor of a back-office change, at `now`. */
export function actorOf(request: FastifyRequest, now: Date): Actor {
  const { staff, terminalId } = signedIn(request);
  return { staffId: staff.id, terminalId, now };
}
