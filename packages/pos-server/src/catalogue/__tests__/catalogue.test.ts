import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  describeOnEngines,
  SETUP_TIMEOUT_MS,
  type TestApp,
  type TestSession,
} from '../../__tests__/support/testApp';

const pass = (
  sku: string,
  group: string,
  value: number,
  minQty: number,
  usageLimit: number,
  duration: [number, string],
) => ({
  sku,
  group,
  price: [{ currency: 'MYR', value }],
  min_qty: minQty,
  usage_limit: usageLimit,
  duration: { value: duration[0], unit: duration[1] },
  shareable: false,
  // One entry a venue day: what a demo membership admits (punch passes carry it too, unread).
  entries_per_day: 1,
});

describeOnEngines('catalogue', (engine) => {
  let t: TestApp;
  let session: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    session = await t.signIn();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  }, SETUP_TIMEOUT_MS);

  it('lists the demo passes of STORE with variants, prices, min_qty, usage_limit, duration and entries_per_day', async () => {
    const response = await t.inject({ method: 'GET', url: '/v1/passes/STORE', headers: session.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        _id: 'Day Pass',
        category: 'Day Pass',
        variants: [
          pass('DAY-ADULT', 'Adult', 49, 1, 1, [1, 'Day']),
          pass('DAY-CHILD', 'Child', 40, 1, 1, [1, 'Day']),
        ],
      },
      {
        _id: '10 Punch Day Pass',
        category: 'Multi Pass',
        variants: [pass('PUNCH-10', 'Adult', 350, 1, 10, [6, 'Month'])],
      },
      {
        _id: 'Group Day Pass',
        category: 'Day Pass',
        variants: [pass('GROUP-5', 'Adult', 30, 5, 1, [1, 'Day'])],
      },
      {
        _id: 'Monthly Membership',
        category: 'Membership',
        variants: [pass('MEMBER-1M', 'Adult', 120, 1, 0, [1, 'Month'])],
      },
      {
        _id: 'Membership Renewal',
        category: 'Membership',
        variants: [pass('RENEW-1M', 'Adult', 120, 1, 0, [1, 'Month'])],
      },
    ]);
  });

  it('lists the demo merchandise of STORE with sizes and prices', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/v1/merchandises/STORE',
      headers: session.headers,
    });
    expect(response.statusCode).toBe(200);
    const price = (value: number) => ({ value, currency: 'MYR' });
    expect(response.json()).toEqual([
      {
        _id: expect.any(String),
        name: 'Grip Socks',
        variants: [
          { sku: 'GRIP-S', size: 'S', price: price(15) },
          { sku: 'GRIP-M', size: 'M', price: price(15) },
          { sku: 'GRIP-L', size: 'L', price: price(15) },
        ],
      },
      {
        _id: expect.any(String),
        name: 'Water Bottle',
        variants: [{ sku: 'BOTTLE-750', size: '750ml', price: price(25) }],
      },
    ]);
  });

  it('answers 404 not_found for an unknown store', async () => {
    for (const url of ['/v1/passes/NOWHERE', '/v1/merchandises/NOWHERE']) {
      const response = await t.inject({ method: 'GET', url, headers: session.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Unknown store NOWHERE', code: 'not_found' });
    }
  });

  it('leaves out products that were deactivated', async () => {
    await t.db.updateTable('pass_products').set({ active: 0 }).where('name', '=', 'Group Day Pass').execute();
    const response = await t.inject({ method: 'GET', url: '/v1/passes/STORE', headers: session.headers });
    expect(response.json().map((product: { _id: string }) => product._id)).not.toContain('Group Day Pass');
    await t.db.updateTable('pass_products').set({ active: 1 }).where('name', '=', 'Group Day Pass').execute();
  });
});
