import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from '../db/createDb';
import type { Db } from '../db/Database';
import { preparedQuery } from '../db/preparedQuery';
import { PG_TEST_URL } from './support/testApp';

describe('preparedQuery', () => {
  it.each([
    ['SQLite', 'sqlite::memory:'],
    ['PostgreSQL', PG_TEST_URL],
  ])(
    'builds and compiles once, then runs with each call’s values and its constants (%s)',
    async (engine, url) => {
      if (url === undefined) {
        console.log(`${engine} skipped: POS_TEST_DATABASE_URL is not set`);
        return;
      }
      const db = createDb(url, { poolSize: 1 });
      let builds = 0;
      // A constant ('b') between two values, and a value used in a sql template.
      const pick = preparedQuery((d: Db, first: string, last: number) => {
        builds += 1;
        return d
          .selectFrom(
            sql<{
              k: string;
              n: number;
            }>`(select 'a' as k, 1 as n union all select 'b', 2 union all select 'c', 3)`.as('t'),
          )
          .select(['t.k', 't.n'])
          .where((eb) =>
            eb.or([eb('t.k', '=', first), eb('t.k', '=', 'b'), eb('t.n', '=', sql<number>`${last}`)]),
          )
          .orderBy('t.n');
      }, 2);
      try {
        expect(await pick.execute(db, 'a', 3)).toEqual([
          { k: 'a', n: 1 },
          { k: 'b', n: 2 },
          { k: 'c', n: 3 },
        ]);
        expect(await pick.execute(db, 'c', 0)).toEqual([
          { k: 'b', n: 2 },
          { k: 'c', n: 3 },
        ]);
        expect(await pick.executeTakeFirst(db, 'x', 0)).toEqual({ k: 'b', n: 2 });
        await db.transaction().execute(async (trx) => {
          expect(await pick.executeTakeFirst(trx, 'a', 0)).toEqual({ k: 'a', n: 1 });
        });
        expect(builds).toBe(1);
      } finally {
        await db.destroy();
      }
    },
  );

  it('refuses a build that leaves a value out of the statement', async () => {
    const db = createDb('sqlite::memory:');
    const broken = preparedQuery(
      (d: Db, _unused: string) =>
        d.selectFrom(sql<{ one: number }>`(select 1 as one)`.as('t')).select('t.one'),
      1,
    );
    try {
      await expect(broken.execute(db, 'x')).rejects.toThrow('Prepared query: value 0 is not a parameter');
    } finally {
      await db.destroy();
    }
  });
});
