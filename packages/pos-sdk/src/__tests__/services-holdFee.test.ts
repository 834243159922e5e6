import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VenueSettings } from '../contract';
import { HOLD_MESSAGES } from '../rules';
import { memoryOfflineStore } from '../sync';
import { MEMBER, orderWith, ticketWith } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

const MEMBERSHIP = ticketWith(
  { _id: 'M-1', expiry: '2026-12-21T16:00:00.000Z', member: { name: MEMBER.name, _id: MEMBER.email } },
  { name: 'Membership', sku: 'MEMBER-1M', usage_limit: 0, entries_per_day: 1 },
);
const HELD = {
  ...MEMBERSHIP,
  expiry: '2027-01-04T16:00:00.000Z',
  hold: { from: '2026-11-22', to: '2026-12-06' },
};
/** The venue's settings with the water bottle (RM 25.00) as the hold fee. */
const VENUE: VenueSettings = {
  name: 'Demo Climbing Gym',
  address: '',
  registration_no: '',
  phone: '',
  receipt_footer: '',
  time_zone: 'Asia/Kuala_Lumpur',
  currency_display: 'RM',
  hold_min_days: 7,
  hold_max_days: 90,
  stock_below_zero: 'allow',
  prices_include_tax: true,
  sst_registration_no: '',
  tax_codes: [],
  variance_alert: 5,
  blind_count: false,
  hold_fee_sku: 'BOTTLE-750',
};

/** The fee's sale as the server answers it: an order carrying the fee line. */
const feeOrder = orderWith({
  _id: 'order-fee',
  total_amount: 25,
  order_details: {
    customer: { email: '' },
    cart: {
      items: [
        {
          sku: 'BOTTLE-750',
          name: 'Water Bottle',
          category: 'Merchandise',
          group: '750ml',
          quantity: 1,
          type: 'MERCHANDISE',
          price: { value: 25, currency: 'MYR' },
        },
      ],
      subtotal: 25,
    },
  },
  tickets: [],
});

/** The server's answer to the till's check before it sells the fee (`check_only`). */
const answerCheck = () =>
  server()
    .post('/v1/hold_membership', { ticket_id: 'M-1', from: '2026-11-22', days: 14, check_only: true })
    .reply(200, { ticket: MEMBERSHIP, message: HOLD_MESSAGES.holdPossible });

async function tillWithFee(settings: VenueSettings = VENUE) {
  const test = createTestPos();
  server().post('/v1/admin/venue', {}).reply(200, settings);
  await test.pos.venue.load();
  await loadCatalog(test.pos);
  return test;
}

describe('services membership hold fee', () => {
  it('is the catalogue variant the venue set, with its price; none when it set none', async () => {
    const { pos } = await tillWithFee();
    expect(pos.membership.holdFee()).toEqual({
      sku: 'BOTTLE-750',
      name: 'Water Bottle - 750ml',
      price: 2500,
    });
    const other = await tillWithFee({ ...VENUE, hold_fee_sku: '' });
    expect(other.pos.membership.holdFee()).toBeNull();
  });

  it('puts the fee into the cart and keeps the hold waiting; the sale that pays it places the hold with its order', async () => {
    const { pos, storage } = await tillWithFee();
    const asked = answerCheck();
    const pending = await pos.membership.holdWithFee(MEMBERSHIP, { days: '14' });
    expect(asked.isDone()).toBe(true);
    expect(pending).toEqual({ ticket_id: 'M-1', from: '2026-11-22', days: 14, fee_sku: 'BOTTLE-750' });
    expect(pos.cart.items.value.map((item) => item.sku)).toEqual(['BOTTLE-750']);
    expect(pos.membership.pendingHolds.value).toEqual([pending]);
    expect(JSON.parse(storage.get('pos.pendingHolds') ?? '[]')).toEqual([pending]);
    expect(noticeMessages(pos)).toContain(HOLD_MESSAGES.feeInCart('RM 25.00'));
    // Nothing held yet: no call until the fee is paid.
    expect(nock.pendingMocks()).toEqual([]);

    const held = server()
      .post('/v1/hold_membership', { ticket_id: 'M-1', from: '2026-11-22', days: 14, fee_order: 'order-fee' })
      .reply(200, { ticket: HELD, message: 'Membership put on hold' });
    server().post('/v1/checkout').reply(200, { order: feeOrder, tickets: [] });
    pos.checkout.setTender('CASH', '25');
    await pos.checkout.submit({ email: 'guest@example.com' });
    await expect.poll(() => held.isDone()).toBe(true);
    await expect.poll(() => noticeMessages(pos)).toContain('Membership put on hold');
    expect(pos.membership.pendingHolds.value).toEqual([]);
    expect(storage.get('pos.pendingHolds')).toBeNull();
  });

  it('says so when the fee is paid but the server refuses the hold', async () => {
    const { pos } = await tillWithFee();
    answerCheck();
    await pos.membership.holdWithFee(MEMBERSHIP, { days: '14' });
    server()
      .post('/v1/hold_membership')
      .reply(409, { code: 'conflict', message: 'This membership is already on hold until 14-12-2026' });
    server().post('/v1/checkout').reply(200, { order: feeOrder, tickets: [] });
    pos.checkout.setTender('CASH', '25');
    await pos.checkout.submit({ email: 'guest@example.com' });
    await expect
      .poll(() => noticeMessages(pos))
      .toContain(HOLD_MESSAGES.feeHoldFailed('This membership is already on hold until 14-12-2026'));
  });

  /** A till with offline selling on, the hold waiting for its fee, whose fee is then sold while the server is down. */
  async function feeSoldOffline() {
    server()
      .post('/v1/offline/prepare')
      .reply(200, {
        policy: { max_offline_minutes: 480, max_offline_amount: 1000, max_offline_sales: 3 },
        ticket_ids: ['TZ000000001'],
        tickets: [],
        server_time: '2026-11-22T02:00:00.000Z',
      });
    const store = memoryOfflineStore();
    const test = createTestPos({ offline: { store, probeIntervalMs: 0 } });
    const { pos } = test;
    await vi.waitFor(() => expect(pos.sync?.policy.value).not.toBeNull());
    server().post('/v1/admin/venue', {}).reply(200, VENUE);
    await pos.venue.load();
    await loadCatalog(pos);
    answerCheck();
    await pos.membership.holdWithFee(MEMBERSHIP, { days: '14' });
    // The server goes down: the sale is kept to be synced later.
    server().persist().post(/.*/).replyWithError({ code: 'ECONNREFUSED' });
    pos.checkout.setTender('CASH', '25');
    const receipt = await pos.checkout.submit({ email: 'guest@example.com' });
    expect(receipt.order.pending_sync).toBe(true);
    await vi.waitFor(() => expect(noticeMessages(pos)).toContain(HOLD_MESSAGES.feeSoldOffline));
    expect(pos.membership.pendingHolds.value).toEqual([]);
    nock.cleanAll();
    return { ...test, store };
  }

  it("a fee sold offline: the hold waits for the sale's sync (a reload keeps it), then is placed with its order", async () => {
    const sold = await feeSoldOffline();
    const queued = sold.pos.sync?.queue.value[0];
    if (queued?.kind !== 'sale') throw new Error('the fee sale waits to be synced');
    expect(JSON.parse(sold.storage.get('pos.holdsAfterSync') ?? '[]')).toEqual([
      { ticket_id: 'M-1', from: '2026-11-22', days: 14, fee_sku: 'BOTTLE-750', sale_key: queued.key },
    ]);
    sold.pos.dispose();
    // The server is back: the sale is booked with its key, then the hold names the order it was booked as.
    const booked = server()
      .post('/v1/checkout')
      .matchHeader('idempotency-key', queued.key)
      .reply(200, { order: feeOrder, tickets: [] });
    const held = server()
      .post('/v1/hold_membership', { ticket_id: 'M-1', from: '2026-11-22', days: 14, fee_order: 'order-fee' })
      .reply(200, { ticket: HELD, message: 'Membership put on hold' });
    server().persist().post('/v1/offline/prepare').reply(503, { code: 'server_error', message: 'later' });
    // The till reloaded: the same storage and offline store.
    const { pos, storage } = createTestPos({
      storage: sold.storage,
      offline: { store: sold.store, probeIntervalMs: 0 },
    });
    await pos.sync?.syncNow();
    await expect.poll(() => booked.isDone()).toBe(true);
    await expect.poll(() => held.isDone()).toBe(true);
    await expect.poll(() => noticeMessages(pos)).toContain('Membership put on hold');
    expect(pos.sync?.queue.value).toEqual([]);
    expect(storage.get('pos.holdsAfterSync')).toBeNull();
    expect(noticeMessages(pos)).not.toContain(HOLD_MESSAGES.feeSaleRefused);
    pos.dispose();
  });

  it('a fee sold offline whose sale the server refuses at the sync: no hold, and the till says so', async () => {
    const { pos, storage } = await feeSoldOffline();
    server().post('/v1/checkout').reply(409, { code: 'conflict', message: 'Price changed for BOTTLE-750' });
    server().post('/v1/offline/prepare').reply(503, { code: 'server_error', message: 'later' });
    expect(await pos.sync?.syncNow()).toEqual({ synced: 0, refused: 1, waiting: 0 });
    await expect.poll(() => noticeMessages(pos)).toContain(HOLD_MESSAGES.feeSaleRefused);
    expect(storage.get('pos.holdsAfterSync')).toBeNull();
    // No hold was asked for.
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('removing the fee from the cart drops the waiting hold', async () => {
    const { pos } = await tillWithFee();
    answerCheck();
    await pos.membership.holdWithFee(MEMBERSHIP, { days: '14' });
    await pos.cart.add('GRIP-M');
    await Promise.resolve();
    expect(pos.membership.pendingHolds.value).toHaveLength(1);
    pos.cart.remove('BOTTLE-750');
    await Promise.resolve();
    expect(pos.membership.pendingHolds.value).toEqual([]);
  });

  it('an invalid form is refused before anything goes into the cart', async () => {
    const { pos } = await tillWithFee();
    await expect(pos.membership.holdWithFee(MEMBERSHIP, { days: '100' })).rejects.toMatchObject({
      name: 'FormError',
      details: [{ path: 'days', message: 'A hold lasts from 7 to 90 days' }],
    });
    expect(pos.cart.items.value).toEqual([]);
  });

  it('a hold with no fee set is no waiting hold: undefined, the cart untouched', async () => {
    const { pos } = await tillWithFee({ ...VENUE, hold_fee_sku: '' });
    expect(await pos.membership.holdWithFee(MEMBERSHIP, { days: '14' })).toBeUndefined();
    expect(pos.cart.items.value).toEqual([]);
  });

  it('sends fee_order with a hold placed from elsewhere (the server checks it)', async () => {
    const { pos } = await tillWithFee();
    const scope = server()
      .post('/v1/hold_membership', { ticket_id: 'M-1', from: '2026-11-22', days: 14, fee_order: 'order-9' })
      .reply(200, { ticket: HELD, message: 'Membership put on hold' });
    await pos.api.holdMembership({ ticket_id: 'M-1', from: '2026-11-22', days: 14, fee_order: 'order-9' });
    scope.done();
  });
});
