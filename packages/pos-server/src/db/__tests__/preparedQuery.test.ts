import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PG_TEST_URL } from '../../__tests__/support/testApp';
import { createDb } from '../createDb';
import type { Db } from '../Database';
import { migrateToLatest } from '../migrateToLatest';
import { preparedInsert, preparedQuery } from '../preparedQuery';

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

  it('inserts whole rows compiled once per shape (columns and number of rows), with what finish adds', async () => {
    const db = createDb('sqlite::memory:');
    let compiles = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        compiles += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const insertVersions = preparedInsert('catalogue_version', (insert) =>
      insert.onConflict((conflict) => conflict.column('id').doNothing()).returning('id'),
    );
    try {
      await migrateToLatest(db); // catalogue_version holds (1, 0)
      const rows = async () =>
        (await db.selectFrom('catalogue_version').select(['id', 'version']).orderBy('id').execute()).map(
          (row) => `${row.id}:${row.version}`,
        );
      compiles = 0;
      expect(await insertVersions(counted, [])).toEqual([]);
      expect(
        await insertVersions(counted, [
          { id: 2, version: 20 },
          { id: 3, version: 30 },
        ]),
      ).toEqual([{ id: 2 }, { id: 3 }]);
      expect(
        await insertVersions(counted, [
          { id: 4, version: 40 },
          { id: 1, version: 99 }, // taken: nothing inserted, nothing returned
        ]),
      ).toEqual([{ id: 4 }]);
      expect(compiles).toBe(1);
      expect(await insertVersions(counted, [{ id: 5, version: 50 }])).toEqual([{ id: 5 }]);
      expect(compiles).toBe(2); // one row: another shape
      // Columns in another order, and a row whose value is undefined: Kysely's builder, as without preparing.
      expect(await insertVersions(counted, [{ version: 60, id: 6 }])).toEqual([{ id: 6 }]);
      await expect(
        insertVersions(counted, [{ id: 7, version: undefined as unknown as number }]),
      ).rejects.toThrow(/NOT NULL/);
      expect(await rows()).toEqual(['1:0', '2:20', '3:30', '4:40', '5:50', '6:60']);
    } finally {
      await db.destroy();
    }
  });
});
