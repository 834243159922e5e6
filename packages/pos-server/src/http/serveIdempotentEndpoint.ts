import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { EndpointName } from 'pos-sdk/contract';
import type { Database } from '../db/Database';
import type { AppContext } from './AppContext';
import { hashRequestBody, readIdempotencyKey, withIdempotency } from './idempotency';
import { type EndpointBody, type EndpointReply, serveEndpoint } from './serveEndpoint';

/** Who makes a money call, as the endpoint's `caller` reads it from the request (a key is one staff member's). */
export interface Caller {
  staff: { id: string };
}

/** What the work of a money call gets besides its transaction: who calls (the caller's fields), when, in which zone. */
export type IdempotentCall<N extends EndpointName, C extends Caller = Caller> = C & {
  body: EndpointBody<N>;
  now: Date;
  /** The venue's time zone, read once per call. */
  timeZone: string;
};

/**
 * Registers a money call (renewal, cancel, refund): signed in, keyed with `Idempotency-Key` in `scope` (the same key
 * and body answer the first result without doing the work again, also when sent twice at once; another body is a
 * 409), and the work done in the transaction that stores the answer. `mail.wake()` runs after the commit, for the
 * messages the work queued.
 *
 * @example
 * serveIdempotentEndpoint(app, context, 'cancelOrder', 'cancel_order', signedIn, (trx, call) => cancelOrder(trx, …));
 */
export function serveIdempotentEndpoint<N extends EndpointName, C extends Caller>(
  app: FastifyInstance,
  { db, clock, venue, mail }: Pick<AppContext, 'db' | 'clock' | 'venue' | 'mail'>,
  name: N,
  scope: string,
  /** Who calls, read from the request before anything else (e.g. `signedIn`, which refuses a call without a token). */
  caller: (request: FastifyRequest) => C,
  work: (trx: Transaction<Database>, call: IdempotentCall<N, C>) => Promise<EndpointReply<N>>,
): void {
  serveEndpoint(app, name, async (request) => {
    const who = caller(request);
    const now = clock();
    const timeZone = await venue.timeZone();
    const key = readIdempotencyKey(request.headers);
    // The body was validated against the contract schema before the handler runs (serveEndpoint).
    const call = { ...who, body: request.body as EndpointBody<N>, now, timeZone } as IdempotentCall<N, C>;
    const { body } = await withIdempotency(
      db,
      { key, scope, staffId: who.staff.id, bodyHash: hashRequestBody(request.body), now },
      (trx) => work(trx, call),
    );
    mail?.wake();
    return body;
  });
}
