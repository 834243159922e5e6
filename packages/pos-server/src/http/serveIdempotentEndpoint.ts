import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { EndpointName } from 'pos-sdk/contract';
import type { Database } from '../db/Database';
import type { AppContext } from './AppContext';
import { type HttpProblem, isHttpProblem } from './HttpProblem';
import {
  type AnswerSlot,
  hashRequestBody,
  readIdempotencyKey,
  type StatementClaim,
  withIdempotency,
  withIdempotencyInStatement,
} from './idempotency';
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
  /** Where the answer goes, for work that stores it itself (`withIdempotency`); undefined without a key. */
  answer?: AnswerSlot | undefined;
};

/**
 * Registers a money call (checkout, renewal, cancel, refund): signed in, keyed with `Idempotency-Key` in `scope`
 * (the same key and body answer the first result without doing the work again, also when sent twice at once;
 * another body is a 409), and the work done in the transaction that stores the answer. `mail.wake()` runs after
 * the commit, for the messages the work queued.
 *
 * @example
 * serveIdempotentEndpoint(app, context, 'checkout', 'checkout', signedIn, (trx, call) => checkout(trx, call.body, …));
 */
export function serveIdempotentEndpoint<N extends EndpointName, C extends Caller>(
  app: FastifyInstance,
  { db, clock, venue, mail }: Pick<AppContext, 'db' | 'clock' | 'venue' | 'mail'>,
  name: N,
  scope: string,
  /** Who calls, read from the request before anything else (e.g. `signedIn`, which refuses a call without a token). */
  caller: (request: FastifyRequest) => C,
  work: (trx: Transaction<Database>, call: IdempotentCall<N, C>) => Promise<EndpointReply<N>>,
  /**
   * Runs after the work refused the call (an `HttpProblem`, its transaction rolled back) and before the refusal is
   * answered, e.g. to keep a refused offline replay for the manager (`offline/syncConflicts`).
   */
  onRefused?: (
    call: IdempotentCall<N, C> & { key: string | undefined },
    problem: HttpProblem,
  ) => Promise<void>,
  /**
   * The same work without a transaction, for the calls `applies` to, with a key: it claims the key in its own last
   * statement (`withIdempotencyInStatement`) and answers undefined when it found the key taken.
   */
  oneStatement?: {
    applies: (db: Kysely<Database>, call: IdempotentCall<N, C>) => boolean;
    work: (
      db: Kysely<Database>,
      call: IdempotentCall<N, C>,
      claim: StatementClaim,
    ) => Promise<EndpointReply<N> | undefined>;
  },
): void {
  serveEndpoint(app, name, async (request) => {
    const who = caller(request);
    const now = clock();
    const timeZone = await venue.timeZone();
    const key = readIdempotencyKey(request.headers);
    // The body was validated against the contract schema before the handler runs (serveEndpoint).
    const call = {
      ...who,
      body: request.body as EndpointBody<N>,
      now,
      timeZone,
    } as IdempotentCall<N, C>;
    try {
      const idempotency = {
        key,
        scope,
        staffId: who.staff.id,
        bodyHash: hashRequestBody(request.body),
        now,
      };
      const { body } =
        key !== undefined && oneStatement?.applies(db, call) === true
          ? await withIdempotencyInStatement(db, { ...idempotency, key }, (plain, claim) =>
              oneStatement.work(plain, call, claim),
            )
          : await withIdempotency(db, idempotency, (trx, answer) => work(trx, { ...call, answer }));
      mail?.wake();
      return body;
    } catch (error) {
      if (onRefused !== undefined && isHttpProblem(error)) await onRefused({ ...call, key }, error);
      throw error;
    }
  });
}
