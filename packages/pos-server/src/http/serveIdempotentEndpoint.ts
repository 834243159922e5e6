import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { EndpointName } from 'pos-sdk/contract';
import { type SignedIn, signedIn } from '../auth/authentication';
import type { Database } from '../db/Database';
import { type HttpProblem, isHttpProblem } from '../HttpProblem';
import {
  type AnswerSlot,
  hashRequestBody,
  readIdempotencyKey,
  type StatementClaim,
  withIdempotency,
  withIdempotencyInStatement,
} from '../idempotency';
import { hasReplayHeader } from '../offline/saleTime';
import type { AppContext } from './AppContext';
import { type EndpointBody, type EndpointReply, serveEndpoint } from './serveEndpoint';

/** What the work of a money call gets besides its transaction: who calls, from where, when, in which zone. */
export interface IdempotentCall<N extends EndpointName> extends SignedIn {
  body: EndpointBody<N>;
  now: Date;
  /** The venue's time zone, read once per call. */
  timeZone: string;
  /** Whether the terminal marked the call as the replay of something it did offline (`X-Offline-Replay: 1`). */
  replayed: boolean;
  /** Where the answer goes, for work that stores it itself (`withIdempotency`); undefined without a key. */
  answer?: AnswerSlot | undefined;
}

/**
 * Registers a money call (checkout, renewal, cancel, refund): signed in, keyed with `Idempotency-Key` in `scope`
 * (the same key and body answer the first result without doing the work again, also when sent twice at once;
 * another body is a 409), and the work done in the transaction that stores the answer. `mail.wake()` runs after
 * the commit, for the messages the work queued.
 *
 * @example
 * serveIdempotentEndpoint(app, context, 'checkout', 'checkout', (trx, call) => checkout(trx, call.body, …));
 */
export function serveIdempotentEndpoint<N extends EndpointName>(
  app: FastifyInstance,
  { db, clock, venue, mail }: Pick<AppContext, 'db' | 'clock' | 'venue' | 'mail'>,
  name: N,
  scope: string,
  work: (trx: Transaction<Database>, call: IdempotentCall<N>) => Promise<EndpointReply<N>>,
  /**
   * Runs after the work refused the call (an `HttpProblem`, its transaction rolled back) and before the refusal is
   * answered, e.g. to keep a refused offline replay for the manager (`offline/syncConflicts`).
   */
  onRefused?: (call: IdempotentCall<N> & { key: string | undefined }, problem: HttpProblem) => Promise<void>,
  /**
   * The same work without a transaction, for the calls `applies` to, with a key: it claims the key in its own last
   * statement (`withIdempotencyInStatement`) and answers undefined when it found the key taken.
   */
  oneStatement?: {
    applies: (db: Kysely<Database>, call: IdempotentCall<N>) => boolean;
    work: (
      db: Kysely<Database>,
      call: IdempotentCall<N>,
      claim: StatementClaim,
    ) => Promise<EndpointReply<N> | undefined>;
  },
): void {
  serveEndpoint(app, name, async (request) => {
    const caller = signedIn(request);
    const now = clock();
    const timeZone = await venue.timeZone();
    const key = readIdempotencyKey(request.headers);
    // The body was validated against the contract schema before the handler runs (serveEndpoint).
    const call: IdempotentCall<N> = {
      ...caller,
      body: request.body as EndpointBody<N>,
      now,
      timeZone,
      replayed: hasReplayHeader(request.headers),
    };
    try {
      const idempotency = {
        key,
        scope,
        staffId: caller.staff.id,
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
