import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { MESSAGES, SERVER_MESSAGES } from 'pos-sdk/messages';
import type { Database, IdempotencyKeysTable } from '../db/Database';
import { preparedQuery } from '../db/preparedQuery';
import { HttpProblem } from './HttpProblem';

/** How long a stored answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * Only servers before crash-safe idempotency left `pending` claims committed (their claim was its own statement):
 * one younger than this may still be running there (409 'Request in progress'); an older one is taken over.
 */
const LEGACY_PENDING_ABANDONED_AFTER_MS = 60_000;
/** Keys older than the TTL are deleted at most this often (per database handle), after a piece of work. */
const SWEEP_EVERY_MS = 60 * 60_000;

const KEY_PATTERN = /^[A-Za-z0-9._:-]{1,200}$/;

/** What identifies one idempotent request. */
export interface IdempotencyRequest {
  /** The `Idempotency-Key` header; undefined runs the work without idempotency. */
  key: string | undefined;
  /** The call, e.g. `checkout`: the same key on two different calls are two different requests. */
  scope: string;
  staffId: string;
  /** {@link hashRequestBody} of the validated body. */
  bodyHash: string;
  now: Date;
}

/**
 * Where the answer of a keyed call goes, for work that stores it itself with its last statement: the key's row,
 * claimed in the work's transaction, gets `status = 'done'`, the answer's JSON (exactly `JSON.stringify` of the
 * answer) and `completedAt`. Work that does so returns {@link StoredAnswer}; otherwise {@link withIdempotency} stores
 * the answer after the work, as for any call.
 */
export interface AnswerSlot {
  readonly scope: string;
  readonly key: string;
  readonly completedAt: string;
}

/** The answer of work that stored it with its key itself (see {@link AnswerSlot}): it is not stored again. */
export class StoredAnswer<T> {
  readonly kind = 'stored';
  constructor(readonly body: T) {}
}

/**
 * What work that claims the key itself (see {@link withIdempotencyInStatement}) found instead of doing the call: the
 * key's row, taken by another call, or `null` when its claim lost to a call of the same key (whose row is then read).
 */
export interface KeyTaken {
  readonly kind: 'taken';
  readonly row: IdempotencyKeysTable | null;
}

/** The work's answer, and whether it is a replay of an earlier answer. */
export interface IdempotentResult<T> {
  body: T;
  replayed: boolean;
}

/**
 * The `Idempotency-Key` header of a request: undefined when absent.
 *
 * @throws {HttpProblem} 400 when present but not 1–200 characters of letters, digits, `.`, `_`, `:` or `-`.
 */
export function readIdempotencyKey(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.invalidIdempotencyKey, [
      { path: 'Idempotency-Key', message: SERVER_MESSAGES.idempotencyKeyFormat },
    ]);
  }
  return value;
}

const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
};

/** sha256 of a body's JSON with sorted keys: the same request in another key order hashes the same. */
export function hashRequestBody(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('hex');
}

/**
 * Claims a key inside the work's transaction, in one statement: inserts a `pending` row, or takes over a row
 * that is past the TTL (or a legacy abandoned `pending` one). Returns whether this transaction owns the key.
 *
 * The claim is uncommitted until the work commits, so it never outlives the process that made it: a crash rolls it
 * back with the work. A concurrent duplicate's insert of the same key waits on the primary key until the first
 * transaction ends (PostgreSQL waits on the uncommitted row; SQLite runs one write transaction at a time), then
 * finds the finished row (replay) or, if the first rolled back, claims the key itself. No claim ever expires while
 * its work runs, so a call never runs twice for one key, however long it takes.
 */
async function claimKey(
  trx: Transaction<Database>,
  request: IdempotencyRequest,
  key: string,
): Promise<boolean> {
  const now = request.now.getTime();
  const expired = new Date(now - IDEMPOTENCY_TTL_MS).toISOString();
  const abandoned = new Date(now - LEGACY_PENDING_ABANDONED_AFTER_MS).toISOString();
  const claimed = await claimStatement.executeTakeFirst(
    trx,
    request.scope,
    key,
    request.staffId,
    request.bodyHash,
    request.now.toISOString(),
    expired,
    abandoned,
  );
  return claimed !== undefined;
}

/** The claim of {@link claimKey} in one statement, compiled once (preparedQuery). */
const claimStatement = preparedQuery(
  (
    db,
    scope: string,
    key: string,
    staffId: string,
    bodyHash: string,
    createdAt: string,
    expired: string,
    abandoned: string,
  ) => {
    const claim = {
      staff_id: staffId,
      body_hash: bodyHash,
      status: 'pending' as const,
      response_status: null,
      response_body: null,
      created_at: createdAt,
      completed_at: null,
    };
    return db
      .insertInto('idempotency_keys')
      .values({ scope, key, ...claim })
      .onConflict((conflict) =>
        conflict
          .columns(['scope', 'key'])
          .doUpdateSet(claim)
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.created_at', '<', expired),
              eb.and([
                eb('idempotency_keys.status', '=', 'pending'),
                eb('idempotency_keys.created_at', '<', abandoned),
              ]),
            ]),
          ),
      )
      .returning('key');
  },
  7,
);

/** A key's row, when the claim found it taken (a replay reads it). */
const claimedRow = preparedQuery(
  (db, scope: string, key: string) =>
    db.selectFrom('idempotency_keys').selectAll().where('scope', '=', scope).where('key', '=', key),
  2,
);

/** Stores a finished call's answer with its key (compiled once). */
const storeAnswer = preparedQuery(
  (db, scope: string, key: string, body: string, completedAt: string) =>
    db
      .updateTable('idempotency_keys')
      .set({ status: 'done', response_status: 200, response_body: body, completed_at: completedAt })
      .where('scope', '=', scope)
      .where('key', '=', key),
  4,
);

type Outcome<T> = { kind: 'ran'; body: T } | { kind: 'taken'; row: IdempotencyKeysTable | undefined };

const lastSweep = new WeakMap<Kysely<Database>, number>();

/** Deletes keys past the TTL, at most once per {@link SWEEP_EVERY_MS}; a failure only waits for the next sweep. */
async function sweepExpiredKeys(db: Kysely<Database>, now: Date): Promise<void> {
  const last = lastSweep.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', expired)
    .execute()
    .catch(() => {});
}

/**
 * Runs a money-moving piece of work at most once per idempotency key.
 *
 * - No key: runs `work` in a transaction.
 * - First use of a key: one transaction claims the key (one statement), runs `work` and stores its answer with it
 *   (unless the work stored it itself in the {@link AnswerSlot} and says so with {@link StoredAnswer}); a crash or a
 *   failure rolls all three back, so the key is free again at once for the client's retry.
 * - Same key and same body within 24 hours: returns the stored answer (`replayed`), without running `work`.
 *   A duplicate arriving while the first is still running waits for the first to end (the database's lock on the
 *   key), then replays its answer, or runs the work itself if the first failed.
 * - Same key, other body (or another staff member): 409 conflict.
 *
 * @example
 * const { body } = await withIdempotency(db, { key, scope: 'checkout', staffId, bodyHash, now }, (trx) =>
 *   writeOrder(trx, cart),
 * );
 */
export async function withIdempotency<T>(
  db: Kysely<Database>,
  request: IdempotencyRequest,
  work: (trx: Transaction<Database>, answer: AnswerSlot | undefined) => Promise<T | StoredAnswer<T>>,
): Promise<IdempotentResult<T>> {
  const { key, scope } = request;
  if (key === undefined) {
    const result = await db.transaction().execute((trx) => work(trx, undefined));
    return { body: result instanceof StoredAnswer ? result.body : result, replayed: false };
  }
  // A second round only when the row claimed against vanished before it was read (a sweep of expired keys).
  for (let round = 0; ; round++) {
    const outcome = await db.transaction().execute(async (trx): Promise<Outcome<T>> => {
      if (!(await claimKey(trx, request, key))) {
        const row = await claimedRow.executeTakeFirst(trx, scope, key);
        return { kind: 'taken', row };
      }
      const answer: AnswerSlot = { scope, key, completedAt: request.now.toISOString() };
      const result = await work(trx, answer);
      if (result instanceof StoredAnswer) return { kind: 'ran', body: result.body };
      // Stored in the same transaction as the work: either both the work and its answer exist, or neither.
      await storeAnswer.execute(trx, scope, key, JSON.stringify(result), answer.completedAt);
      return { kind: 'ran', body: result };
    });
    if (outcome.kind === 'ran') {
      await sweepExpiredKeys(db, request.now);
      return { body: outcome.body, replayed: false };
    }
    const { row } = outcome;
    if (row === undefined && round < 2) continue;
    return replayOf<T>(row, request);
  }
}

/**
 * The answer to a call whose key was found taken: the stored answer (same body, same staff member), or a 409.
 *
 * @throws {HttpProblem} 409 when the key is another call's, or still pending (or its row vanished).
 */
function replayOf<T>(
  row: IdempotencyKeysTable | undefined,
  request: IdempotencyRequest,
): IdempotentResult<T> {
  if (row === undefined) throw HttpProblem.conflict(MESSAGES.requestInProgress);
  if (row.body_hash !== request.bodyHash || row.staff_id !== request.staffId) {
    throw HttpProblem.conflict(SERVER_MESSAGES.idempotencyKeyReused);
  }
  if (row.status === 'done' && row.response_body !== null) {
    return { body: JSON.parse(row.response_body) as T, replayed: true };
  }
  // A committed `pending` claim of a server version before this one, still young: it may be running there.
  throw HttpProblem.conflict(MESSAGES.requestInProgress);
}

/**
 * The claim of a keyed call made by the work's own last statement, outside any transaction (see
 * {@link withIdempotencyInStatement}), with the answer stored by that statement too.
 */
export interface StatementClaim extends AnswerSlot {
  readonly staffId: string;
  readonly bodyHash: string;
  /** The claim's `created_at`. */
  readonly createdAt: string;
  /** A row created before this is past the TTL: the claim takes it over. */
  readonly expired: string;
  /** A legacy `pending` row created before this is abandoned: the claim takes it over. */
  readonly abandoned: string;
}

/** The claim of a keyed call made at `request.now`, for work that claims the key in its own statement. */
export function statementClaim(request: IdempotencyRequest & { key: string }): StatementClaim {
  const now = request.now.getTime();
  const at = request.now.toISOString();
  return {
    scope: request.scope,
    key: request.key,
    completedAt: at,
    staffId: request.staffId,
    bodyHash: request.bodyHash,
    createdAt: at,
    expired: new Date(now - IDEMPOTENCY_TTL_MS).toISOString(),
    abandoned: new Date(now - LEGACY_PENDING_ABANDONED_AFTER_MS).toISOString(),
  };
}

/** Whether `row` of a key counts as taken for a claim made at `claim` (else the claim takes it over). */
export function isTaken(
  row: Pick<IdempotencyKeysTable, 'created_at' | 'status'>,
  claim: Pick<StatementClaim, 'expired' | 'abandoned'>,
): boolean {
  if (row.created_at < claim.expired) return false;
  return !(row.status === 'pending' && row.created_at < claim.abandoned);
}

/**
 * {@link withIdempotency} for work that claims the key in its own last statement, outside any transaction (a
 * statement is atomic by itself, and a transaction's BEGIN and COMMIT are two more round trips). The work reads the
 * key's row with its first statement and, if {@link isTaken}, answers {@link KeyTaken} with it (nothing done); its
 * last statement claims the key, does the work and stores the answer only if the claim succeeds ({@link StoredAnswer}),
 * else writes nothing ({@link KeyTaken} with `row: null`). A duplicate sent at the same moment waits on the key in
 * that statement until the first ends, as in {@link withIdempotency}.
 */
export async function withIdempotencyInStatement<T>(
  db: Kysely<Database>,
  request: IdempotencyRequest & { key: string },
  work: (db: Kysely<Database>, claim: StatementClaim) => Promise<StoredAnswer<T> | KeyTaken>,
): Promise<IdempotentResult<T>> {
  for (let round = 0; ; round++) {
    const outcome = await work(db, statementClaim(request));
    if (outcome.kind === 'stored') {
      await sweepExpiredKeys(db, request.now);
      return { body: outcome.body, replayed: false };
    }
    const row = outcome.row ?? (await claimedRow.executeTakeFirst(db, request.scope, request.key));
    if (row === undefined && round < 2) continue;
    return replayOf<T>(row, request);
  }
}
