import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sen } from '../money';
import { MERCHANDISE, PASSES } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

describe('services catalog', () => {
  it('loads passes and merchandise; a fetched list replaces the stored list', async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    expect(pos.catalog.passes.value).toEqual(PASSES);
    expect(pos.catalog.merchandise.value).toEqual(MERCHANDISE);
    server().get('/v1/passes/STORE').reply(200, []).get('/v1/merchandises/STORE').reply(200, []);
    await pos.catalog.load();
    expect(pos.catalog.tiles.value).toEqual({ entryPass: [], merchandise: [] });
  });

  it('groups tiles by product with variants: title, group or size, price (passes use the first price entry)', async () => {
    const { pos } = createTestPos();
    const twoPrices = [
      {
        ...PASSES[0]!,
        variants: [
          {
            ...PASSES[0]!.variants[0]!,
            price: [
              { currency: 'MYR' as const, value: 49 },
              { currency: 'MYR' as const, value: 59 },
            ],
          },
        ],
      },
    ];
    server()
      .get('/v1/passes/STORE')
      .reply(200, twoPrices)
      .get('/v1/merchandises/STORE')
      .reply(200, MERCHANDISE);
    await pos.catalog.load();
    expect(pos.catalog.tiles.value.entryPass).toEqual([
      {
        sku: 'DAY-ADULT',
        title: 'Day Pass',
        subtitle: 'Adult',
        price: sen(4900),
        type: 'PASS',
        productId: 'Day Pass',
        category: 'Day Pass',
      },
    ]);
    expect(
      pos.catalog.tiles.value.merchandise.map((tile) => `${tile.title}/${tile.subtitle}/${tile.price}`),
    ).toEqual(['Grip Socks/S/1500', 'Grip Socks/M/1500', 'Grip Socks/L/1500', 'Water Bottle/750ml/2500']);
  });

  it('keeps Membership Renewal among the tiles (adding it is refused by the cart rule)', async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    expect(pos.catalog.tiles.value.entryPass.map((tile) => tile.sku)).toContain('RENEW-1M');
  });

  it('finds a scanned product code: exact sku, case-insensitive, trimmed', async () => {
    const { pos } = createTestPos();
    await loadCatalog(pos);
    expect(pos.catalog.findBySku('  grip-m ')?.sku).toBe('GRIP-M');
    expect(pos.catalog.findBySku('DAY-ADULT')?.title).toBe('Day Pass');
    expect(pos.catalog.findBySku('DAY')).toBeUndefined();
    expect(pos.catalog.findBySku('   ')).toBeUndefined();
  });

  it('finds the sku spelt exactly as typed before one that differs only in case (never sells TEE-1 for tee-1)', async () => {
    const { pos } = createTestPos();
    const tees = {
      _id: 'm-tee',
      name: 'T-Shirt',
      variants: [
        { sku: 'TEE-1', size: 'L', price: { value: 1234.5, currency: 'MYR' as const } },
        { sku: 'tee-1', size: 'L', price: { value: 5, currency: 'MYR' as const } },
      ],
    };
    server()
      .get('/v1/passes/STORE')
      .reply(200, PASSES)
      .get('/v1/merchandises/STORE')
      .reply(200, [...MERCHANDISE, tees]);
    await pos.catalog.load();
    expect(pos.catalog.findBySku('tee-1')?.price).toBe(sen(500));
    expect(pos.catalog.findBySku('TEE-1')?.price).toBe(sen(123450));
    expect(pos.catalog.findBySku(' Tee-1 ')?.sku).toBe('TEE-1');
    await pos.cart.add(' tee-1 ', 1);
    expect(pos.cart.items.value.map((item) => `${item.sku} ${item.price}`)).toEqual(['tee-1 500']);
    pos.cart.clear();
    await pos.cart.add('Tee-1', 1);
    expect(pos.cart.items.value.map((item) => `${item.sku} ${item.price}`)).toEqual(['TEE-1 123450']);
  });

  it('shows the server message when a catalogue fetch fails', async () => {
    const { pos } = createTestPos();
    server()
      .get('/v1/passes/STORE')
      .reply(500, { message: 'Catalogue unavailable', code: 'server_error' })
      .get('/v1/merchandises/STORE')
      .reply(200, MERCHANDISE);
    await expect(pos.catalog.load()).rejects.toThrow('Catalogue unavailable');
    expect(noticeMessages(pos)).toEqual(['Catalogue unavailable']);
    expect(pos.catalog.loading.value).toBe(false);
  });
});
