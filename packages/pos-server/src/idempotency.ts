import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/Database';
import { HttpProblem } from './HttpProblem';

/** How long a stored answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** A pending key older than this belongs to a request that died (crash): the next identical request takes it over. */
const ABANDONED_AFTER_MS = 60_000;
/** How long a concurrent duplicate waits for the first request's answer before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 25;

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
  /** How long a duplicate waits for a request in progress before 409 'Request in progress' (default 10 s). */
  waitMs?: number;
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
    throw HttpProblem.invalidRequest('Invalid Idempotency-Key header: use a UUID', [
      { path: 'Idempotency-Key', message: 'must be 1 to 200 letters, digits, ".", "_", ":" or "-"' },
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a money-moving piece of work at most once per idempotency key.
 *
 * - No key: runs `work` in a transaction.
 * - First use of a key: claims it (a `pending` row; the primary key makes exactly one concurrent request win),
 *   runs `work` in a transaction that also stores the answer, and returns it.
 * - Same key and same body within 24 hours: returns the stored answer (`replayed`), without running `work`.
 *   A duplicate arriving while the first is still running waits for its answer (up to 10 s, then 409).
 * - Same key, other body (or another staff member): 409 conflict.
 * - When `work` throws, the claim is released and nothing is stored, so the client can retry with the same key.
 *
 * @example
 * const { body } = await withIdempotency(db, { key, scope: 'checkout', staffId, bodyHash, now }, (trx) =>
 *   writeOrder(trx, cart),
 * );
 */
export async function withIdempotency<T>(
  db: Kysely<Database>,
  request: IdempotencyRequest,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const { key, scope } = request;
  if (key === undefined) {
    return { body: await db.transaction().execute(work), replayed: false };
  }
  const now = request.now.toISOString();
  const expired = new Date(request.now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  await db.deleteFrom('idempotency_keys').where('created_at', '<', expired).execute();

  const deadline = Date.now() + (request.waitMs ?? WAIT_MS);
  for (;;) {
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({
        scope,
        key,
        staff_id: request.staffId,
        body_hash: request.bodyHash,
        status: 'pending',
        response_status: null,
        response_body: null,
        created_at: now,
        completed_at: null,
      })
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed !== undefined) return { body: await runClaimed(db, request, work), replayed: false };

    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row === undefined) continue; // the first request failed and released the key: try to claim it again
    if (row.body_hash !== request.bodyHash || row.staff_id !== request.staffId) {
      throw HttpProblem.conflict('This Idempotency-Key was already used for a different request');
    }
    if (row.status === 'done' && row.response_body !== null) {
      return { body: JSON.parse(row.response_body) as T, replayed: true };
    }
    if (row.created_at < new Date(request.now.getTime() - ABANDONED_AFTER_MS).toISOString()) {
      const takenOver = await db
        .updateTable('idempotency_keys')
        .set({ created_at: now })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('status', '=', 'pending')
        .where('created_at', '=', row.created_at)
        .returning('key')
        .executeTakeFirst();
      if (takenOver !== undefined) return { body: await runClaimed(db, request, work), replayed: false };
      continue;
    }
    if (Date.now() >= deadline) throw HttpProblem.conflict('Request in progress');
    await sleep(POLL_MS);
  }
}

async function runClaimed<T>(
  db: Kysely<Database>,
  request: IdempotencyRequest,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const key = request.key ?? '';
  try {
    return await db.transaction().execute(async (trx) => {
      const body = await work(trx);
      // Stored in the same transaction as the work: either both the order and its answer exist, or neither.
      await trx
        .updateTable('idempotency_keys')
        .set({
          status: 'done',
          response_status: 200,
          response_body: JSON.stringify(body),
          completed_at: request.now.toISOString(),
        })
        .where('scope', '=', request.scope)
        .where('key', '=', key)
        .execute();
      return body;
    });
  } catch (error) {
    await db
      .deleteFrom('idempotency_keys')
      .where('scope', '=', request.scope)
      .where('key', '=', key)
      .where('status', '=', 'pending')
      .execute();
    throw error;
  }
}
