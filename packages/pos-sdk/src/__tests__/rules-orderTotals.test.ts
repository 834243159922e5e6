import { describe, expect, it } from 'vitest';
import { sen, ZERO } from '../money';
import { orderItemDiscount, orderItemGross, orderTotals } from '../rules';

const adult = { price: { value: 49 }, quantity: 2, discount: { amount: 9.8 } };
const socks = { price: { value: 15 }, quantity: 1 };

describe('rules/orderTotals', () => {
  it('SUBTOTAL is unit price × quantity of every item, before discounts', () => {
    expect(orderItemGross(adult)).toBe(sen(9800));
    expect(orderTotals({ items: [adult, socks] }).subtotal).toBe(sen(11300));
  });

  it("DISCOUNT is the cart's discount when the order has one", () => {
    expect(orderTotals({ items: [adult, socks], discount: 5 }).discount).toBe(sen(500));
  });

  it("DISCOUNT falls back to the sum of the items' discounts", () => {
    expect(orderItemDiscount(adult)).toBe(sen(980));
    expect(orderItemDiscount({ ...socks, discount: null })).toBe(ZERO);
    expect(orderTotals({ items: [adult, socks] }).discount).toBe(sen(980));
    expect(orderTotals({ items: [] })).toEqual({ subtotal: ZERO, discount: ZERO });
  });
});
