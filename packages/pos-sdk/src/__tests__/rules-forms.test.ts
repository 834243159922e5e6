import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { sen } from '../money';
import {
  RULE_CODES,
  readAmountField,
  validateEndShift,
  validateFloat,
  validateInvoiceId,
  validateLogin,
  validatePassId,
  validateRefundReason,
} from '../rules';

const ENTER_ZERO = 'Please enter 0 if empty';
const PATTERN = 'Value can be 0 or positive number up to 2 decimals';

describe('rules/forms', () => {
  describe('validateLogin', () => {
    it('accepts an email and a password (email trimmed)', () => {
      expect(validateLogin({ email: ' cashier@demo.pos ', password: 'demo1234' })).toEqual({
        ok: true,
        value: { email: 'cashier@demo.pos', password: 'demo1234' },
      });
    });

    it("Email is required ('The input is not valid E-mail!'), also for a bad format", () => {
      for (const email of ['', null, 'cashier', 'cashier@']) {
        expect(validateLogin({ email, password: 'x' })).toEqual({
          ok: false,
          errors: { email: 'The input is not valid E-mail!' },
        });
      }
    });

    it("Password is required ('Please input your Password!')", () => {
      expect(validateLogin({ email: 'cashier@demo.pos', password: '' })).toEqual({
        ok: false,
        errors: { password: 'Please input your Password!' },
      });
      expect(validateLogin({ email: '', password: undefined })).toEqual({
        ok: false,
        errors: { email: MESSAGES.emailNotValid, password: MESSAGES.passwordRequired },
      });
    });
  });

  describe('validateEndShift', () => {
    it('returns cash, card and ewallet in sen', () => {
      expect(validateEndShift({ cash: '120.50', card: 0, ewallet: '49' })).toEqual({
        ok: true,
        value: { cash: 12050, card: 0, ewallet: 4900 },
      });
    });

    it("cash, card and ewallet are each required ('Please enter 0 if empty')", () => {
      expect(validateEndShift({ cash: '', card: null, ewallet: undefined })).toEqual({
        ok: false,
        errors: { cash: ENTER_ZERO, card: ENTER_ZERO, ewallet: ENTER_ZERO },
      });
    });

    it("each must be a non-negative number with up to 2 decimals ('Value can be 0 or positive number up to 2 decimals')", () => {
      for (const bad of ['-1', '-0', '1.234', 'abc', '1,000', -5, 0.001]) {
        expect(validateEndShift({ cash: bad, card: '0', ewallet: '0' })).toEqual({
          ok: false,
          errors: { cash: PATTERN },
        });
      }
    });

    it('refuses the form when any one of the three is wrong, and names only that one', () => {
      for (const field of ['cash', 'card', 'ewallet'] as const) {
        expect(validateEndShift({ cash: '1', card: '2', ewallet: '3', [field]: 'x' })).toEqual({
          ok: false,
          errors: { [field]: PATTERN },
        });
        expect(validateEndShift({ cash: '1', card: '2', ewallet: '3', [field]: '' })).toEqual({
          ok: false,
          errors: { [field]: ENTER_ZERO },
        });
      }
    });
  });

  describe('validateFloat', () => {
    it('accepts a float of 0 or more', () => {
      expect(validateFloat('200')).toEqual({ ok: true, value: { float: 20000 } });
      expect(validateFloat(0)).toEqual({ ok: true, value: { float: 0 } });
    });

    it('is required, with the same messages', () => {
      expect(validateFloat('')).toEqual({ ok: false, errors: { float: ENTER_ZERO } });
      expect(validateFloat('1.234')).toEqual({ ok: false, errors: { float: PATTERN } });
      expect(validateFloat('abc')).toEqual({ ok: false, errors: { float: PATTERN } });
    });

    it('The pattern permits a negative sign: cash taken out, never below RM 0.00 in the drawer', () => {
      expect(validateFloat('-50', { currentFloatTotal: sen(20000) })).toEqual({
        ok: true,
        value: { float: -5000 },
      });
      expect(validateFloat('-200', { currentFloatTotal: sen(20000) })).toEqual({
        ok: true,
        value: { float: -20000 },
      });
      expect(validateFloat('-200.01', { currentFloatTotal: sen(20000) })).toEqual({
        ok: false,
        errors: { float: 'Float cannot bring the drawer below RM 0.00' },
      });
    });

    it('the first float of a new shift must be 0 or more', () => {
      expect(validateFloat('-1')).toEqual({ ok: false, errors: { float: MESSAGES.floatBelowZero } });
    });
  });

  describe('readAmountField', () => {
    it('reads a required amount', () => {
      expect(readAmountField(' 12.5 ')).toEqual({ ok: true, value: 1250 });
      expect(readAmountField('-1', true)).toEqual({ ok: true, value: -100 });
      expect(readAmountField('-1')).toEqual({ ok: false, error: PATTERN });
    });

    it("reads the amount as trimmed: spaces alone are empty ('Please enter 0 if empty'), ' -1 ' is negative", () => {
      expect(readAmountField('   ')).toEqual({ ok: false, error: MESSAGES.enterZeroIfEmpty });
      expect(readAmountField(' -1 ')).toEqual({ ok: false, error: PATTERN });
      expect(readAmountField(' -1 ', true)).toEqual({ ok: true, value: -100 });
    });
  });

  describe('pass ID, invoice ID and refund reason', () => {
    it('Pass ID needs non-empty input', () => {
      expect(validatePassId(' T-123 ')).toEqual({ ok: true, value: 'T-123' });
      expect(validatePassId('  ')).toEqual({
        ok: false,
        code: RULE_CODES.required,
        message: 'Please enter the pass ID',
      });
    });

    it('Refund invoice ID needs non-empty input', () => {
      expect(validateInvoiceId('INV-1')).toEqual({ ok: true, value: 'INV-1' });
      expect(validateInvoiceId(undefined)).toEqual({
        ok: false,
        code: RULE_CODES.required,
        message: 'Please enter the invoice ID',
      });
    });

    it('refuses an id over 200 characters and a reason over 1000 on their own field, in words', () => {
      expect(validatePassId('T'.repeat(200))).toEqual({ ok: true, value: 'T'.repeat(200) });
      expect(validatePassId(` ${'T'.repeat(201)} `)).toEqual({
        ok: false,
        code: RULE_CODES.too_long,
        message: 'The pass ID has at most 200 characters',
      });
      expect(validateInvoiceId(` ${'I'.repeat(200)} `)).toEqual({ ok: true, value: 'I'.repeat(200) });
      expect(validateInvoiceId('I'.repeat(201))).toEqual({
        ok: false,
        code: RULE_CODES.too_long,
        message: 'The invoice ID has at most 200 characters',
      });
      expect(validateRefundReason('r'.repeat(1000))).toEqual({ ok: true, value: 'r'.repeat(1000) });
      expect(validateRefundReason('r'.repeat(1001))).toEqual({
        ok: false,
        code: RULE_CODES.too_long,
        message: 'The refund reason has at most 1000 characters',
      });
    });

    it('Refund asks for a reason', () => {
      expect(validateRefundReason(' wrong pass ')).toEqual({ ok: true, value: 'wrong pass' });
      expect(validateRefundReason('')).toEqual({
        ok: false,
        code: RULE_CODES.required,
        message: 'Please enter the refund reason',
      });
    });
  });
});
