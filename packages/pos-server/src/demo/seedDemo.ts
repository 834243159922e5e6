import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fromRinggit } from 'pos-sdk/money';
import { DEFAULT_HOST_ID } from '../auth';
import { ensureStore } from '../catalogue';
import type { Database, Db } from '../db/Database';
import { addStaff, type NewStaff } from '../staff';

/** The demo staff (README's demo sign-in): password `demo1234`; PINs 1111 and 2222. */
export const DEMO_STAFF: readonly NewStaff[] = [
  { email: 'cashier@demo.pos', firstName: 'Ana', lastName: 'Cashier', password: 'demo1234', pin: '1111' },
  {
    email: 'manager@demo.pos',
    firstName: 'Max',
    lastName: 'Manager',
    password: 'demo1234',
    pin: '2222',
    role: 'manager',
  },
];

interface DemoPass {
  name: string;
  category: string;
  variants: {
    sku: string;
    group: string;
    price: number;
    minQty: number;
    usageLimit: number;
    /** A membership's entries per venue day (usage_limit 0: it admits its member once a day until it expires). */
    entriesPerDay?: number;
    duration: [number, string];
  }[];
}

/** The demo passes, exactly as in the team NOTES (prices in ringgit). */
export const DEMO_PASSES: readonly DemoPass[] = [
  {
    name: 'Day Pass',
    category: 'Day Pass',
    variants: [
      { sku: 'DAY-ADULT', group: 'Adult', price: 49, minQty: 1, usageLimit: 1, duration: [1, 'Day'] },
      { sku: 'DAY-CHILD', group: 'Child', price: 40, minQty: 1, usageLimit: 1, duration: [1, 'Day'] },
    ],
  },
  {
    name: '10 Punch Day Pass',
    category: 'Multi Pass',
    variants: [
      { sku: 'PUNCH-10', group: 'Adult', price: 350, minQty: 1, usageLimit: 10, duration: [6, 'Month'] },
    ],
  },
  {
    name: 'Group Day Pass',
    category: 'Day Pass',
    variants: [{ sku: 'GROUP-5', group: 'Adult', price: 30, minQty: 5, usageLimit: 1, duration: [1, 'Day'] }],
  },
  {
    name: 'Monthly Membership',
    category: 'Membership',
    variants: [
      {
        sku: 'MEMBER-1M',
        group: 'Adult',
        price: 120,
        minQty: 1,
        usageLimit: 0,
        entriesPerDay: 1,
        duration: [1, 'Month'],
      },
    ],
  },
  {
    name: 'Membership Renewal',
    category: 'Membership',
    variants: [
      {
        sku: 'RENEW-1M',
        group: 'Adult',
        price: 120,
        minQty: 1,
        usageLimit: 0,
        entriesPerDay: 1,
        duration: [1, 'Month'],
      },
    ],
  },
];

/** The demo merchandise, exactly as in the team NOTES (prices in ringgit). */
export const DEMO_MERCHANDISE: readonly { id: string; name: string; variants: [string, string, number][] }[] =
  [
    {
      id: 'grip-socks',
      name: 'Grip Socks',
      variants: [
        ['GRIP-S', 'S', 15],
        ['GRIP-M', 'M', 15],
        ['GRIP-L', 'L', 15],
      ],
    },
    { id: 'water-bottle', name: 'Water Bottle', variants: [['BOTTLE-750', '750ml', 25]] },
  ];

/** Is the database empty: no staff and no catalogue yet? */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const staff = await db.selectFrom('staff').select('id').limit(1).executeTakeFirst();
  const passes = await db.selectFrom('pass_products').select('id').limit(1).executeTakeFirst();
  return staff === undefined && passes === undefined;
}

/**
 * Seeds the demo staff and catalogue for a store, only into an empty database (otherwise nothing happens).
 *
 * @returns true when it seeded, false when the database already had data.
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: { store: string; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) return false;
    const { store, now } = options;
    await ensureStore(trx, store, now);
    // The demo's terminal, registered (only the columns of the first schema: tests seed older schemas too).
    await trx
      .insertInto('terminals')
      .values({ id: DEFAULT_HOST_ID, store, created_at: now.toISOString(), last_seen_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    for (const staff of DEMO_STAFF) await addStaff(trx, staff, now);

    for (const [productIndex, pass] of DEMO_PASSES.entries()) {
      const productId = randomUUID();
      await trx
        .insertInto('pass_products')
        .values({
          id: productId,
          store,
          name: pass.name,
          category: pass.category,
          position: productIndex + 1,
        })
        .execute();
      for (const [variantIndex, variant] of pass.variants.entries()) {
        const variantId = randomUUID();
        await trx
          .insertInto('pass_variants')
          .values({
            id: variantId,
            product_id: productId,
            store,
            sku: variant.sku,
            variant_group: variant.group,
            min_qty: variant.minQty,
            usage_limit: variant.usageLimit,
            entries_per_day: variant.entriesPerDay ?? 1,
            duration_value: variant.duration[0],
            duration_unit: variant.duration[1],
            shareable: 0,
            position: variantIndex + 1,
          })
          .execute();
        await trx
          .insertInto('pass_prices')
          .values({
            variant_id: variantId,
            currency: 'MYR',
            value_sen: fromRinggit(variant.price),
            position: 1,
          })
          .execute();
      }
    }

    for (const [productIndex, product] of DEMO_MERCHANDISE.entries()) {
      const productId = `${store.toLowerCase()}-${product.id}`;
      await trx
        .insertInto('merchandise')
        .values({ id: productId, store, name: product.name, position: productIndex + 1 })
        .execute();
      for (const [variantIndex, [sku, size, price]] of product.variants.entries()) {
        await trx
          .insertInto('merch_variants')
          .values({
            id: randomUUID(),
            product_id: productId,
            store,
            sku,
            size,
            price_sen: fromRinggit(price),
            currency: 'MYR',
            position: variantIndex + 1,
          })
          .execute();
      }
    }
    return true;
  });
}
