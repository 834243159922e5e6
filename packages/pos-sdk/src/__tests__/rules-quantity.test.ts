import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { checkQuantity, MAX_QUANTITY, parseQuantity, RULE_CODES, type RuleCartItem } from '../rules';

const dayPass: Pick<RuleCartItem, 'name' | 'category' | 'type' | 'min_qty'> = {
  name: 'Day Pass',
  category: 'Day Pass',
  type: 'PASS',
  min_qty: 1,
};
const groupPass = { ...dayPass, name: 'Group Day Pass', min_qty: 5 };
const membership = { ...dayPass, name: 'Monthly Membership', category: 'Membership' };
const socks = { name: 'Grip Socks', type: 'MERCHANDISE' as const };

describe('rules/quantity', () => {
  it('Quantity must be a positive integer', () => {
    expect(checkQuantity(dayPass, 3)).toEqual({ ok: true, value: 3 });
    expect(checkQuantity(dayPass, ' 12 ')).toEqual({ ok: true, value: 12 });
    for (const bad of [-1, 1.5, Number.NaN, '-1', '1.5', 'abc', '1e2']) {
      expect(checkQuantity(dayPass, bad)).toEqual({
        ok: false,
        code: RULE_CODES.invalid_quantity,
        message: MESSAGES.invalidQuantity,
      });
    }
  });

  it('Empty or zero is ignored (ok with value undefined)', () => {
    for (const empty of [0, '0', '', '  ', null, undefined]) {
      expect(checkQuantity(dayPass, empty)).toEqual({ ok: true, value: undefined });
      // Also for a membership, whose quantity must otherwise be 1.
      expect(checkQuantity(membership, empty)).toEqual({ ok: true, value: undefined });
    }
  });

  it('Display range is 0 to 999', () => {
    expect(MAX_QUANTITY).toBe(999);
    expect(checkQuantity(socks, 999)).toEqual({ ok: true, value: 999 });
    expect(checkQuantity(socks, 1000)).toEqual({
      ok: false,
      code: RULE_CODES.quantity_too_large,
      message: 'Quantity cannot be more than 999',
    });
  });

  it("'Membership passes can only have quantity of 1'", () => {
    expect(checkQuantity(membership, 1)).toEqual({ ok: true, value: 1 });
    expect(checkQuantity(membership, 2)).toEqual({
      ok: false,
      code: RULE_CODES.membership_quantity_one,
      message: 'Membership passes can only have quantity of 1',
    });
  });

  it("Other passes need quantity of at least min_qty: 'Quantity for {name} has to be at least {min_qty}'", () => {
    expect(checkQuantity(groupPass, 5)).toEqual({ ok: true, value: 5 });
    expect(checkQuantity(groupPass, 4)).toEqual({
      ok: false,
      code: RULE_CODES.below_min_qty,
      message: 'Quantity for Group Day Pass has to be at least 5',
    });
  });

  it('merchandise has no min_qty', () => {
    expect(checkQuantity({ ...socks, min_qty: 5 }, 1)).toEqual({ ok: true, value: 1 });
  });

  it('parseQuantity reads the entry without item rules', () => {
    expect(parseQuantity('7')).toEqual({ ok: true, value: 7 });
    expect(parseQuantity('')).toEqual({ ok: true, value: undefined });
    expect(parseQuantity('x').ok).toBe(false);
  });
});
