import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
} from '../../__tests__/support/testApp';
import { findCatalogueItem } from '../findCatalogueItem';

describeOnEngines('findCatalogueItem', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it("finds a pass by SKU with the server's own price (the first price entry, in sen) and rules", async () => {
    expect(await findCatalogueItem(t.db, { store: 'STORE', type: 'PASS', sku: 'GROUP-5' })).toEqual({
      type: 'PASS',
      sku: 'GROUP-5',
      name: 'Group Day Pass',
      category: 'Day Pass',
      group: 'Adult',
      price: 3000,
      minQty: 5,
      usageLimit: 1,
      entriesPerDay: 1,
      duration: { value: 1, unit: 'Day' },
      shareable: false,
      tax: null,
      pricesIncludeTax: true,
    });
  });

  it('finds merchandise by SKU', async () => {
    expect(await findCatalogueItem(t.db, { store: 'STORE', type: 'MERCHANDISE', sku: 'BOTTLE-750' })).toEqual(
      {
        type: 'MERCHANDISE',
        sku: 'BOTTLE-750',
        name: 'Water Bottle',
        size: '750ml',
        price: 2500,
        tracked: false,
        tax: null,
        pricesIncludeTax: true,
      },
    );
    // Once the venue keeps its stock, the entry says so (starting to keep it is a catalogue change).
    await t.db
      .insertInto('stock_levels')
      .values({
        store: 'STORE',
        sku: 'BOTTLE-750',
        quantity: 3,
        low_level: null,
        cost_sen: null,
        updated_at: '2026-12-01T00:00:00.000Z',
      })
      .execute();
    expect(
      await findCatalogueItem(t.db, { store: 'STORE', type: 'MERCHANDISE', sku: 'BOTTLE-750' }),
    ).toMatchObject({
      tracked: true,
    });
  });

  it('finds nothing for an unknown SKU, the wrong type or another store', async () => {
    expect(await findCatalogueItem(t.db, { store: 'STORE', type: 'PASS', sku: 'NOPE' })).toBeUndefined();
    expect(
      await findCatalogueItem(t.db, { store: 'STORE', type: 'MERCHANDISE', sku: 'DAY-ADULT' }),
    ).toBeUndefined();
    expect(await findCatalogueItem(t.db, { store: 'OTHER', type: 'PASS', sku: 'DAY-ADULT' })).toBeUndefined();
  });
});
