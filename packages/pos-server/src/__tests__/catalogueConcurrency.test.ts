import { sql } from 'kysely';
import type { AuditEntry, CatalogEditRequest, CatalogList, CatalogRow } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstWaiterOf, withLockHeld } from './support/pgLocks';
import {
  createTestApp,
  describeOnEngines,
  MANAGER,
  PG_TEST_URL,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

/** A second manager, so the audit log tells the two editors apart. */
const OTHER_MANAGER = 'nadia@venue.my';
const OTHER_PASSWORD = 'another-long-password';

/** Signs in the demo manager (A) and a second manager (B), added and promoted by A. */
async function twoManagers(t: TestApp): Promise<{ a: TestSession; b: TestSession }> {
  const a = await t.signIn(MANAGER);
  const added = await t.post(a, '/v1/admin/staff/add', {
    email: OTHER_MANAGER,
    first: 'Nadia',
    last: 'Rahman',
    password: OTHER_PASSWORD,
    pin: '5930',
  });
  if (added.statusCode !== 200) throw new Error(`staff/add failed: ${added.body}`);
  const promoted = await t.post(a, '/v1/admin/staff/edit', {
    email: OTHER_MANAGER,
    changes: { role: 'manager' },
  });
  if (promoted.statusCode !== 200) throw new Error(`staff/edit failed: ${promoted.body}`);
  return { a, b: await t.signIn(OTHER_MANAGER, { password: OTHER_PASSWORD }) };
}

const rowOf = async (t: TestApp, session: TestSession, sku: string): Promise<CatalogRow | undefined> =>
  (await t.post(session, '/v1/admin/catalog/list'))
    .json<CatalogList>()
    .items.find((item) => item.sku === sku);

/** The `catalog.updated` entries of a SKU since `from`, as { staff email, changed fields }, in any order. */
async function editsOf(t: TestApp, session: TestSession, sku: string, from: string) {
  const response = await t.post(session, '/v1/admin/audit', { from, action: 'catalog.updated', limit: 500 });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ entries: AuditEntry[] }>()
    .entries.filter((entry) => entry.subject?.id === sku)
    .map((entry) => ({ staff: entry.staff?.email, changes: entry.details?.changes }));
}

describe.skipIf(PG_TEST_URL === undefined)('catalogue edits of one SKU at the same moment [postgres]', () => {
  let t: TestApp;
  let a: TestSession;
  let b: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'postgres' });
    ({ a, b } = await twoManagers(t));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  /**
   * Holds the variant row of `sku` (as a long `catalog_import` does) while A's edit, then B's, start and wait
   * behind it; then lets them go, A first. Gives both answers.
   */
  async function editBehindHeldRow(
    table: 'merch_variants' | 'pass_variants',
    sku: string,
    editA: CatalogEditRequest,
    editB: CatalogEditRequest,
  ) {
    const [first, second] = await withLockHeld(
      t.db,
      sql`select id from ${sql.table(table)} where sku = ${sku} for update`,
      async (holder) => {
        const first = t.post(a, '/v1/admin/catalog/edit', editA);
        const firstPid = await firstWaiterOf(t.db, holder);
        const second = t.post(b, '/v1/admin/catalog/edit', editB);
        await firstWaiterOf(t.db, holder, firstPid);
        return [first, second];
      },
    );
    return await Promise.all([first, second]);
  }

  it('keeps both changes when one manager changes the price and another the barcode (merchandise)', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    expect(await rowOf(t, a, 'GRIP-M')).toMatchObject({ price: 15, barcode: null });
    const [first, second] = await editBehindHeldRow(
      'merch_variants',
      'GRIP-M',
      { sku: 'GRIP-M', changes: { price: 18 } },
      { sku: 'GRIP-M', changes: { barcode: '9555000000031' } },
    );
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(await rowOf(t, a, 'GRIP-M')).toMatchObject({
      size: 'M',
      price: 18,
      barcode: '9555000000031',
      active: true,
    });
    const variant = await t.db
      .selectFrom('merch_variants')
      .select(['price_sen', 'barcode'])
      .where('sku', '=', 'GRIP-M')
      .executeTakeFirstOrThrow();
    expect(variant).toEqual({ price_sen: 1800, barcode: '9555000000031' });
    expect(await editsOf(t, a, 'GRIP-M', from)).toEqual(
      expect.arrayContaining([
        { staff: MANAGER, changes: [{ field: 'price', from: 15, to: 18 }] },
        { staff: OTHER_MANAGER, changes: [{ field: 'barcode', from: null, to: '9555000000031' }] },
      ]),
    );
    expect(await editsOf(t, a, 'GRIP-M', from)).toHaveLength(2);
  });

  it('applies a price change back to the old price made while another manager raised it', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    expect(await rowOf(t, a, 'GRIP-S')).toMatchObject({ price: 15 });
    const [first, second] = await editBehindHeldRow(
      'merch_variants',
      'GRIP-S',
      { sku: 'GRIP-S', changes: { price: 18 } },
      { sku: 'GRIP-S', changes: { price: 15 } },
    );
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    // B's edit came last: the price is B's, not A's (B must not take its change for "nothing to do").
    expect(await rowOf(t, a, 'GRIP-S')).toMatchObject({ price: 15 });
    expect(await editsOf(t, a, 'GRIP-S', from)).toEqual(
      expect.arrayContaining([
        { staff: MANAGER, changes: [{ field: 'price', from: 15, to: 18 }] },
        { staff: OTHER_MANAGER, changes: [{ field: 'price', from: 18, to: 15 }] },
      ]),
    );
  });

  it('keeps both changes when one manager changes the usage limit and another the minimum quantity (pass)', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    expect(await rowOf(t, a, 'PUNCH-10')).toMatchObject({ price: 350, min_qty: 1, usage_limit: 10 });
    const [first, second] = await editBehindHeldRow(
      'pass_variants',
      'PUNCH-10',
      { sku: 'PUNCH-10', changes: { usage_limit: 12 } },
      { sku: 'PUNCH-10', changes: { min_qty: 2 } },
    );
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(await rowOf(t, a, 'PUNCH-10')).toMatchObject({
      category: 'Multi Pass',
      price: 350,
      min_qty: 2,
      usage_limit: 12,
      duration: { value: 6, unit: 'Month' },
    });
    expect(await editsOf(t, a, 'PUNCH-10', from)).toEqual(
      expect.arrayContaining([
        { staff: MANAGER, changes: [{ field: 'usage_limit', from: 10, to: 12 }] },
        { staff: OTHER_MANAGER, changes: [{ field: 'min_qty', from: 1, to: 2 }] },
      ]),
    );
    expect(await editsOf(t, a, 'PUNCH-10', from)).toHaveLength(2);
  });
});

describeOnEngines('catalogue edits of one SKU sent at once', (engine) => {
  let t: TestApp;
  let a: TestSession;
  let b: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    ({ a, b } = await twoManagers(t));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('keeps both a price change and a barcode change sent together', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const answers = await Promise.all([
      t.post(a, '/v1/admin/catalog/edit', { sku: 'GRIP-L', changes: { price: 17.5 } }),
      t.post(b, '/v1/admin/catalog/edit', { sku: 'GRIP-L', changes: { barcode: '9555000000048' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await rowOf(t, a, 'GRIP-L')).toMatchObject({ size: 'L', price: 17.5, barcode: '9555000000048' });
    expect(await editsOf(t, a, 'GRIP-L', from)).toHaveLength(2);
  });

  it('keeps both a usage limit change and a minimum quantity change sent together', async () => {
    const answers = await Promise.all([
      t.post(a, '/v1/admin/catalog/edit', { sku: 'GROUP-5', changes: { usage_limit: 3 } }),
      t.post(b, '/v1/admin/catalog/edit', { sku: 'GROUP-5', changes: { min_qty: 6 } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await rowOf(t, a, 'GROUP-5')).toMatchObject({ price: 30, min_qty: 6, usage_limit: 3 });
  });
});
