import { describe, expect, it } from 'vitest';
import { canApproveDiscounts, checkDiscountApprover } from '../rules/discountApprover';
import { SALE_MESSAGES } from '../rules/serverMessages';

const ana = { _id: 'u-cashier', name: { first: 'Ana', last: 'Cashier' }, role: 'staff' as const };
const max = { _id: 'u-manager', name: { first: 'Max', last: 'Manager' }, role: 'manager' as const };

describe('rules/discountApprover', () => {
  it('lets managers approve, with or without the right', () => {
    expect(canApproveDiscounts({ role: 'manager', approve_discounts: false })).toBe(true);
    expect(canApproveDiscounts({ role: 'manager', approve_discounts: true })).toBe(true);
  });

  it('lets staff approve only with the approve_discounts right a manager grants', () => {
    expect(canApproveDiscounts({ role: 'staff', approve_discounts: false })).toBe(false);
    expect(canApproveDiscounts({ role: 'staff', approve_discounts: true })).toBe(true);
  });

  it("accepts a manager approving anyone's discount, and a granted cashier approving her own", () => {
    expect(checkDiscountApprover({ ...max, approve_discounts: false }, 'u-cashier')).toEqual({
      ok: true,
      value: undefined,
    });
    expect(checkDiscountApprover({ ...ana, approve_discounts: true }, 'u-cashier')).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it("refuses a staff approver without the right: '{name} cannot approve discounts: …'", () => {
    expect(checkDiscountApprover({ ...ana, approve_discounts: false }, 'u-other')).toEqual({
      ok: false,
      code: 'not_an_approver',
      message: 'Ana Cashier cannot approve discounts: choose a manager or a staff member allowed to approve',
    });
  });

  it("refuses a cashier approving her own discount without the right: 'You cannot approve your own discount: …'", () => {
    const refused = checkDiscountApprover({ ...ana, approve_discounts: false }, 'u-cashier');
    expect(refused).toEqual({
      ok: false,
      code: 'own_discount',
      message: SALE_MESSAGES.ownDiscountNotAllowed,
    });
    expect(SALE_MESSAGES.ownDiscountNotAllowed).toBe(
      'You cannot approve your own discount: choose a manager or a staff member allowed to approve',
    );
  });
});
