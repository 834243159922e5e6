import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES, mailStatusLine, receiptQueuedFor } from '../messages';
import { validateResendEmail } from '../rules';

describe('rules/mailMessages', () => {
  it("confirms a resend: 'Receipt queued for {email}'", () => {
    expect(receiptQueuedFor('ada@example.com')).toBe('Receipt queued for ada@example.com');
  });

  it('says where each message stands, with the reason of a failure when there is one', () => {
    expect(mailStatusLine('sent', 'ada@example.com')).toBe('Sent to ada@example.com');
    expect(mailStatusLine('queued', 'ada@example.com')).toBe('Queued for ada@example.com');
    expect(mailStatusLine('sending', 'ada@example.com')).toBe('Sending to ada@example.com');
    expect(mailStatusLine('failed', 'ada@example.com', 'Mailbox full')).toBe(
      'Failed for ada@example.com: Mailbox full',
    );
    expect(mailStatusLine('failed', 'ada@example.com', null)).toBe('Failed for ada@example.com');
    expect(mailStatusLine('failed', 'ada@example.com', '')).toBe('Failed for ada@example.com');
  });
});

describe('rules/resendEmail', () => {
  it('sends to the address typed, else to the order email, trimmed', () => {
    expect(validateResendEmail(' bob@example.com ', 'ada@example.com')).toEqual({
      ok: true,
      value: 'bob@example.com',
    });
    expect(validateResendEmail('', ' ada@example.com ')).toEqual({ ok: true, value: 'ada@example.com' });
    expect(validateResendEmail(null, 'ada@example.com')).toEqual({ ok: true, value: 'ada@example.com' });
    expect(validateResendEmail('  ', 'ada@example.com')).toEqual({ ok: true, value: 'ada@example.com' });
  });

  it(`asks for an address when there is none: '${MAIL_MESSAGES.resendNeedsEmail}'`, () => {
    const needsEmail = {
      ok: false,
      code: 'email_required',
      message: 'Enter the email address to send the receipt to',
    };
    expect(validateResendEmail(undefined)).toEqual(needsEmail);
    expect(validateResendEmail(' ', '  ')).toEqual(needsEmail);
  });

  it("refuses an address that is not one: 'Invalid email format'", () => {
    expect(validateResendEmail('ada@', 'ada@example.com')).toEqual({
      ok: false,
      code: 'email_invalid',
      message: 'Invalid email format',
    });
  });
});
