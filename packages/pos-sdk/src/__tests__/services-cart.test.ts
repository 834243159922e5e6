import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sen } from '../money';
import { addedToCart, MESSAGES, productNotFound, quantityAtLeast } from '../rules/messages';
import { DAY_START, MEMBER, MERCHANDISE, PASSES } from './support/fixtures';
import { createTestPos, loadCatalog, noticeMessages, server } from './support/testPos';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());

async function terminal() {
  const test = createTestPos();
  await loadCatalog(test.pos);
  return test;
}

const memberDetails = { name: MEMBER.name, email: MEMBER.email, dob: MEMBER.dob, phone: MEMBER.phone };

describe('services cart', () => {
  it("adds an item with 'Added {qty} x {name} to cart'", async () => {
    const { pos } = await terminal();
    const line = await pos.cart.add('DAY-ADULT', 2);
    expect(line).toMatchObject({
      sku: 'DAY-ADULT',
      name: 'Day Pass',
      group: 'Adult',
      quantity: 2,
      price: sen(4900),
    });
    expect(noticeMessages(pos)).toEqual(['Added 2 x Day Pass to cart']);
    expect(pos.notices.items.value[0]).toMatchObject({
      kind: 'success',
      message: addedToCart(2, 'Day Pass'),
    });
    expect(pos.cart.subtotal.value).toBe(sen(9800));
    expect(pos.cart.numItems.value).toBe(2);
  });

  it('sets visit_date to the start of today in the venue time zone', async () => {
    const { pos } = await terminal();
    const line = await pos.cart.add('DAY-CHILD');
    expect(line?.visit_date).toBe(DAY_START);
  });

  it('adding an existing sku increases its quantity', async () => {
    const { pos } = await terminal();
    await pos.cart.add('GRIP-S');
    await pos.cart.add('GRIP-S', '3');
    expect(pos.cart.items.value).toHaveLength(1);
    expect(pos.cart.items.value[0]?.quantity).toBe(4);
  });

  it("refuses a renewal: 'Membership renewal needs to be process independently.'", async () => {
    const { pos } = await terminal();
    await expect(pos.cart.add('RENEW-1M')).rejects.toMatchObject({
      name: 'RuleError',
      message: 'Membership renewal needs to be process independently.',
    });
    expect(pos.notices.items.value).toEqual([
      expect.objectContaining({ kind: 'warning', message: MESSAGES.renewalNotInCart, durationMs: 3000 }),
    ]);
    expect(pos.cart.isEmpty.value).toBe(true);
  });

  describe('prepare: what a tap or a scan takes, checked before any dialog', () => {
    it('refuses a scanned renewal at once, before asking for a member', async () => {
      const { pos } = await terminal();
      await expect(pos.cart.prepare('renew-1m')).rejects.toMatchObject({
        name: 'RuleError',
        message: MESSAGES.renewalNotInCart,
      });
      expect(noticeMessages(pos)).toEqual([MESSAGES.renewalNotInCart]);
      expect(pos.cart.isEmpty.value).toBe(true);
    });

    it('refuses a second membership at once, before asking for its member', async () => {
      const { pos } = await terminal();
      await pos.cart.add('MEMBER-1M', 1, { member: memberDetails });
      await expect(pos.cart.prepare('MEMBER-1M')).rejects.toThrow(MESSAGES.oneMembershipOnly);
    });

    it('refuses an unknown code', async () => {
      const { pos } = await terminal();
      await expect(pos.cart.prepare('NOPE-1')).rejects.toMatchObject({ name: 'PosError', code: 'not_found' });
      expect(noticeMessages(pos)).toEqual([productNotFound('NOPE-1')]);
    });

    it('says a membership needs its member, and the starting quantity of a pass', async () => {
      const { pos } = await terminal();
      await expect(pos.cart.prepare('MEMBER-1M')).resolves.toEqual({
        sku: 'MEMBER-1M',
        name: expect.any(String),
        needsMember: true,
        quantity: 1,
      });
      await expect(pos.cart.prepare('DAY-ADULT')).resolves.toMatchObject({ needsMember: false, quantity: 1 });
      await expect(pos.cart.prepare('GROUP-5')).resolves.toMatchObject({ needsMember: false, quantity: 5 });
      await expect(pos.cart.prepare('GRIP-S')).resolves.toMatchObject({ needsMember: false, quantity: 1 });
      expect(pos.cart.isEmpty.value).toBe(true);
      expect(noticeMessages(pos)).toEqual([]);
    });
  });

  it("allows one Membership item only: 'Only 1 membership item is allowed in the cart!'", async () => {
    const { pos } = await terminal();
    await pos.cart.add('MEMBER-1M', 1, { member: memberDetails });
    await expect(pos.cart.add('MEMBER-1M', 1, { member: memberDetails })).rejects.toThrow(
      'Only 1 membership item is allowed in the cart!',
    );
  });

  it("membership passes only quantity 1: 'Membership passes can only have quantity of 1'", async () => {
    const { pos } = await terminal();
    await expect(pos.cart.add('MEMBER-1M', 2)).rejects.toThrow(
      'Membership passes can only have quantity of 1',
    );
    await pos.cart.add('MEMBER-1M', 1, { member: memberDetails });
    expect(() => pos.cart.setQuantity('MEMBER-1M', '3')).toThrow(MESSAGES.membershipQuantityOne);
  });

  it('a Membership item carries its member, type from the group and the sku', async () => {
    const { pos } = await terminal();
    await pos.cart.add('MEMBER-1M', 1, { member: memberDetails });
    expect(pos.cart.toPayload().items[0]?.member).toEqual({
      type: 'Adult',
      sku: 'MEMBER-1M',
      ...memberDetails,
    });
  });

  it("other passes need at least min_qty: 'Quantity for {name} has to be at least {min_qty}'", async () => {
    const { pos } = await terminal();
    await expect(pos.cart.add('GROUP-5', 2)).rejects.toThrow(
      'Quantity for Group Day Pass has to be at least 5',
    );
    await pos.cart.add('GROUP-5', 5);
    expect(() => pos.cart.setQuantity('GROUP-5', 4)).toThrow(quantityAtLeast('Group Day Pass', 5));
    expect(noticeMessages(pos)).toContain('Quantity for Group Day Pass has to be at least 5');
  });

  it('empty or zero quantity is ignored', async () => {
    const { pos } = await terminal();
    expect(await pos.cart.add('DAY-ADULT', '')).toBeUndefined();
    expect(await pos.cart.add('DAY-ADULT', 0)).toBeUndefined();
    expect(pos.cart.isEmpty.value).toBe(true);
    await pos.cart.add('DAY-ADULT', 2);
    expect(pos.cart.setQuantity('DAY-ADULT', '')).toBeUndefined();
    expect(pos.cart.setQuantity('DAY-ADULT', '0')).toBeUndefined();
    expect(pos.cart.items.value[0]?.quantity).toBe(2);
    expect(pos.cart.setQuantity('DAY-ADULT', '7')?.quantity).toBe(7);
  });

  it('refuses a quantity that is not a positive integer', async () => {
    const { pos } = await terminal();
    await expect(pos.cart.add('DAY-ADULT', '1.5')).rejects.toThrow(MESSAGES.invalidQuantity);
    await expect(pos.cart.add('DAY-ADULT', 1000)).rejects.toThrow(MESSAGES.quantityTooLarge);
  });

  it('removes an item and clears the cart', async () => {
    const { pos } = await terminal();
    await pos.cart.add('DAY-ADULT');
    await pos.cart.add('BOTTLE-750');
    pos.cart.remove('DAY-ADULT');
    expect(pos.cart.items.value.map((line) => line.sku)).toEqual(['BOTTLE-750']);
    pos.cart.clear();
    expect(pos.cart.isEmpty.value).toBe(true);
  });

  it('applies and removes a discount: a percentage is quantity x price x value / 100', async () => {
    const { pos } = await terminal();
    await pos.cart.add('DAY-ADULT', 2);
    const line = pos.cart.applyDiscount('DAY-ADULT', {
      type: 'percentage',
      value: 10,
      approver: 'u-manager',
    });
    expect(line.discount).toMatchObject({ type: 'percentage', value: 10, amount: sen(980) });
    expect(pos.cart.subtotal.value).toBe(sen(8820));
    expect(pos.cart.toPayload()).toMatchObject({
      subtotal: 88.2,
      num_items: 2,
      items: [{ discount: { type: 'percentage', value: 10, amount: 9.8, approver: 'u-manager' } }],
    });
    pos.cart.removeDiscount('DAY-ADULT');
    expect(pos.cart.items.value[0]?.discount).toBeUndefined();
    expect(pos.cart.subtotal.value).toBe(sen(9800));
  });

  it('loads the catalogue when a sku is added before it is loaded', async () => {
    const { pos } = createTestPos();
    server().get('/v1/passes/STORE').reply(200, PASSES).get('/v1/merchandises/STORE').reply(200, MERCHANDISE);
    await pos.cart.add('BOTTLE-750');
    expect(pos.cart.items.value[0]).toMatchObject({
      name: 'Water Bottle',
      type: 'MERCHANDISE',
      group: '750ml',
    });
  });

  it('refuses an unknown product code', async () => {
    const { pos } = await terminal();
    await expect(pos.cart.add('NOPE')).rejects.toMatchObject({ name: 'PosError', code: 'not_found' });
  });

  it('keeps the cart across a new createPos on the same storage', async () => {
    const { pos, storage } = await terminal();
    await pos.cart.add('DAY-ADULT', 2);
    await pos.cart.add('GRIP-L');
    pos.cart.applyDiscount('GRIP-L', {
      type: 'amount',
      value: 5,
      approver: 'u-manager',
      approver_name: 'Max Manager',
    });
    pos.dispose();

    const reloaded = createTestPos({ storage }).pos;

    expect(reloaded.cart.items.value).toEqual(pos.cart.items.value);
    expect(reloaded.cart.subtotal.value).toBe(sen(10800));
    expect(reloaded.cart.numItems.value).toBe(3);
  });

  it('ignores a corrupt stored cart', () => {
    const { storage } = createTestPos();
    storage.set('pos.cart', '{not json');
    expect(createTestPos({ storage }).pos.cart.isEmpty.value).toBe(true);
    storage.set('pos.cart', JSON.stringify({ items: [{ sku: 'X', price: 1.5 }] }));
    expect(createTestPos({ storage }).pos.cart.isEmpty.value).toBe(true);
  });
});
