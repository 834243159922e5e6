import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { fieldIssueText } from '../rules';

/** The text of each issue zod reports for `value` against `schema`. */
const textsOf = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((issue) => fieldIssueText(issue));

describe("fieldIssueText: zod's own defaults in the contract's words", () => {
  it.each([
    ['a missing number', z.number(), undefined, 'must be given'],
    ['a missing text', z.string(), undefined, 'must be given'],
    ['a text for a number', z.number(), '1', 'must be a number'],
    ['a number for a text', z.string(), 1, 'must be text'],
    ['a text for a yes/no', z.boolean(), 'yes', 'must be true or false'],
    ['an object for a list', z.array(z.number()), {}, 'must be a list'],
    ['null for an object', z.object({}), null, 'must be an object'],
    ['a text for a date', z.date(), 'today', 'must be a date'],
    ['1,000 for at most 999', z.number().max(999), 1000, 'must be at most 999'],
    ['10 for less than 10', z.number().lt(10), 10, 'must be less than 10'],
    ['0 for at least 1', z.number().min(1), 0, 'must be at least 1'],
    ['0 for more than 0', z.number().gt(0), 0, 'must be more than 0'],
    ['6 characters for 5', z.string().max(5), 'abcdef', 'must be at most 5 characters'],
    ['an empty text', z.string().min(1), '', 'must not be empty'],
    ['2 characters for 3', z.string().min(3), 'ab', 'must be at least 3 characters'],
    ['4 items for 3', z.array(z.number()).max(3), [1, 2, 3, 4], 'must have at most 3 items'],
    ['no item for 1', z.array(z.number()).min(1), [], 'must have at least 1 item'],
    ['1 item for 2', z.array(z.number()).min(2), [1], 'must have at least 2 items'],
    ['a set too large', z.set(z.number()).max(1), new Set([1, 2]), 'must have at most 1 item'],
    ['3 items for 2', z.array(z.number()).max(2), [1, 2, 3], 'must have at most 2 items'],
    ['a set too small', z.set(z.number()).min(2), new Set([1]), 'must have at least 2 items'],
    ['a method not on the list', z.enum(['CASH', 'CARD']), 'BTC', 'must be one of "CASH", "CARD"'],
    ['another currency', z.literal('MYR'), 'USD', 'must be "MYR"'],
  ])('%s', (_, schema, value, text) => {
    expect(textsOf(schema, value)).toEqual([text]);
  });

  it.each([
    ['a type', z.number({ error: 'must be an amount in ringgit' }), 'x', 'must be an amount in ringgit'],
    ['a maximum', z.number().max(9, 'nine at most'), 10, 'nine at most'],
    ['a minimum', z.string().min(1, 'Quantity is required'), '', 'Quantity is required'],
    ['a choice', z.enum(['A', 'B'], { error: 'pick A or B' }), 'C', 'pick A or B'],
    ['a refinement', z.string().refine(() => false, 'Invalid email format'), 'x', 'Invalid email format'],
  ])("keeps the contract's own words for %s", (_, schema, value, text) => {
    expect(textsOf(schema, value)).toEqual([text]);
  });

  it('keeps a message it cannot read the limits of', () => {
    expect(fieldIssueText({ code: 'too_big', message: 'Too big: expected number to be <=9' })).toBe(
      'Too big: expected number to be <=9',
    );
    expect(fieldIssueText({ code: 'too_small', message: 'Too small: expected number to be >=1' })).toBe(
      'Too small: expected number to be >=1',
    );
    expect(fieldIssueText({ code: 'invalid_value', message: 'Invalid option' })).toBe('Invalid option');
    expect(
      fieldIssueText({ code: 'invalid_type', message: 'Invalid input: expected thing, received x' }),
    ).toBe('must be a value');
    expect(fieldIssueText({ message: 'Too big: expected number to be <=9', maximum: 9 })).toBe(
      'Too big: expected number to be <=9',
    );
  });

  it('reads a limit that is a bigint, and an exclusive one only when it says so', () => {
    const big = {
      code: 'too_big',
      origin: 'bigint',
      maximum: 10n,
      message: 'Too big: expected bigint to be <=10',
    };
    expect(fieldIssueText(big)).toBe('must be at most 10');
    expect(fieldIssueText({ ...big, inclusive: true })).toBe('must be at most 10');
    expect(fieldIssueText({ ...big, inclusive: false })).toBe('must be less than 10');
    const small = {
      code: 'too_small',
      origin: 'number',
      minimum: 1,
      message: 'Too small: expected number to be >=1',
    };
    expect(fieldIssueText(small)).toBe('must be at least 1');
    expect(fieldIssueText({ ...small, origin: 'string', minimum: 1 })).toBe(FIELD_MESSAGES.notEmpty);
  });
});
