import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest, MerchandiseProduct, PassProduct } from '../contract';
import { sen } from '../money';
import { orderWith } from './support/fixtures';
import { createTestPos, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const day = { value: 1, unit: 'Day' };
const TAXED_PASSES: PassProduct[] = [
  {
    _id: 'Day Pass',
    category: 'Day Pass',
    variants: [
      {
        sku: 'DAY-ADULT',
        group: 'Adult',
        price: [{ currency: 'MYR', value: 49 }],
        min_qty: 1,
        usage_limit: 1,
        duration: day,
        tax_code: 'SST8',
      },
    ],
  },
];
const TAXED_MERCH: MerchandiseProduct[] = [
  {
    _id: 'm-grip',
    name: 'Grip Socks',
    variants: [
      { sku: 'GRIP-M', size: 'M', price: { value: 15, currency: 'MYR' }, tax_code: 'SST6' },
      { sku: 'GRIP-L', size: 'L', price: { value: 15, currency: 'MYR' } },
    ],
  },
];

/** A terminal of a venue with two codes, its prices with tax included or added on top. */
async function terminal(pricesIncludeTax: boolean) {
  const test = createTestPos();
  server()
    .post('/v1/admin/venue', {})
    .reply(200, {
      name: 'Demo',
      address: '',
      registration_no: '',
      phone: '',
      receipt_footer: '',
      time_zone: 'Asia/Kuala_Lumpur',
      currency_display: 'RM',
      prices_include_tax: pricesIncludeTax,
      sst_registration_no: 'W10-1808-32000123',
      tax_codes: [
        { code: 'SST6', name: 'F&B 6%', rate_bp: 600, type: '02' },
        { code: 'SST8', name: 'Service tax 8%', rate_bp: 800, type: '02' },
      ],
    });
  await test.pos.venue.load();
  server()
    .get('/v1/passes/STORE')
    .reply(200, TAXED_PASSES)
    .get('/v1/merchandises/STORE')
    .reply(200, TAXED_MERCH);
  await test.pos.catalog.load();
  return test;
}

describe('services tax', () => {
  it('prices with tax included: the TOTAL is the subtotal, the tax the part of each line that it is', async () => {
    const { pos } = await terminal(true);
    await pos.cart.add('DAY-ADULT', 2);
    await pos.cart.add('GRIP-M', 3);
    await pos.cart.add('GRIP-L', 1);
    expect(pos.cart.subtotal.value).toBe(sen(15800));
    expect(pos.cart.amountToPay.value).toBe(sen(15800));
    expect(pos.cart.tax.value.total).toBe(sen(981));
    expect(pos.cart.tax.value.byCode.map((code) => [code.code, code.base, code.tax])).toEqual([
      ['SST6', 4245, 255],
      ['SST8', 9074, 726],
    ]);
    const payload = pos.cart.toPayload();
    expect(payload.tax).toBe(9.81);
    expect(payload.items.map((item) => item.tax)).toEqual([
      { code: 'SST8', rate_bp: 800, amount: 7.26 },
      { code: 'SST6', rate_bp: 600, amount: 2.55 },
      undefined,
    ]);
  });

  it('tax added on top: tenders pay subtotal plus tax; short and change are against it; the checkout sends the tax', async () => {
    const { pos } = await terminal(false);
    await pos.cart.add('DAY-ADULT', 1);
    expect(pos.cart.amountToPay.value).toBe(sen(5292));
    pos.checkout.setTender('CASH', '49');
    expect(pos.checkout.isShort.value).toBe(true);
    expect(pos.checkout.shortBy.value).toBe(sen(392));
    expect(pos.checkout.checkPayment()).toBe(false);
    expect(pos.notices.items.value.map((notice) => notice.message)).toContain('Payment is short by RM 3.92');
    pos.checkout.setTender('CASH', '60');
    expect(pos.checkout.change.value).toBe(sen(708));

    let sent: CheckoutRequest | undefined;
    server()
      .post('/v1/checkout', (body: CheckoutRequest) => {
        sent = body;
        return true;
      })
      .reply(200, { order: orderWith({ total_amount: 52.92 }), tickets: [] });
    await pos.checkout.submit({ email: '', confirmedNoEmail: true });
    expect(sent).toMatchObject({
      subtotal: 49,
      tax: 3.92,
      items: [{ sku: 'DAY-ADULT', tax: { code: 'SST8', rate_bp: 800, amount: 3.92 } }],
      payment: { methods: [{ type: 'CASH', amount: 60 }], change: 7.08 },
    });
  });

  it('a venue without codes sends no tax and the TOTAL is the subtotal', async () => {
    const test = createTestPos();
    server()
      .get('/v1/passes/STORE')
      .reply(200, TAXED_PASSES)
      .get('/v1/merchandises/STORE')
      .reply(200, TAXED_MERCH);
    await test.pos.catalog.load();
    await test.pos.cart.add('DAY-ADULT', 1);
    expect(test.pos.cart.tax.value.total).toBe(sen(0));
    expect(test.pos.cart.amountToPay.value).toBe(sen(4900));
    const payload = test.pos.cart.toPayload();
    expect(payload).not.toHaveProperty('tax');
    expect(payload.items[0]).not.toHaveProperty('tax');
  });
});
