import { sql } from 'kysely';
import type { CatalogAddRequest, CatalogList } from 'pos-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstWaiterOf, withLockHeld } from './support/pgLocks';
import {
  createTestApp,
  MANAGER,
  PG_TEST_URL,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from './support/testApp';

type Item = CatalogAddRequest['item'];

/** A pass item of SKU `sku` in product `product` (default the demo's Day Pass). */
const pass = (sku: string, product = 'Day Pass'): Item => ({
  type: 'PASS',
  sku,
  product,
  category: product,
  group: 'Adult',
  price: 55,
  min_qty: 1,
  usage_limit: 1,
  duration: { value: 1, unit: 'Day' },
});
/** A merchandise item of SKU `sku` in product `product` (default the demo's Water Bottle). */
const merchandise = (sku: string, product = 'Water Bottle'): Item => ({
  type: 'MERCHANDISE',
  sku,
  product,
  size: '1l',
  price: 30,
});

describe.skipIf(PG_TEST_URL === undefined)(
  'catalogue adds of one SKU or product name at the same moment [postgres]',
  () => {
    let t: TestApp;
    let manager: TestSession;
    beforeAll(async () => {
      t = await createTestApp({ engine: 'postgres' });
      manager = await t.signIn(MANAGER);
    }, SETUP_TIMEOUT_MS);
    afterAll(async () => {
      await t.close();
    }, SETUP_TIMEOUT_MS);

    /**
     * Holds the catalogue (its version row, as a long `catalog_import` does: every catalogue write bumps it) while the
     * first add, then the second, start and wait (the first once it has checked its SKU and writes; the second behind
     * the catalogue or behind the first); then lets them go. Gives both answers.
     */
    async function addsBehindHeldCatalogue(first: Item, second: Item) {
      const [firstAdd, secondAdd] = await withLockHeld(
        t.db,
        sql`select version from catalogue_version where id = 1 for update`,
        async (holder) => {
          const firstAdd = t.post(manager, '/v1/admin/catalog/add', { item: first });
          const firstPid = await firstWaiterOf(t.db, holder);
          const secondAdd = t.post(manager, '/v1/admin/catalog/add', { item: second });
          await firstWaiterOf(t.db, holder, firstPid);
          return [firstAdd, secondAdd];
        },
      );
      return await Promise.all([firstAdd, secondAdd]);
    }

    const catalogue = async (): Promise<CatalogList> =>
      (await t.post(manager, '/v1/admin/catalog/list')).json<CatalogList>();
    /** The variant rows of a SKU in both tables. */
    const variantsOf = async (sku: string) => [
      ...(await t.db.selectFrom('pass_variants').select('id').where('sku', '=', sku).execute()).map(
        () => 'PASS',
      ),
      ...(await t.db.selectFrom('merch_variants').select('id').where('sku', '=', sku).execute()).map(
        () => 'MERCHANDISE',
      ),
    ];

    it('adds a SKU once when a pass and a merchandise item of that SKU are added at once', async () => {
      const [first, second] = await addsBehindHeldCatalogue(pass('RACE-1'), merchandise('RACE-1'));
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('The SKU RACE-1 is already in the catalogue');
      expect(await variantsOf('RACE-1')).toEqual(['PASS']);
      expect((await catalogue()).items.filter((item) => item.sku === 'RACE-1')).toHaveLength(1);
    });

    it('adds a SKU once when a merchandise item and a pass of that SKU are added at once', async () => {
      const [first, second] = await addsBehindHeldCatalogue(merchandise('RACE-2'), pass('RACE-2'));
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('The SKU RACE-2 is already in the catalogue');
      expect(await variantsOf('RACE-2')).toEqual(['MERCHANDISE']);
    });

    it('refuses the second of two adds of one SKU of the same type with 409, not 500', async () => {
      const [first, second] = await addsBehindHeldCatalogue(merchandise('RACE-3'), merchandise('RACE-3'));
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe('The SKU RACE-3 is already in the catalogue');
      expect(await variantsOf('RACE-3')).toEqual(['MERCHANDISE']);
    });

    it('keeps a new product name one type when a pass and a merchandise item of it are added at once', async () => {
      const [first, second] = await addsBehindHeldCatalogue(
        pass('RACE-4', 'Chalk Bag'),
        merchandise('RACE-5', 'Chalk Bag'),
      );
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(422);
      expect(second.json().message).toBe(
        'Chalk Bag is already a product of the other type (pass or merchandise)',
      );
      expect((await catalogue()).products.filter((product) => product.name === 'Chalk Bag')).toEqual([
        { type: 'PASS', name: 'Chalk Bag', active: true },
      ]);
      expect(await variantsOf('RACE-4')).toEqual(['PASS']);
      expect(await variantsOf('RACE-5')).toEqual([]);
    });

    it('puts two items of one new product name added at once in that one product', async () => {
      const [first, second] = await addsBehindHeldCatalogue(
        merchandise('RACE-6', 'Chalk Ball'),
        merchandise('RACE-7', 'Chalk Ball'),
      );
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      const products = await t.db
        .selectFrom('merchandise')
        .select('id')
        .where('name', '=', 'Chalk Ball')
        .execute();
      expect(products).toHaveLength(1);
      const variants = await t.db
        .selectFrom('merch_variants')
        .select('product_id')
        .where('sku', 'in', ['RACE-6', 'RACE-7'])
        .execute();
      expect(variants.map((variant) => variant.product_id)).toEqual([products[0]?.id, products[0]?.id]);
    });
  },
);
