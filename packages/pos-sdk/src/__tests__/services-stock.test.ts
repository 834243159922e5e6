import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchandiseProduct } from '../contract';
import { orderWith, PASSES } from './support/fixtures';
import { createTestPos, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

/** The bottle is tracked with 2 left (low at 2); the socks are not tracked. */
const STOCKED: MerchandiseProduct[] = [
  {
    _id: 'm-bottle',
    name: 'Water Bottle',
    variants: [
      {
        sku: 'BOTTLE-750',
        size: '750ml',
        price: { value: 25, currency: 'MYR' },
        stock: { quantity: 2, low_level: 2 },
      },
    ],
  },
  {
    _id: 'm-grip',
    name: 'Grip Socks',
    variants: [{ sku: 'GRIP-M', size: 'M', price: { value: 15, currency: 'MYR' } }],
  },
];

async function terminal(policy: 'allow' | 'refuse') {
  const test = createTestPos();
  server().post('/v1/admin/venue', {}).reply(200, {
    name: 'Demo',
    address: '',
    registration_no: '',
    phone: '',
    receipt_footer: '',
    time_zone: 'Asia/Kuala_Lumpur',
    currency_display: 'RM',
    stock_below_zero: policy,
  });
  await test.pos.venue.load();
  server().get('/v1/passes/STORE').reply(200, PASSES).get('/v1/merchandises/STORE').reply(200, STOCKED);
  await test.pos.catalog.load();
  return test;
}

describe('services stock', () => {
  it("tiles say a tracked variant's low stock; untracked ones say nothing", async () => {
    const { pos } = await terminal('allow');
    const tiles = pos.catalog.tiles.value.merchandise;
    expect(tiles.find((tile) => tile.sku === 'BOTTLE-750')?.stock).toEqual({
      text: '2 left',
      disabled: false,
    });
    expect(tiles.find((tile) => tile.sku === 'GRIP-M')).not.toHaveProperty('stock');
  });

  it("under allow: more than the shelf holds goes into the cart with 'Only N left'", async () => {
    const { pos } = await terminal('allow');
    await pos.cart.add('BOTTLE-750', 3);
    expect(pos.cart.items.value.map((line) => line.quantity)).toEqual([3]);
    expect(noticeMessages(pos)).toEqual(['Added 3 x Water Bottle to cart', 'Only 2 left']);
  });

  it("under refuse: refused with 'Only N left of {item}', the cart kept as it was", async () => {
    const { pos } = await terminal('refuse');
    await pos.cart.add('BOTTLE-750', 2);
    await expect(pos.cart.add('BOTTLE-750', 1)).rejects.toMatchObject({
      message: 'Only 2 left of Water Bottle',
    });
    expect(pos.cart.items.value.map((line) => line.quantity)).toEqual([2]);
    expect(() => pos.cart.setQuantity('BOTTLE-750', '5')).toThrow('Only 2 left of Water Bottle');
    expect(pos.cart.items.value.map((line) => line.quantity)).toEqual([2]);
    await pos.cart.add('GRIP-M', 50);
  });

  it('a sale takes its units off the tiles at once: the last bottles sold say Out of stock, disabled under refuse', async () => {
    const { pos } = await terminal('refuse');
    await pos.cart.add('BOTTLE-750', 2);
    const sold = orderWith({
      total_amount: 50,
      order_details: {
        customer: { email: '' },
        cart: {
          items: [
            {
              sku: 'BOTTLE-750',
              name: 'Water Bottle',
              category: 'Merchandise',
              quantity: 2,
              type: 'MERCHANDISE',
              price: { value: 25, currency: 'MYR' },
            },
          ],
          subtotal: 50,
        },
      },
      payment: { methods: [{ type: 'CASH', amount: 50 }], change: 0 },
      tickets: [],
    });
    server().post('/v1/checkout').reply(200, { order: sold, tickets: [] });
    pos.checkout.setTender('CASH', '50');
    await pos.checkout.submit({ email: '', confirmedNoEmail: true });
    const tile = pos.catalog.tiles.value.merchandise.find((each) => each.sku === 'BOTTLE-750');
    expect(tile?.stock).toEqual({ text: 'Out of stock', disabled: true });
    expect(pos.catalog.tiles.value.merchandise.find((each) => each.sku === 'GRIP-M')).not.toHaveProperty(
      'stock',
    );
  });
});
