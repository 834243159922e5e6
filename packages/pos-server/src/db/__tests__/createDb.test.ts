import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PG_TEST_URL } from '../../__tests__/support/testApp';
import { createDb } from '../createDb';
import type { Db } from '../Database';
import { PREPARED, preparedQuery } from '../preparedQuery';
import { selectRowsAsArrays } from '../rowsAsArrays';

describe('createDb', () => {
  it('opens a SQLite file at its first query, creating its folder at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pos-create-db-'));
    const path = join(dir, 'data', 'pos.db');
    const db = createDb(`sqlite:${path}`);
    try {
      expect(existsSync(join(dir, 'data'))).toBe(true);
      expect(existsSync(path)).toBe(false);
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(rows).toEqual([{ journal_mode: 'wal' }]);
      expect(existsSync(path)).toBe(true);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A query over literal rows, the same text each time (so the statement caches see it again). */
  const pairs = (db: ReturnType<typeof createDb>) =>
    db
      .selectFrom(
        sql<{ n: number; name: string }>`(select 1 as n, 'one' as name union all select 2, 'two')`.as('t'),
      )
      .select(['t.name', 't.n'])
      .orderBy('t.n');

  it.each([
    ['SQLite', 'sqlite::memory:'],
    ['PostgreSQL', PG_TEST_URL],
  ])(
    'answers a query marked for arrays as arrays in select order, the same query unmarked as objects (%s)',
    async (engine, url) => {
      if (url === undefined) {
        console.log(`${engine} skipped: POS_TEST_DATABASE_URL is not set`);
        return;
      }
      const db = createDb(url, { poolSize: 1 });
      try {
        for (let round = 0; round < 2; round++) {
          expect(await pairs(db).execute()).toEqual([
            { name: 'one', n: 1 },
            { name: 'two', n: 2 },
          ]);
          expect(await selectRowsAsArrays(db, pairs(db))).toEqual([
            ['one', 1],
            ['two', 2],
          ]);
        }
      } finally {
        await db.destroy();
      }
    },
  );

  describe.skipIf(PG_TEST_URL === undefined)('on PostgreSQL', () => {
    const settings = sql<{ idle: string; path: string }>`
      select current_setting('idle_in_transaction_session_timeout') as idle,
             current_setting('search_path') as path`;

    it('sends the hot paths’ prepared queries as named statements and plans every other statement for its values', async () => {
      const db = createDb(PG_TEST_URL ?? '', { poolSize: 1, idleInTransactionTimeoutMs: 2000 });
      const prepared = preparedQuery(
        (d: Db, n: number) => d.selectNoFrom(sql<number>`${n}::int + 1`.as('next')),
        1,
      );
      const named = sql<{
        statement: string;
      }>`select statement from pg_prepared_statements order by statement`;
      try {
        const { rows } = await settings.execute(db);
        expect(rows[0]).toMatchObject({ idle: '2s' });
        // PostgreSQL's default: a named statement may keep a generic plan after five executions.
        expect(
          (await sql<{ plan: string }>`select current_setting('plan_cache_mode') as plan`.execute(db)).rows,
        ).toEqual([{ plan: 'auto' }]);
        for (let n = 0; n < 3; n++) expect(await prepared.execute(db, n)).toEqual([{ next: n + 1 }]);
        await db.selectNoFrom(sql<number>`${5}::int`.as('five')).execute(); // unnamed: never kept
        const statements = (await named.execute(db)).rows.map((row) => row.statement);
        expect(statements).toEqual([`${PREPARED}select $1::int + 1 as "next"`]);
      } finally {
        await db.destroy();
      }
    });

    it("adds the URL's own options to its settings instead of losing them", async () => {
      const url = new URL(PG_TEST_URL ?? '');
      url.searchParams.set(
        'options',
        '-c search_path=pos_url_schema -c idle_in_transaction_session_timeout=1234',
      );
      const db = createDb(url.href, { poolSize: 1 });
      try {
        const { rows } = await settings.execute(db);
        expect(rows[0]).toEqual({ idle: '1234ms', path: 'pos_url_schema' });
      } finally {
        await db.destroy();
      }
    });
  });
});
