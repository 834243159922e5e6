import { describe, expect, it } from 'vitest';
import { RULE_CODES } from '../rules';
import { ignored, ok, refuse } from '../rules/result';

describe('rules/result', () => {
  it('ok() allows a value, ignored() is ok with no value', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(ignored()).toEqual({ ok: true, value: undefined });
  });

  it('refuse() carries a code, the message and an optional warning title', () => {
    expect(refuse(RULE_CODES.payment_short, 'm')).toStrictEqual({
      ok: false,
      code: 'payment_short',
      message: 'm',
    });
    expect('title' in refuse(RULE_CODES.payment_short, 'm')).toBe(false);
    expect(refuse(RULE_CODES.cart_empty, 'm', 't')).toEqual({
      ok: false,
      code: 'cart_empty',
      message: 'm',
      title: 't',
    });
  });

  it('every rule code is its own value', () => {
    for (const [key, value] of Object.entries(RULE_CODES)) expect(value).toBe(key);
  });
});
