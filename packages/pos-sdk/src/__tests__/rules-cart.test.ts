import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES, quantityAtLeast } from '../messages';
import { fromRinggit, sen, sumSen, toRinggit } from '../money';
import {
  cartTotals,
  cartWithItem,
  cartWithoutItem,
  cartWithQuantity,
  checkCanAdd,
  checkCartHasItems,
  grossAmount,
  isMembership,
  isRenewal,
  lineAmount,
  MEMBERSHIP_CATEGORY,
  MERCHANDISE_CATEGORY,
  merchandiseUnitPrice,
  passUnitPrice,
  RULE_CODES,
  type RuleCartItem,
} from '../rules';

/** A cart item with the extra fields a real cart carries (they must pass through). */
type Item = RuleCartItem & { group?: string; visit_date?: string };

const dayAdult: Item = {
  sku: 'DAY-ADULT',
  name: 'Day Pass',
  category: 'Day Pass',
  group: 'Adult',
  quantity: 1,
  min_qty: 1,
  usage_limit: 1,
  type: 'PASS',
  price: sen(4900),
  visit_date: '2025-03-10T00:00:00+08:00',
};
const group5: Item = {
  ...dayAdult,
  sku: 'GROUP-5',
  name: 'Group Day Pass',
  min_qty: 5,
  quantity: 5,
  price: sen(3000),
};
const member: Item = {
  ...dayAdult,
  sku: 'MEMBER-1M',
  name: 'Monthly Membership',
  category: 'Membership',
  usage_limit: 0,
  price: sen(12000),
};
const renewal: Item = { ...member, sku: 'RENEW-1M', name: 'Membership Renewal' };
const socks: Item = { sku: 'GRIP-M', name: 'Grip Socks', quantity: 1, type: 'MERCHANDISE', price: sen(1500) };

/** The items of an ok result (fails the test otherwise). */
function itemsOf(result: ReturnType<typeof cartWithItem<Item>>): Item[] {
  if (!result.ok || result.value === undefined)
    throw new Error(`expected items, got ${JSON.stringify(result)}`);
  return result.value;
}

describe('rules/cart', () => {
  describe('cartWithItem', () => {
    it('adds a new item to the cart, keeping its other fields', () => {
      const items = itemsOf(cartWithItem([], dayAdult));
      expect(items).toEqual([dayAdult]);
      expect(items[0]?.visit_date).toBe(dayAdult.visit_date);
    });

    it("refuses an item whose name contains Renewal: 'Membership renewal needs to be process independently.'", () => {
      expect(cartWithItem([], renewal)).toEqual({
        ok: false,
        code: RULE_CODES.renewal_not_in_cart,
        message: 'Membership renewal needs to be process independently.',
      });
    });

    it('refuses adding anything while a cart item name contains Renewal', () => {
      const result = cartWithItem([renewal], dayAdult);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toBe(MESSAGES.renewalNotInCart);
    });

    it("allows only one Membership item: 'Only 1 membership item is allowed in the cart!'", () => {
      const other = { ...member, sku: 'MEMBER-1Y', name: 'Yearly Membership' };
      expect(cartWithItem([member], other)).toEqual({
        ok: false,
        code: RULE_CODES.one_membership_only,
        message: 'Only 1 membership item is allowed in the cart!',
      });
      expect(cartWithItem([member], member).ok).toBe(false);
      expect(itemsOf(cartWithItem([member], dayAdult))).toHaveLength(2);
    });

    it('adding an existing sku increases its quantity', () => {
      const items = itemsOf(cartWithItem([dayAdult, socks], { ...dayAdult, quantity: 2 }));
      expect(items.map((item) => [item.sku, item.quantity])).toEqual([
        ['DAY-ADULT', 3],
        ['GRIP-M', 1],
      ]);
    });

    it('re-checks the quantity rules on the merged quantity (at most 999)', () => {
      const many = { ...socks, quantity: 998 };
      expect(itemsOf(cartWithItem([many], { ...socks, quantity: 1 }))[0]?.quantity).toBe(999);
      const result = cartWithItem([{ ...socks, quantity: 999 }], { ...socks, quantity: 1 });
      expect(!result.ok && result.code).toBe(RULE_CODES.quantity_too_large);
    });

    it('adds below min_qty to an existing line when the merged quantity reaches it', () => {
      expect(itemsOf(cartWithItem([group5], { ...group5, quantity: 1 }))[0]?.quantity).toBe(6);
    });

    it("refuses a new pass below min_qty: 'Quantity for {name} has to be at least {min_qty}'", () => {
      const result = cartWithItem([], { ...group5, quantity: 2 });
      expect(result).toEqual({
        ok: false,
        code: RULE_CODES.below_min_qty,
        message: 'Quantity for Group Day Pass has to be at least 5',
      });
    });

    it('ignores an empty or zero quantity (value undefined, cart unchanged)', () => {
      expect(cartWithItem([socks], { ...dayAdult, quantity: 0 })).toEqual({ ok: true, value: undefined });
      expect(cartWithItem([dayAdult], { ...dayAdult, quantity: 0 })).toEqual({ ok: true, value: undefined });
    });

    it('refuses a non-integer quantity', () => {
      const result = cartWithItem([dayAdult], { ...dayAdult, quantity: 1.5 });
      expect(!result.ok && result.message).toBe(MESSAGES.invalidQuantity);
    });

    it('makes a percentage discount follow the merged quantity', () => {
      const discounted: Item = {
        ...dayAdult,
        discount: { type: 'percentage', value: 10, amount: sen(490), approver: 'u1' },
      };
      const items = itemsOf(cartWithItem([discounted], { ...dayAdult, quantity: 1 }));
      expect(items[0]?.discount).toEqual({ type: 'percentage', value: 10, amount: sen(980), approver: 'u1' });
    });
  });

  describe('cartWithQuantity', () => {
    it('sets the quantity of a line', () => {
      expect(itemsOf(cartWithQuantity([dayAdult, socks], 'GRIP-M', '4'))[1]?.quantity).toBe(4);
    });

    it('ignores an empty or zero entry', () => {
      expect(cartWithQuantity([dayAdult], 'DAY-ADULT', '')).toEqual({ ok: true, value: undefined });
      expect(cartWithQuantity([dayAdult], 'DAY-ADULT', 0)).toEqual({ ok: true, value: undefined });
    });

    it("refuses 'Membership passes can only have quantity of 1'", () => {
      const result = cartWithQuantity([member], 'MEMBER-1M', 2);
      expect(!result.ok && result.message).toBe('Membership passes can only have quantity of 1');
    });

    it("refuses a pass below min_qty: 'Quantity for Group Day Pass has to be at least 5'", () => {
      const result = cartWithQuantity([group5], 'GROUP-5', 4);
      expect(!result.ok && result.message).toBe(quantityAtLeast('Group Day Pass', 5));
    });

    it('refuses an sku that is not in the cart', () => {
      const result = cartWithQuantity([dayAdult], 'NOPE', 1);
      expect(!result.ok && result.code).toBe(RULE_CODES.item_not_in_cart);
    });

    it('refuses a quantity that would make a fixed discount exceed the line', () => {
      const discounted: Item = {
        ...dayAdult,
        quantity: 2,
        discount: { type: 'amount', value: 60, amount: sen(6000) },
      };
      const result = cartWithQuantity([discounted], 'DAY-ADULT', 1);
      expect(!result.ok && result.message).toBe(MESSAGES.discountExceedsAmount);
    });
  });

  describe('cartWithoutItem', () => {
    it('removes the line with the sku', () => {
      expect(cartWithoutItem([dayAdult, socks], 'DAY-ADULT')).toEqual([socks]);
      expect(cartWithoutItem([dayAdult], 'NOPE')).toEqual([dayAdult]);
    });
  });

  describe('checkCartHasItems', () => {
    it("warns 'Shopping Cart Empty' / 'No item to checkout' for an empty cart", () => {
      expect(checkCartHasItems([])).toEqual({
        ok: false,
        code: RULE_CODES.cart_empty,
        title: 'Shopping Cart Empty',
        message: 'No item to checkout',
      });
      expect(checkCartHasItems([dayAdult]).ok).toBe(true);
    });
  });

  describe('isMembership / isRenewal', () => {
    it('Membership is special (category), Renewal is in the name', () => {
      expect(MEMBERSHIP_CATEGORY).toBe('Membership');
      expect(MERCHANDISE_CATEGORY).toBe('Merchandise');
      expect(isMembership(member)).toBe(true);
      expect(isMembership(dayAdult)).toBe(false);
      expect(isRenewal(renewal)).toBe(true);
      expect(isRenewal(member)).toBe(false);
    });
  });

  describe('lineAmount / cartTotals', () => {
    it('a line amount is price x quantity − discount amount', () => {
      expect(grossAmount({ ...dayAdult, quantity: 3 })).toBe(14700);
      expect(lineAmount({ ...dayAdult, quantity: 3 })).toBe(14700);
      expect(
        lineAmount({ ...dayAdult, quantity: 3, discount: { type: 'amount', value: 5, amount: sen(500) } }),
      ).toBe(14200);
    });

    it('totals: subtotal is the sum of line amounts, num_items the sum of quantities', () => {
      const items = [{ ...dayAdult, quantity: 2 }, group5, { ...socks, quantity: 3 }];
      const totals = cartTotals(items);
      expect(totals.items).toBe(items);
      expect(totals.subtotal).toBe(9800 + 15000 + 4500);
      expect(totals.num_items).toBe(10);
      expect(cartTotals([])).toEqual({ items: [], subtotal: 0, num_items: 0 });
    });

    it('the subtotal always equals the sum of its lines to the sen (property)', () => {
      const line = fc.record({
        price: fc.integer({ min: 0, max: 10_000_000 }).map(sen),
        quantity: fc.integer({ min: 1, max: 999 }),
        off: fc.integer({ min: 0, max: 100 }),
      });
      fc.assert(
        fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
          const items: Item[] = lines.map((l, i) => {
            const gross = l.price * l.quantity;
            const amount = sen(Math.floor((gross * l.off) / 100));
            return {
              ...socks,
              sku: `S${i}`,
              price: l.price,
              quantity: l.quantity,
              discount: { type: 'amount', value: 0, amount },
            };
          });
          const { subtotal } = cartTotals(items);
          expect(subtotal).toBe(sumSen(items.map(lineAmount)));
          expect(fromRinggit(toRinggit(subtotal))).toBe(subtotal);
        }),
      );
    });
  });

  describe('unit prices', () => {
    it('passes take the first price entry', () => {
      const variant = {
        price: [
          { currency: 'MYR', value: 49 },
          { currency: 'MYR', value: 40 },
        ],
      };
      expect(passUnitPrice(variant)).toEqual({ ok: true, value: 4900 });
    });

    it('refuses a pass with no price', () => {
      expect(passUnitPrice({ price: [] })).toEqual({
        ok: false,
        code: RULE_CODES.no_price,
        message: MESSAGES.passHasNoPrice,
      });
    });

    it('merchandise has one price', () => {
      expect(merchandiseUnitPrice({ price: { value: 15, currency: 'MYR' } })).toBe(1500);
      expect(merchandiseUnitPrice({ price: { value: 12.5 } })).toBe(1250);
    });
  });
});

describe('checkCanAdd: refusals known the moment an item is tapped or scanned', () => {
  const renewal = { name: 'Membership Renewal', category: 'Membership' };
  const membership = { name: 'Membership', category: 'Membership' };
  const day = { name: 'Day Pass', category: 'Day Pass' };

  it('refuses a renewal, and anything while a renewal is in the cart', () => {
    expect(checkCanAdd([], renewal)).toMatchObject({
      ok: false,
      code: RULE_CODES.renewal_not_in_cart,
      message: MESSAGES.renewalNotInCart,
    });
    expect(checkCanAdd([renewal], day)).toMatchObject({ ok: false, code: RULE_CODES.renewal_not_in_cart });
  });

  it('refuses a second membership only', () => {
    expect(checkCanAdd([membership], membership)).toMatchObject({
      ok: false,
      code: RULE_CODES.one_membership_only,
      message: MESSAGES.oneMembershipOnly,
    });
    expect(checkCanAdd([day], membership)).toEqual({ ok: true, value: undefined });
    expect(checkCanAdd([membership], day)).toEqual({ ok: true, value: undefined });
    // Whatever else is in the cart.
    expect(checkCanAdd([day, membership], membership)).toMatchObject({
      ok: false,
      message: 'Only 1 membership item is allowed in the cart!',
    });
  });
});
