import { SERVER_MESSAGES } from 'pos-sdk/messages';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';

/**
 * Checks that a store code is known.
 *
 * @throws {HttpProblem} 404 'Unknown store X' otherwise.
 */
export async function requireStore(db: Db, store: string): Promise<void> {
  if (!(await isStore(db, store))) throw HttpProblem.notFound(SERVER_MESSAGES.unknownStore(store));
}

/** Is this code a store of the venue? */
export async function isStore(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('stores').select('code').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks that the `origin` of a request body is a known store, as checkout does: a typo in a script's origin is a
 * 400 'Unknown store X' on `origin`, never an empty list or an export with no rows.
 *
 * @throws {HttpProblem} 400 `invalid_request` otherwise.
 */
export async function requireOrigin(db: Db, origin: string): Promise<void> {
  if (!(await isStore(db, origin))) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.unknownStore(origin), [
      { path: 'origin', message: SERVER_MESSAGES.unknownStore(origin) },
    ]);
  }
}

/** Creates the store row if it does not exist yet (idempotent; used at start-up, by the seed and for terminals). */
export async function ensureStore(db: Db, store: string, now: Date): Promise<void> {
  await db
    .insertInto('stores')
    .values({ code: store, name: store, currency: 'MYR', created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
}
