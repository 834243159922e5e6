import { describe, expect, it } from 'vitest';
import { EmailSchema } from '../contract';
import { MESSAGES } from '../messages';
import { isEmail } from '../rules';

/** Addresses and whether they are addresses: the SDK's forms and the server's contract must agree on each. */
const CASES: readonly [string, boolean][] = [
  ['ada@example.com', true],
  ['a.b+tag@example.co.uk', true],
  ['a!b@example.com', true],
  ['a#b@example.com', true],
  ['a&b@example.com', true],
  ["o'brien@example.ie", true],
  ['josé@example.com', true],
  ['zoë@bücher.de', true],
  ['a@x-y.com', true],
  ['a@-x.com', false],
  ['a@x-.com', false],
  ['a@example', false],
  ['a@example.c', false],
  ['a..b@example.com', false],
  ['.a@example.com', false],
  ['a.@example.com', false],
  ['a b@example.com', false],
  ['a@b@example.com', false],
  ['@example.com', false],
  ['ada@', false],
  ['jane-at-example', false],
  ['<a>@example.com', false],
  [`${'a'.repeat(65)}@example.com`, false],
  [`a@${'b'.repeat(250)}.com`, false],
];

describe('one email rule for the SDK and the server', () => {
  it.each(CASES)('%s: %s in the SDK and in the contract alike', (address, valid) => {
    expect(isEmail(address)).toBe(valid);
    expect(EmailSchema.safeParse(address).success).toBe(valid);
  });

  it("refuses with the spec's 'Invalid email format'", () => {
    const result = EmailSchema.safeParse('a@-x.com');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.invalidEmailFormat);
  });

  it('reads an address with spaces around it', () => {
    expect(isEmail('  ada@example.com ')).toBe(true);
    expect(EmailSchema.parse('  ada@example.com ')).toBe('ada@example.com');
  });
});

describe('isEmail: the limits of an address', () => {
  it('takes up to 254 characters in all and 64 before the @', () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.com`;
    const longest = `${'a'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(longest).toHaveLength(254);
    expect(isEmail(longest)).toBe(true);
    expect(isEmail(`a${longest}`)).toBe(false);
    expect(isEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('needs an @ with something before it', () => {
    expect(isEmail('ada.example.com')).toBe(false);
    expect(isEmail('@example.com')).toBe(false);
  });

  it('takes letters and digits in domain labels, and letters only in the top-level domain', () => {
    expect(isEmail('ada@ex_ample.com')).toBe(false);
    expect(isEmail('ada@example.com1')).toBe(false);
    expect(isEmail('ada@exa-mple2.com')).toBe(true);
  });
});
