import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  withSchemaChangeLock,
} from '../../__tests__/support/testApp';
import { migrateToLatest } from '../migrateToLatest';

/** Records the kind of each statement sent (select, insert, create table…). */
function statementKinds(): KyselyPlugin & { kinds: string[] } {
  const kinds: string[] = [];
  return {
    kinds,
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      kinds.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs) => args.result,
  };
}

describeOnEngines('migrateToLatest', (engine) => {
  let t: TestApp;
  const options = () => (t.schema === undefined ? {} : { schema: t.schema });

  beforeAll(async () => {
    t = await createTestApp({ engine, seed: false });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('checks an up-to-date database by reading its list of migrations: no table created, no lock taken', async () => {
    const recorder = statementKinds();
    expect(await migrateToLatest(t.db.withPlugin(recorder), options())).toEqual([]);
    expect(recorder.kinds.every((kind) => kind === 'RawNode' || kind === 'SelectQueryNode')).toBe(true);
    expect(recorder.kinds.length).toBeLessThanOrEqual(3);
  });

  it('refuses a database that has a migration this code does not know (a newer server migrated it)', async () => {
    await t.db
      .insertInto('kysely_migration' as never)
      .values({ name: '9999_from_the_future', timestamp: new Date().toISOString() } as never)
      .execute();
    try {
      // Kysely's migrator reads the catalogue of every schema: not while another test process drops one.
      const migrate = () => migrateToLatest(t.db, options());
      const attempt = engine === 'postgres' ? withSchemaChangeLock(migrate) : migrate();
      await expect(attempt).rejects.toThrow(/9999_from_the_future/);
    } finally {
      await t.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '9999_from_the_future' as never)
        .execute();
    }
  });
});
