import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { sen } from '../money';
import {
  cartWithDiscount,
  cartWithoutDiscount,
  computeDiscount,
  DISCOUNT_TYPE_LABELS,
  RULE_CODES,
  type RuleCartItem,
  validateDiscountForm,
  withQuantity,
} from '../rules';

const dayPass: RuleCartItem = {
  sku: 'DAY-ADULT',
  name: 'Day Pass',
  category: 'Day Pass',
  quantity: 2,
  min_qty: 1,
  usage_limit: 1,
  type: 'PASS',
  price: sen(4900),
};
const socks: RuleCartItem = {
  sku: 'GRIP-M',
  name: 'Grip Socks',
  quantity: 1,
  type: 'MERCHANDISE',
  price: sen(1500),
};

describe('rules/discount', () => {
  describe('computeDiscount', () => {
    it('A percentage discount amount is quantity times price times value divided by 100', () => {
      expect(computeDiscount({ type: 'percentage', value: 10 }, dayPass)).toEqual({
        ok: true,
        value: { type: 'percentage', value: 10, amount: 980 },
      });
    });

    it('rounds a percentage amount half-up to the sen (33.33 % of 3 x RM 0.50 = 49.995 sen -> 50)', () => {
      const item = { price: sen(50), quantity: 3 };
      expect(computeDiscount({ type: 'percentage', value: 33.33 }, item)).toMatchObject({
        ok: true,
        value: { amount: 50 },
      });
    });

    it('A fixed discount uses the value as the amount', () => {
      expect(computeDiscount({ type: 'amount', value: 12.5 }, dayPass)).toEqual({
        ok: true,
        value: { type: 'amount', value: 12.5, amount: 1250 },
      });
    });

    it('The discount value is stored rounded to 2 decimals (half-up)', () => {
      expect(computeDiscount({ type: 'amount', value: 1.005 }, dayPass)).toMatchObject({
        value: { value: 1.01, amount: 101 },
      });
      expect(computeDiscount({ type: 'percentage', value: 33.335 }, dayPass)).toMatchObject({
        value: { value: 33.34, amount: 3267 }, // 9800 x 33.34 % = 3267.32
      });
    });

    it('keeps the approver and approval', () => {
      const result = computeDiscount({ type: 'amount', value: 5, approver: 'u2', approval: 'tok' }, dayPass);
      expect(result).toMatchObject({ ok: true, value: { approver: 'u2', approval: 'tok' } });
    });

    it("refuses a non-positive value: 'Discount must be more than 0'", () => {
      for (const value of [0, -5, 0.004, Number.NaN]) {
        expect(computeDiscount({ type: 'amount', value }, dayPass)).toEqual({
          ok: false,
          code: RULE_CODES.discount_not_positive,
          message: 'Discount must be more than 0',
        });
      }
    });

    it("refuses a percentage over 100: 'Percentage discount cannot be more than 100%'", () => {
      expect(computeDiscount({ type: 'percentage', value: 100 }, dayPass)).toMatchObject({
        ok: true,
        value: { amount: 9800 },
      });
      expect(computeDiscount({ type: 'percentage', value: 100.01 }, dayPass)).toEqual({
        ok: false,
        code: RULE_CODES.discount_over_100,
        message: 'Percentage discount cannot be more than 100%',
      });
    });

    it('takes a fixed amount above 100 (only a percentage stops at 100 %)', () => {
      expect(computeDiscount({ type: 'amount', value: 120 }, { ...dayPass, quantity: 3 })).toEqual({
        ok: true,
        value: { type: 'amount', value: 120, amount: 12000 },
      });
    });

    it("refuses an amount larger than the line: 'Discount cannot exceed the item amount'", () => {
      expect(computeDiscount({ type: 'amount', value: 98 }, dayPass).ok).toBe(true);
      expect(computeDiscount({ type: 'amount', value: 98.01 }, dayPass)).toEqual({
        ok: false,
        code: RULE_CODES.discount_exceeds_amount,
        message: 'Discount cannot exceed the item amount',
      });
    });
  });

  describe('cartWithDiscount / cartWithoutDiscount', () => {
    it('applies a discount to the line with the sku', () => {
      const result = cartWithDiscount([dayPass, socks], 'GRIP-M', {
        type: 'amount',
        value: 5,
        approver: 'u2',
      });
      expect(result).toEqual({
        ok: true,
        value: [dayPass, { ...socks, discount: { type: 'amount', value: 5, amount: 500, approver: 'u2' } }],
      });
    });

    it('refuses an sku not in the cart, and passes refusals on', () => {
      expect(cartWithDiscount([dayPass], 'NOPE', { type: 'amount', value: 5 })).toMatchObject({
        ok: false,
        code: RULE_CODES.item_not_in_cart,
      });
      expect(cartWithDiscount([socks], 'GRIP-M', { type: 'amount', value: 16 })).toMatchObject({
        ok: false,
        message: MESSAGES.discountExceedsAmount,
      });
    });

    it('An applied discount is removed by clicking it', () => {
      const discounted = { ...socks, discount: { type: 'amount' as const, value: 5, amount: sen(500) } };
      const items = cartWithoutDiscount([dayPass, discounted], 'GRIP-M');
      expect(items).toEqual([dayPass, socks]);
      expect('discount' in (items[1] ?? {})).toBe(false);
      expect(cartWithoutDiscount([dayPass], 'DAY-ADULT')[0]).toBe(dayPass);
    });

    it("removing one line's discount keeps the discounts of the others", () => {
      const pass = { ...dayPass, discount: { type: 'percentage' as const, value: 10, amount: sen(980) } };
      const discounted = { ...socks, discount: { type: 'amount' as const, value: 5, amount: sen(500) } };
      expect(cartWithoutDiscount([pass, discounted], 'GRIP-M')).toEqual([pass, socks]);
      expect(cartWithoutDiscount([pass, discounted], 'DAY-ADULT')).toEqual([dayPass, discounted]);
      expect(cartWithoutDiscount([pass, discounted], 'NOPE')).toEqual([pass, discounted]);
    });

    it('withQuantity recomputes a percentage and keeps a fixed amount', () => {
      const pct = { ...dayPass, discount: { type: 'percentage' as const, value: 10, amount: sen(980) } };
      expect(withQuantity(pct, 3)).toMatchObject({
        ok: true,
        value: { quantity: 3, discount: { amount: 1470 } },
      });
      const fixed = { ...dayPass, discount: { type: 'amount' as const, value: 5, amount: sen(500) } };
      expect(withQuantity(fixed, 3)).toMatchObject({
        ok: true,
        value: { quantity: 3, discount: { amount: 500 } },
      });
      expect(withQuantity(dayPass, 3)).toEqual({ ok: true, value: { ...dayPass, quantity: 3 } });
    });
  });

  describe('validateDiscountForm', () => {
    const valid = { value: '10', type: 'Percentage (%)', approver: 'u2', pin: '2222' };

    it('maps Amount (RM) / Percentage (%) to amount / percentage and returns the values', () => {
      expect(DISCOUNT_TYPE_LABELS).toEqual({ amount: 'Amount (RM)', percentage: 'Percentage (%)' });
      expect(validateDiscountForm(valid)).toEqual({
        ok: true,
        value: { value: 10, type: 'percentage', approver: 'u2', pin: '2222' },
      });
      expect(validateDiscountForm({ ...valid, type: 'Amount (RM)', value: 12.345 })).toEqual({
        ok: true,
        value: { value: 12.35, type: 'amount', approver: 'u2', pin: '2222' },
      });
      expect(validateDiscountForm({ ...valid, type: 'amount' })).toMatchObject({ ok: true });
    });

    it('value, type, approver and PIN are all required', () => {
      expect(validateDiscountForm({ value: '', type: '', approver: ' ', pin: '' })).toEqual({
        ok: false,
        errors: {
          value: MESSAGES.discountValueRequired,
          type: MESSAGES.discountTypeRequired,
          approver: MESSAGES.approverRequired,
          pin: MESSAGES.pinRequired,
        },
      });
      expect(validateDiscountForm({ value: null, type: null, approver: null, pin: null }).ok).toBe(false);
    });

    it('says which field is missing when the dialog sends null or undefined', () => {
      const required = {
        ok: false,
        errors: {
          value: 'Please enter the discount value',
          type: 'Please select the discount type',
          approver: 'Please select the approver',
          pin: 'Please enter the PIN',
        },
      };
      expect(validateDiscountForm({ value: null, type: null, approver: null, pin: null })).toEqual(required);
      expect(
        validateDiscountForm({ value: undefined, type: undefined, approver: undefined, pin: undefined }),
      ).toEqual(required);
      expect(validateDiscountForm({ ...valid, value: '   ' })).toEqual({
        ok: false,
        errors: { value: 'Please enter the discount value' },
      });
    });

    it('takes the type as the dialog labels it or as the type itself', () => {
      expect(validateDiscountForm({ ...valid, type: 'percentage' })).toMatchObject({
        ok: true,
        value: { type: 'percentage' },
      });
      expect(validateDiscountForm({ ...valid, type: 'Percent' })).toEqual({
        ok: false,
        errors: { type: 'Please select the discount type' },
      });
    });

    it('trims the value and the PIN', () => {
      expect(validateDiscountForm({ ...valid, value: ' 10 ', pin: ' 2222 ' })).toEqual({
        ok: true,
        value: { value: 10, type: 'percentage', approver: 'u2', pin: '2222' },
      });
    });

    it("The PIN is digits only: 'Only numbers allowed'", () => {
      expect(validateDiscountForm({ ...valid, pin: '12a4' })).toEqual({
        ok: false,
        errors: { pin: 'Only numbers allowed' },
      });
    });

    it('the approver is one of the users when the list is given', () => {
      expect(validateDiscountForm(valid, ['u1', 'u2']).ok).toBe(true);
      expect(validateDiscountForm(valid, ['u1'])).toEqual({
        ok: false,
        errors: { approver: MESSAGES.approverRequired },
      });
    });

    it('refuses a value that is not above 0 or a percentage over 100', () => {
      expect(validateDiscountForm({ ...valid, value: '0' })).toMatchObject({
        errors: { value: MESSAGES.discountNotPositive },
      });
      expect(validateDiscountForm({ ...valid, value: 'abc' })).toMatchObject({
        errors: { value: MESSAGES.discountNotPositive },
      });
      expect(validateDiscountForm({ ...valid, value: '100.5' })).toMatchObject({
        errors: { value: MESSAGES.discountOver100 },
      });
      expect(validateDiscountForm({ ...valid, type: 'Amount (RM)', value: '100.5' }).ok).toBe(true);
    });

    it('takes exactly 100 % (the boundary) and refuses 100.01 %', () => {
      expect(validateDiscountForm({ ...valid, value: '100' })).toEqual({
        ok: true,
        value: { value: 100, type: 'percentage', approver: 'u2', pin: '2222' },
      });
      expect(validateDiscountForm({ ...valid, value: 100 })).toMatchObject({
        ok: true,
        value: { value: 100 },
      });
      expect(validateDiscountForm({ ...valid, value: '100.01' })).toEqual({
        ok: false,
        errors: { value: 'Percentage discount cannot be more than 100%' },
      });
    });

    it("reads only plain decimal numbers: '1e5', '0x10', '1,5' and '-5' are not a value", () => {
      for (const value of ['1e5', '0x10', '1,5', '-5', '5.', '.5', '+5', 'Infinity']) {
        expect(validateDiscountForm({ ...valid, type: 'Amount (RM)', value }), value).toEqual({
          ok: false,
          errors: { value: 'Discount must be more than 0' },
        });
      }
    });
  });
});
