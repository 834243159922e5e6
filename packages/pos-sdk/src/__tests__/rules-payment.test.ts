import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { sen, ZERO } from '../money';
import {
  checkPayment,
  computeChange,
  ENABLED_PAYMENT_TYPES,
  isPaymentTypeEnabled,
  PAYMENT_TYPES,
  RULE_CODES,
  type Tender,
  tenderAmount,
  tendersWithAmount,
  validateTenderAmount,
} from '../rules';

/** The tenders of an ok result. */
function tendersOf(result: ReturnType<typeof tendersWithAmount>): Tender[] {
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('rules/payment', () => {
  it('Payment methods CASH, CREDIT CARD, E-WALLET; GIFT CARD disabled', () => {
    expect(PAYMENT_TYPES).toEqual(['CASH', 'CREDIT CARD', 'E-WALLET', 'GIFT CARD']);
    expect(ENABLED_PAYMENT_TYPES).toEqual(['CASH', 'CREDIT CARD', 'E-WALLET']);
    expect(PAYMENT_TYPES.filter(isPaymentTypeEnabled)).toEqual(['CASH', 'CREDIT CARD', 'E-WALLET']);
    expect(isPaymentTypeEnabled('GIFT CARD')).toBe(false);
    expect(isPaymentTypeEnabled('BITCOIN')).toBe(false);
  });

  describe('tendersWithAmount', () => {
    it("A positive number sets that method's amount", () => {
      const tenders = tendersOf(tendersWithAmount([], 'CASH', '50'));
      expect(tenders).toEqual([{ type: 'CASH', amount: 5000 }]);
      const more = tendersOf(tendersWithAmount(tenders, 'E-WALLET', 12.5));
      expect(more).toEqual([
        { type: 'CASH', amount: 5000 },
        { type: 'E-WALLET', amount: 1250 },
      ]);
      expect(tendersOf(tendersWithAmount(more, 'CASH', '20.10'))[0]).toEqual({ type: 'CASH', amount: 2010 });
      expect(tenderAmount(more, 'E-WALLET')).toBe(1250);
    });

    it('entering one method replaces only its amount and keeps the others', () => {
      const start: Tender[] = [
        { type: 'CASH', amount: sen(5000) },
        { type: 'CREDIT CARD', amount: sen(100) },
        { type: 'E-WALLET', amount: sen(250) },
      ];
      expect(tendersOf(tendersWithAmount(start, 'CREDIT CARD', '20.10'))).toEqual([
        { type: 'CASH', amount: 5000 },
        { type: 'CREDIT CARD', amount: 2010 },
        { type: 'E-WALLET', amount: 250 },
      ]);
      expect(start[1]).toEqual({ type: 'CREDIT CARD', amount: 100 });
    });

    it('Empty or non-positive resets it to 0, whatever its decimals', () => {
      const start: Tender[] = [
        { type: 'CASH', amount: sen(5000) },
        { type: 'CREDIT CARD', amount: sen(100) },
      ];
      for (const input of ['', '  ', '0', '0.000', '-5', '-1.234', null, undefined, 0, -1]) {
        const tenders = tendersOf(tendersWithAmount(start, 'CASH', input));
        expect(tenderAmount(tenders, 'CASH')).toBe(ZERO);
        expect(tenders).toEqual([{ type: 'CREDIT CARD', amount: 100 }]);
      }
    });

    it('refuses text that is no amount, and the method keeps what it had (a typo never wipes a tender)', () => {
      const start: Tender[] = [{ type: 'CASH', amount: sen(25000) }];
      const notAnAmount = {
        ok: false,
        code: RULE_CODES.invalid_amount,
        message: 'Enter the amount in ringgit with at most 2 decimals, e.g. 50 or 12.50',
      };
      for (const input of ['25O', 'abc', '1,000', '1e2', '10.999', '12.', '.5', 'RM 5', Number.NaN, 1e21]) {
        expect(tendersWithAmount(start, 'CASH', input)).toEqual(notAnAmount);
      }
      const tooLarge = {
        ok: false,
        code: RULE_CODES.invalid_amount,
        message: 'The amount can be at most RM 10000000.00',
      };
      for (const input of ['10000000.01', '99999999999999999', '123456789012345678901234567890']) {
        expect(tendersWithAmount(start, 'CASH', input)).toEqual(tooLarge);
      }
      expect(tendersOf(tendersWithAmount(start, 'CASH', '10000000'))).toEqual([
        { type: 'CASH', amount: 1_000_000_000 },
      ]);
      expect(tendersOf(tendersWithAmount(start, 'CASH', ' 12.5 '))).toEqual([{ type: 'CASH', amount: 1250 }]);
    });

    it("checks the amount dialog's text with the same rule before it is set (validateTenderAmount)", () => {
      for (const text of ['', '0', '-5', ' 12.5 ', '10000000'])
        expect(validateTenderAmount(text)).toEqual({ ok: true, value: text });
      expect(validateTenderAmount('25O')).toEqual({
        ok: false,
        code: RULE_CODES.invalid_amount,
        message: 'Enter the amount in ringgit with at most 2 decimals, e.g. 50 or 12.50',
      });
      expect(validateTenderAmount('10000000.01')).toMatchObject({
        ok: false,
        message: 'The amount can be at most RM 10000000.00',
      });
    });

    it('refuses GIFT CARD, which is disabled', () => {
      expect(tendersWithAmount([], 'GIFT CARD', '10')).toEqual({
        ok: false,
        code: RULE_CODES.payment_type_disabled,
        message: MESSAGES.giftCardUnavailable,
      });
    });
  });

  describe('computeChange', () => {
    it('change = sum of method amounts minus subtotal', () => {
      const tenders = [{ amount: sen(5000) }, { amount: sen(2000) }];
      expect(computeChange(sen(6900), tenders)).toEqual({
        paid: 7000,
        change: 100,
        isShort: false,
        shortBy: 0,
      });
      expect(computeChange(sen(7000), tenders)).toEqual({
        paid: 7000,
        change: 0,
        isShort: false,
        shortBy: 0,
      });
    });

    it('A negative value means short', () => {
      expect(computeChange(sen(8200), [{ amount: sen(7000) }])).toEqual({
        paid: 7000,
        change: -1200,
        isShort: true,
        shortBy: 1200,
      });
      expect(computeChange(sen(4900), [])).toMatchObject({ paid: 0, isShort: true, shortBy: 4900 });
    });
  });

  describe('checkPayment', () => {
    it("Checkout with a short payment gives 'Insufficient Amount' / 'Payment is short by RM {x}'", () => {
      expect(checkPayment(sen(8200), [{ amount: sen(7000) }])).toEqual({
        ok: false,
        code: RULE_CODES.payment_short,
        title: 'Insufficient Amount',
        message: 'Payment is short by RM 12.00',
      });
    });

    it('allows an exact or over payment', () => {
      expect(checkPayment(sen(4900), [{ amount: sen(5000) }])).toEqual({
        ok: true,
        value: { paid: 5000, change: 100, isShort: false, shortBy: 0 },
      });
      expect(checkPayment(sen(4900), [{ amount: sen(4900) }]).ok).toBe(true);
    });

    it('gives change only from cash: card and e-wallet are never charged more than is due', () => {
      const refusal = {
        ok: false,
        code: RULE_CODES.change_exceeds_cash,
        message: 'Change is given in cash: only the cash amount may be more than the total',
      };
      expect(checkPayment(sen(4000), [{ type: 'CREDIT CARD', amount: sen(10000) }])).toEqual(refusal);
      expect(
        checkPayment(sen(4000), [
          { type: 'E-WALLET', amount: sen(4100) },
          { type: 'CASH', amount: sen(50) },
        ]),
      ).toEqual(refusal);
      // Change up to the cash tendered is fine, whatever else pays the rest.
      expect(
        checkPayment(sen(4000), [
          { type: 'CREDIT CARD', amount: sen(4000) },
          { type: 'CASH', amount: sen(5000) },
        ]).ok,
      ).toBe(true);
      expect(checkPayment(sen(4000), [{ type: 'CASH', amount: sen(35000) }]).ok).toBe(true);
      expect(checkPayment(sen(4000), [{ type: 'CREDIT CARD', amount: sen(4000) }]).ok).toBe(true);
    });
  });
});
