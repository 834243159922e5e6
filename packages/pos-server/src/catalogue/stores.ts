import { SERVER_MESSAGES } from 'pos-sdk';
import type { Db } from '../db/Database';
import { HttpProblem } from '../HttpProblem';

/**
 * Checks that a store code is known.
 *
 * @throws {HttpProblem} 404 'Unknown store X' otherwise.
 */
export async function requireStore(db: Db, store: string): Promise<void> {
  const row = await db.selectFrom('stores').select('code').where('code', '=', store).executeTakeFirst();
  if (row === undefined) throw HttpProblem.notFound(SERVER_MESSAGES.unknownStore(store));
}

/** Creates the store row if it does not exist yet (idempotent; used at start-up, by the seed and for terminals). */
export async function ensureStore(db: Db, store: string, now: Date): Promise<void> {
  await db
    .insertInto('stores')
    .values({ code: store, name: store, currency: 'MYR', created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
}
