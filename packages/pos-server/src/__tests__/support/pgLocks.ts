import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/Database';

/**
 * PostgreSQL lock helpers for tests that make a race certain: the test holds a lock from its own transaction, starts
 * a call so that it waits there, sends the competing call, then lets go. Every function polls `pg_stat_activity`
 * through `db` (the test app's pool: the calls waiting are other connections of it).
 */

/** How long the helpers wait between two looks at `pg_stat_activity`. */
const POLL_MS = 10;
/** How many times they look before giving up (about 5 s, plus the queries' own time). */
const POLLS = 500;

const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/**
 * The backends waiting, directly or behind another waiter, for a lock that one of `pids` holds (the second waiter
 * for a row waits for the first one's tuple lock, not for the holder). `pids` themselves are left out.
 */
export async function waitersOf(db: Kysely<Database>, ...pids: number[]): Promise<number[]> {
  const found = new Set<number>(pids.map(Number));
  for (let size = 0; size !== found.size; ) {
    size = found.size;
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where pg_blocking_pids(pid) && ${[...found]}::int[]`.execute(db);
    for (const row of rows) found.add(Number(row.pid));
  }
  for (const pid of pids) found.delete(Number(pid));
  return [...found];
}

/**
 * Polls until a backend waits (as {@link waitersOf} tells) for one of `pids`; gives its pid.
 *
 * @throws when nothing waited within about 5 s.
 */
export async function firstWaiterOf(db: Kysely<Database>, ...pids: number[]): Promise<number> {
  for (let tries = 0; tries < POLLS; tries++) {
    const [waiter] = await waitersOf(db, ...pids);
    if (waiter !== undefined) return waiter;
    await pause();
  }
  throw new Error(`Nothing waited for backends ${pids.join(', ')}`);
}

/**
 * Until `call` has settled, or a backend waits for one of `pids` (`call` waits for them), whichever comes first.
 *
 * @returns whether `call` settled first.
 * @throws when neither happened within about 5 s.
 */
export async function finishedOrWaitingFor(
  db: Kysely<Database>,
  call: Promise<unknown>,
  ...pids: number[]
): Promise<boolean> {
  let done = false;
  const settle = (): number[] => {
    done = true;
    return [];
  };
  const settled = call.then(settle, settle);
  for (let tries = 0; tries < POLLS; tries++) {
    const waiters = await Promise.race([settled, waitersOf(db, ...pids)]);
    if (done || waiters.length > 0) return done;
    await pause();
  }
  throw new Error(`The call neither finished nor waited for backends ${pids.join(', ')}`);
}

/** What {@link withLockHeld} locks: a statement, or a function running its statements in the given transaction. */
export type Lock = RawBuilder<unknown> | ((trx: Transaction<Database>) => Promise<unknown>);

/**
 * Runs `during` while another transaction holds what `lock` locks; gives `during` that transaction's backend pid.
 * The transaction then commits, and is awaited, whether `during` succeeded or threw.
 *
 * @example await withLockHeld(t.db, sql`select id from staff where email = ${MANAGER} for update`, async (holder) => { … });
 */
export async function withLockHeld<T>(
  db: Kysely<Database>,
  lock: Lock,
  during: (holder: number) => Promise<T>,
): Promise<T> {
  let release = (): void => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = (_pid: number): void => {};
  const held = new Promise<number>((resolve) => {
    holding = resolve;
  });
  const holder = db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    if (typeof lock === 'function') await lock(trx);
    else await lock.execute(trx);
    holding(Number(rows[0]?.pid));
    await released;
  });
  try {
    // If the transaction fails before it holds the lock, its error is thrown (`finally`) instead of waiting forever.
    const pid = await Promise.race([held, holder.then(() => undefined)]);
    if (pid === undefined) throw new Error('The transaction meant to hold the lock ended before holding it');
    return await during(pid);
  } finally {
    release();
    await holder;
  }
}
