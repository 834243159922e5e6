import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import { type Generated, type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdAnswersUntilDurable } from '../../http/durableAnswers';
import { createDb } from '../createDb';
import { batchMark, lostSince, onBatchLost, whenDurable } from '../groupCommit';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

/** A table of notes, and one whose parent key is checked only at COMMIT (so a COMMIT can be made to fail). */
interface Db {
  notes: { id: Generated<number>; text: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

describe('group commit (SQLite)', () => {
  let dir: string;
  let path: string;
  let db: Kysely<Db>;
  /** A second connection to the same file: it sees only what is committed. */
  let reader: BetterSqlite3.Database;
  const committedNotes = () =>
    (reader.prepare('select text from notes order by id').all() as { text: string }[]).map((row) => row.text);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pos-group-commit-'));
    path = join(dir, 'pos.db');
    db = createDb(`sqlite:${path}`) as unknown as Kysely<Db>;
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await sql`create table parents (id integer primary key)`.execute(db);
    await sql`create table children (id integer primary key, parent_id integer not null
      references parents (id) deferrable initially deferred)`.execute(db);
    reader = new Database(path, { readonly: true });
  });
  afterEach(async () => {
    reader.close();
    await db.destroy().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });

  const note = (text: string) =>
    db.transaction().execute((trx) => trx.insertInto('notes').values({ text }).execute());

  it('commits the transactions of one turn of the event loop together, and says when they are durable', async () => {
    await Promise.all([note('a'), note('b'), note('c')]);
    const durable = whenDurable();
    expect(durable).toBeInstanceOf(Promise);
    expect(committedNotes()).toEqual([]); // finished, not yet committed
    await durable;
    expect(committedNotes()).toEqual(['a', 'b', 'c']);
    expect(whenDurable()).toBeUndefined();
  });

  it('rolls a failed transaction back alone; the others of its batch commit', async () => {
    const failed = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ text: 'lost' }).execute();
      throw new Error('refused');
    });
    await Promise.all([note('before'), expect(failed).rejects.toThrow('refused'), note('after')]);
    await whenDurable();
    expect(committedNotes()).toEqual(['before', 'after']);
    expect(await db.selectFrom('notes').select('text').orderBy('id').execute()).toEqual([
      { text: 'before' },
      { text: 'after' },
    ]);
  });

  it('fails every transaction of a batch whose COMMIT fails, keeps none of them, and goes on with the next batch', async () => {
    await note('kept');
    await whenDurable();
    await note('lost with the batch');
    const mark = batchMark();
    let lostCalls = 0;
    const stop = onBatchLost(() => {
      lostCalls += 1;
    });
    // Accepted by its savepoint, refused at COMMIT: the child's parent does not exist.
    await db
      .transaction()
      .execute((trx) => trx.insertInto('children').values({ id: 1, parent_id: 9 }).execute());
    const durable = whenDurable();
    await expect(durable).rejects.toThrow(/FOREIGN KEY/);
    stop();
    expect(lostCalls).toBe(1);
    expect(lostSince(mark)).toBe(true);
    expect(committedNotes()).toEqual(['kept']);
    expect(await db.selectFrom('notes').select('text').execute()).toEqual([{ text: 'kept' }]);
    await note('next');
    await whenDurable();
    expect(committedNotes()).toEqual(['kept', 'next']);
  });

  it('loses the whole batch when SQLite rolls it back itself, and reports the statement’s own error', async () => {
    await sql`create trigger refuse after insert on parents when new.id = 13
      begin select raise(rollback, 'refused by the trigger'); end`.execute(db);
    await whenDurable();
    const mark = batchMark();
    const first = note('in the batch');
    const refused = db.transaction().execute((trx) => trx.insertInto('parents').values({ id: 13 }).execute());
    await first;
    await expect(refused).rejects.toThrow('refused by the trigger');
    expect(lostSince(mark)).toBe(true);
    expect(whenDurable()).toBeUndefined();
    expect(committedNotes()).toEqual([]);
    await note('next');
    await whenDurable();
    expect(committedNotes()).toEqual(['next']);
  });

  it('commits the open batch when the database is closed', async () => {
    await note('at close');
    await db.destroy();
    expect(committedNotes()).toEqual(['at close']);
  });

  it('holds every answer until what it reports is committed, and answers an error if the COMMIT fails', async () => {
    const app = Fastify();
    holdAnswersUntilDurable(app);
    app.post('/notes', async () => {
      await note('answered');
      return { seen: committedNotes() }; // read before the answer leaves: the batch is still open
    });
    app.post('/read-then-wait', async () => {
      // Writes an orphan (refused at COMMIT) and reads the batch, then works past the COMMIT before answering.
      await db
        .transaction()
        .execute((trx) => trx.insertInto('children').values({ id: 3, parent_id: 9 }).execute());
      const seen = await db.selectFrom('children').select('id').execute();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { seen };
    });
    app.post('/orphans', async () => {
      await db
        .transaction()
        .execute((trx) => trx.insertInto('children').values({ id: 2, parent_id: 9 }).execute());
      return { ok: true };
    });
    try {
      const answered = await app.inject({ method: 'POST', url: '/notes' });
      expect(answered.json()).toEqual({ seen: [] });
      expect(committedNotes()).toEqual(['answered']); // by the time the answer arrived
      const orphan = await app.inject({ method: 'POST', url: '/orphans' });
      expect(orphan.statusCode).toBe(500);
      // Its batch was lost after it read it and before it answered: no answer showing rows that do not exist.
      const reader = await app.inject({ method: 'POST', url: '/read-then-wait' });
      expect(reader.statusCode).toBe(500);
      expect(reader.body).not.toContain('"seen"');
      expect(await db.selectFrom('children').selectAll().execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
