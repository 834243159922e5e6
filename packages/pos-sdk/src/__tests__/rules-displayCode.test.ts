import { describe, expect, it } from 'vitest';
import { DISPLAY_MESSAGES } from '../messages';
import { checkDisplayCode } from '../rules';

describe('checkDisplayCode', () => {
  it('takes the six digits the till shows, spaces and dashes ignored', () => {
    expect(checkDisplayCode('482913')).toEqual({ ok: true, value: '482913' });
    expect(checkDisplayCode(' 482 913 ')).toEqual({ ok: true, value: '482913' });
    expect(checkDisplayCode('482-913')).toEqual({ ok: true, value: '482913' });
    expect(checkDisplayCode('000000')).toEqual({ ok: true, value: '000000' });
  });

  it(`refuses an empty field with '${DISPLAY_MESSAGES.codeRequired}'`, () => {
    expect(checkDisplayCode('  ')).toMatchObject({
      ok: false,
      code: 'required',
      message: DISPLAY_MESSAGES.codeRequired,
    });
  });

  it.each(['48291', '4829134', '48a913', '４８２９１３'])(
    `refuses %s with '${DISPLAY_MESSAGES.codeFormat}'`,
    (text) => {
      expect(checkDisplayCode(text)).toMatchObject({
        ok: false,
        code: 'invalid_display_code',
        message: DISPLAY_MESSAGES.codeFormat,
      });
    },
  );
});
