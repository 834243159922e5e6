import { describe, expect, it } from 'vitest';
import { checkCustomerEmail, isCustomerEmailRequired, isEmail } from '../rules';

const dayPass = { type: 'PASS' as const, usage_limit: 1 };
const punch10 = { type: 'PASS' as const, usage_limit: 10 };
const membership = { type: 'PASS' as const, usage_limit: 0 };
const socks = { type: 'MERCHANDISE' as const };

const REQUIRED = 'Order contained item with multiple punches or membership, customer email is required!';

describe('rules/customerEmail', () => {
  it("If entered, it must match a standard email pattern, otherwise 'Invalid email format'", () => {
    expect(checkCustomerEmail(' ana@example.com ', [punch10])).toEqual({
      kind: 'ok',
      email: 'ana@example.com',
    });
    for (const bad of ['ana', 'ana@', 'ana@example', '@example.com', 'a b@example.com', 'ana@@example.com']) {
      expect(checkCustomerEmail(bad, [dayPass])).toEqual({
        kind: 'invalid',
        message: 'Invalid email format',
      });
    }
  });

  it('If empty and any item has usage_limit above 1 (multi-punch), the email is required', () => {
    expect(checkCustomerEmail('', [dayPass, punch10])).toEqual({ kind: 'required', message: REQUIRED });
  });

  it('If empty and any item has usage_limit exactly 0 (membership), the email is required', () => {
    expect(checkCustomerEmail(null, [membership])).toEqual({ kind: 'required', message: REQUIRED });
    expect(checkCustomerEmail('   ', [socks, membership])).toEqual({ kind: 'required', message: REQUIRED });
  });

  it("If empty otherwise, a confirm 'Confirm NOT entering customer email?' appears, with its note", () => {
    expect(checkCustomerEmail(undefined, [dayPass, socks])).toEqual({
      kind: 'confirm',
      message: 'Confirm NOT entering customer email?',
      note: 'The email is used to send an electronic copy of purchased passes and the receipt.',
    });
  });

  it('usage_limit applies to passes only: merchandise never needs an email', () => {
    expect(isCustomerEmailRequired([socks])).toBe(false);
    expect(isCustomerEmailRequired([{ type: 'MERCHANDISE', usage_limit: 0 }])).toBe(false);
    expect(isCustomerEmailRequired([{ type: 'PASS', usage_limit: null }])).toBe(false);
    expect(isCustomerEmailRequired([dayPass, punch10])).toBe(true);
  });

  it('isEmail accepts usual addresses', () => {
    for (const good of ['a@b.co', 'first.last+tag@sub.example.com.my', 'x_y-z@ex-ample.org']) {
      expect(isEmail(good)).toBe(true);
    }
    expect(isEmail('first..last@example.com')).toBe(false);
  });
});
