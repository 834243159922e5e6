import { setImmediate } from 'node:timers';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * Group commit for the one SQLite connection. With `synchronous = FULL` every COMMIT waits for the disk (an fsync of
 * the WAL): committed one by one, the disk's sync rate bounds the sales a second whatever else the server does, and
 * its event loop stands still during each sync.
 *
 * Here a Kysely transaction (`begin` ... `commit`) becomes a savepoint inside one outer transaction, the batch, which
 * is committed once per turn of the event loop (`setImmediate`) with every transaction that finished in that turn:
 * one sync for all of them. A transaction still rolls back alone (`ROLLBACK TO` its savepoint). Nothing changes for
 * what a transaction sees: the connection is one and Kysely lets one transaction use it at a time, as before.
 *
 * What a batch holds is not durable before its COMMIT, so no answer may leave the server before it: the server's
 * `onSend` hook waits for {@link whenDurable} (see `http/durableAnswers.ts`). That covers answers that only read, too:
 * a read on this connection sees the open batch, and must not show a sale that a power cut could still take back.
 * If the COMMIT fails, every transaction of the batch is lost together and their answers fail (a 5xx); each was an
 * idempotent call whose claim went with it, so its retry runs it again.
 *
 * A limit of waiting for every open batch rather than for the call's own: an answer whose call went on with other
 * work (a timer, a file) after its transaction, long enough for its batch to commit and another to open, waits for
 * that other batch too, and fails if that batch's COMMIT fails although its own writes are on disk. It needs a
 * failing COMMIT (a full or failing disk), and none of the hot paths works between its transaction and its answer.
 */

/** The statement texts Kysely's SQLite driver sends to begin, commit and roll back a transaction. */
export const TRANSACTION_CONTROL = new Set(['begin', 'commit', 'rollback']);

/** The savepoint name of the transaction in progress (Kysely runs one at a time on the connection). */
const SAVEPOINT = 'pos_transaction';

interface Batch {
  /** Batches are numbered in the order they open, across the process's connections. */
  readonly id: number;
  readonly done: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** Every batch of this process not yet committed (all connections). */
const openBatches = new Set<Promise<void>>();
/** The number the next batch gets. */
let nextBatchId = 1;
/** The newest batch that was lost (its COMMIT failed, or SQLite rolled it back): 0 when none was. */
let lastLostBatchId = 0;
/** Called when a batch is lost (e.g. to forget what a cache read from it). */
const lostListeners = new Set<() => void>();

/**
 * The number of the open batch, or of the next to open: what a call has seen or written belongs to batches numbered
 * from here on. With {@link lostSince}, the answer to a call can tell whether a batch it may have read was lost.
 */
export function batchMark(): number {
  return nextBatchId - (openBatches.size > 0 ? 1 : 0);
}

/** Whether a batch numbered `mark` or later was lost (see {@link batchMark}). */
export function lostSince(mark: number): boolean {
  return lastLostBatchId >= mark;
}

/** Calls `listener` whenever a batch is lost; returns the function that stops it. */
export function onBatchLost(listener: () => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

/**
 * Resolves when everything written so far, on every SQLite connection of this process, is committed to disk; rejects
 * if a batch's COMMIT failed. `undefined` when nothing is waiting (the common case for a read), so a caller can skip
 * an `await`.
 */
export function whenDurable(): Promise<void> | undefined {
  if (openBatches.size === 0) return undefined;
  if (openBatches.size === 1) return openBatches.values().next().value;
  return Promise.all(openBatches).then(() => undefined);
}

/** The transaction statements of one connection, batched as described above. */
export interface GroupCommit {
  begin(): void;
  commit(): void;
  rollback(): void;
  /** Commits the open batch now (before the connection closes). Throws what the COMMIT threw. */
  flush(): void;
}

function newBatch(): Batch {
  const id = nextBatchId++;
  let resolve = (): void => {};
  let reject = (_error: unknown): void => {};
  const done = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // A batch nobody waits for (its transactions' callers are gone) must not end the process as unhandled.
  done.catch(() => {});
  return { id, done, resolve, reject };
}

/** Group commit on `database` (see the top of this file). */
export function groupCommitOf(database: BetterSqlite3.Database): GroupCommit {
  // Prepared once: `exec` parses its text every time, a cost paid again on every savepoint.
  const statement = (text: string) => {
    const prepared = database.prepare(text);
    return () => prepared.run();
  };
  const beginBatch = statement('BEGIN IMMEDIATE');
  const commit = statement('COMMIT');
  const savepoint = statement(`SAVEPOINT ${SAVEPOINT}`);
  const release = statement(`RELEASE ${SAVEPOINT}`);
  const rollbackToSavepoint = statement(`ROLLBACK TO ${SAVEPOINT}`);
  let batch: Batch | undefined;
  let inTransaction = false;
  let flushDue = false;

  const end = (current: Batch, error?: unknown): void => {
    batch = undefined;
    flushDue = false;
    openBatches.delete(current.done);
    if (error === undefined) {
      current.resolve();
      return;
    }
    lastLostBatchId = Math.max(lastLostBatchId, current.id);
    current.reject(error);
    for (const listener of lostListeners) listener();
  };
  /** SQLite ended the outer transaction itself (some errors roll it back whole): the batch is lost. */
  const lost = (current: Batch): Error => {
    const error = new Error('The database rolled back a batch of transactions; none of them was committed.');
    end(current, error);
    return error;
  };
  const commitBatch = (): void => {
    const current = batch;
    if (current === undefined) return;
    if (inTransaction) {
      flushDue = true; // committed when that transaction ends
      return;
    }
    if (!database.inTransaction) {
      lost(current);
      return;
    }
    try {
      commit();
    } catch (error) {
      try {
        if (database.inTransaction) database.exec('ROLLBACK');
      } finally {
        end(current, error);
      }
      throw error;
    }
    end(current);
  };
  const flushLater = (): void => {
    try {
      commitBatch();
    } catch {
      // Its waiters have the error.
    }
  };

  return {
    begin() {
      if (batch !== undefined && !database.inTransaction) lost(batch);
      if (batch === undefined) {
        // IMMEDIATE: the write lock at once (waiting up to busy_timeout), so a batch that began with a read is never
        // refused the upgrade to a write by another process's commit.
        beginBatch();
        batch = newBatch();
        openBatches.add(batch.done);
        setImmediate(flushLater);
      }
      savepoint();
      inTransaction = true;
    },
    commit() {
      inTransaction = false;
      const current = batch;
      if (current !== undefined && !database.inTransaction) throw lost(current);
      release();
      if (flushDue) commitBatch();
    },
    rollback() {
      inTransaction = false;
      const current = batch;
      // The batch is gone already (lost, or its COMMIT failed in `commit`): nothing of this transaction is left.
      if (current === undefined) return;
      if (!database.inTransaction) {
        lost(current);
        return;
      }
      rollbackToSavepoint();
      release();
      if (flushDue) commitBatch();
    },
    flush: commitBatch,
  };
}
