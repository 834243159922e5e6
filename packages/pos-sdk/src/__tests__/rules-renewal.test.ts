import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { sen } from '../money';
import {
  COUNTRY_CODES,
  MAX_RENEWAL_MONTHS,
  type RenewalFormInput,
  renewalAmount,
  renewalPayment,
  validateRenewalForm,
} from '../rules';

// 00:30 on 10 March 2025 in Kuala Lumpur (still 9 March in UTC).
const now = new Date('2025-03-09T16:30:00Z');
const monthly = { durationUnit: 'Month', price: sen(12000), now };
const valid: RenewalFormInput = {
  name: ' Nur Aisyah ',
  email: 'nur@example.com',
  country_code: '60',
  phone: '123456789',
  dob: '1990-05-01',
  payment_type: 'CASH',
  quantity: 3,
};

/** The errors of a refused form (fails the test otherwise). */
function errorsOf(input: Partial<RenewalFormInput>, context = monthly) {
  const result = validateRenewalForm({ ...valid, ...input }, context);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('rules/renewal', () => {
  it('returns the member and the read-only payment amount (price value times quantity)', () => {
    expect(validateRenewalForm(valid, monthly)).toEqual({
      ok: true,
      value: {
        name: 'Nur Aisyah',
        email: 'nur@example.com',
        phone: { country_code: '60', number: '123456789' },
        dob: '1990-05-01',
        payment_type: 'CASH',
        quantity: 3,
        amount: 36000,
      },
    });
    expect(renewalAmount(sen(12000), 12)).toBe(144000);
  });

  it("Name is required ('Name is required!')", () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: 'Name is required!' });
  });

  it("Email must be valid ('The input is not valid E-mail!') and is required ('Please input your E-mail!')", () => {
    expect(errorsOf({ email: 'nur@' })).toEqual({ email: 'The input is not valid E-mail!' });
    expect(errorsOf({ email: '' })).toEqual({ email: 'Please input your E-mail!' });
  });

  it("Phone country code is required ('Country code is required'). Only 60 is offered", () => {
    expect(COUNTRY_CODES).toEqual(['60']);
    expect(errorsOf({ country_code: '' })).toEqual({ country_code: 'Country code is required' });
    expect(errorsOf({ country_code: '65' })).toEqual({ country_code: MESSAGES.countryCodeOnly60 });
    expect(validateRenewalForm({ ...valid, country_code: 60 }, monthly).ok).toBe(true);
    expect(validateRenewalForm({ ...valid, country_code: '+60' }, monthly).ok).toBe(true);
  });

  it("Phone number is required ('Phone number is required') and digits only ('Only numbers allowed')", () => {
    expect(errorsOf({ phone: '' })).toEqual({ phone: 'Phone number is required' });
    expect(errorsOf({ phone: '12-345 678' })).toEqual({ phone: 'Only numbers allowed' });
  });

  it("Birth date is required ('Please select a date!')", () => {
    expect(errorsOf({ dob: null })).toEqual({ dob: 'Please select a date!' });
    expect(errorsOf({ dob: '1990-02-30' })).toEqual({ dob: MESSAGES.dateRequired });
    expect(errorsOf({ dob: 'yesterday' })).toEqual({ dob: MESSAGES.dateRequired });
  });

  it('Birth date cannot be in the future (judged on the venue day)', () => {
    // It is already 10 March at the venue: that date is allowed, the 11th is not.
    expect(validateRenewalForm({ ...valid, dob: '2025-03-10' }, monthly).ok).toBe(true);
    expect(errorsOf({ dob: '2025-03-11' })).toEqual({ dob: 'Birth date cannot be in the future' });
    expect(errorsOf({ dob: new Date('2025-03-10T16:00:00Z') })).toEqual({ dob: MESSAGES.birthDateInFuture });
    expect(
      validateRenewalForm({ ...valid, dob: new Date('1990-05-01T00:00:00+08:00') }, monthly),
    ).toMatchObject({
      ok: true,
      value: { dob: '1990-05-01' },
    });
  });

  it("Payment type is required ('Payment type is required'); GIFT CARD is disabled", () => {
    expect(errorsOf({ payment_type: '' })).toEqual({ payment_type: 'Payment type is required' });
    expect(errorsOf({ payment_type: 'BITCOIN' })).toEqual({ payment_type: MESSAGES.paymentTypeRequired });
    expect(errorsOf({ payment_type: 'GIFT CARD' })).toEqual({ payment_type: MESSAGES.giftCardUnavailable });
  });

  it("Quantity is required ('Quantity is required')", () => {
    expect(errorsOf({ quantity: '' })).toEqual({ quantity: 'Quantity is required' });
    expect(errorsOf({ quantity: null })).toEqual({ quantity: MESSAGES.quantityRequired });
  });

  it('Quantity is selectable 1 to 12 only when the duration unit is Month', () => {
    expect(MAX_RENEWAL_MONTHS).toBe(12);
    expect(validateRenewalForm({ ...valid, quantity: '12' }, monthly)).toMatchObject({
      ok: true,
      value: { quantity: 12, amount: 144000 },
    });
    for (const quantity of [0, 13, 1.5, '-1']) {
      expect(errorsOf({ quantity })).toEqual({ quantity: 'Quantity must be from 1 to 12' });
    }
  });

  it('otherwise the quantity is fixed at 1', () => {
    const daily = { ...monthly, durationUnit: 'Day' };
    expect(validateRenewalForm({ ...valid, quantity: 1 }, daily)).toMatchObject({
      ok: true,
      value: { quantity: 1, amount: 12000 },
    });
    expect(errorsOf({ quantity: 2 }, daily)).toEqual({ quantity: 'Quantity can only be 1' });
  });

  it('reports every invalid field at once', () => {
    const empty = {
      name: '',
      email: '',
      country_code: '',
      phone: '',
      dob: '',
      payment_type: '',
      quantity: '',
    };
    expect(validateRenewalForm(empty, monthly)).toEqual({
      ok: false,
      errors: {
        name: MESSAGES.nameRequired,
        email: MESSAGES.emailRequired,
        country_code: MESSAGES.countryCodeRequired,
        phone: MESSAGES.phoneRequired,
        dob: MESSAGES.dateRequired,
        payment_type: MESSAGES.paymentTypeRequired,
        quantity: MESSAGES.quantityRequired,
      },
    });
  });
});

describe('renewalPayment', () => {
  const amount = sen(12000);
  it.each([
    [
      'no amounts typed: the payment type pays exactly',
      'E-WALLET',
      undefined,
      [['E-WALLET', 12000]],
      0,
      null,
    ],
    ['blank amounts: the same', 'CASH', { CASH: '', 'CREDIT CARD': ' ' }, [['CASH', 12000]], 0, null],
    ['cash over: change', 'CASH', { CASH: '150' }, [['CASH', 15000]], 3000, null],
    [
      'split, the payment type first',
      'CREDIT CARD',
      { CASH: '20', 'CREDIT CARD': '100' },
      [
        ['CREDIT CARD', 10000],
        ['CASH', 2000],
      ],
      0,
      null,
    ],
    ['short', 'CASH', { CASH: '100' }, [['CASH', 10000]], 0, 'Payment is short by RM 20.00'],
    [
      'change beyond the cash',
      'CASH',
      { CASH: '10', 'E-WALLET': '150' },
      [
        ['CASH', 1000],
        ['E-WALLET', 15000],
      ],
      4000,
      'Change is given in cash: only the cash amount may be more than the total',
    ],
  ] as const)('%s', (_name, type, tenders, expected, change, refusal) => {
    const payment = renewalPayment(amount, type, tenders);
    expect(payment.tenders.map((tender) => [tender.type, tender.amount])).toEqual(expected);
    expect(payment.change).toBe(change);
    expect(payment.refusal).toBe(refusal);
  });

  it("says which method's amount is no amount, and keeps the others", () => {
    const payment = renewalPayment(amount, 'CASH', { CASH: '1,000', 'CREDIT CARD': '120' });
    expect(payment.errors).toEqual({
      CASH: 'Enter the amount in ringgit with at most 2 decimals, e.g. 50 or 12.50',
    });
    expect(payment.tenders).toEqual([{ type: 'CREDIT CARD', amount: sen(12000) }]);
    expect(payment.refusal).toBeNull();
  });
});
