import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { FieldIssue } from '../contract/errors';
import {
  AuthError,
  FormError,
  isPosError,
  NetworkError,
  POS_ERROR_CODES,
  PosError,
  type PosErrorCode,
  type RuleDetails,
  RuleError,
  toPosError,
  ValidationError,
} from '../errors';
import type { HardwareDetails } from '../errors/posErrorCodes';
import { HardwareError } from '../hardware/HardwareError';
import { MESSAGES } from '../rules/messages';
import { refuse } from '../rules/result';

describe('errors', () => {
  it.each([
    [new AuthError('Token expired'), AuthError, 'AuthError', 'forbidden', 403],
    [new NetworkError(), NetworkError, 'NetworkError', 'network', undefined],
    [new NetworkError({ timedOut: true }), NetworkError, 'NetworkError', 'timeout', undefined],
    [new ValidationError('Invalid request'), ValidationError, 'ValidationError', 'invalid_request', 400],
    [
      new ValidationError('Too large', { code: 'payload_too_large' }),
      ValidationError,
      'ValidationError',
      'payload_too_large',
      413,
    ],
    [
      FormError.fromFields({ float: 'Please enter 0 if empty' }),
      FormError,
      'FormError',
      'invalid_request',
      undefined,
    ],
    [new RuleError('Wrong PIN', { status: 422 }), RuleError, 'RuleError', 'rule', 422],
    [new PosError('conflict', 'Not refundable', { status: 409 }), PosError, 'PosError', 'conflict', 409],
  ] as const)(
    '%o is an instance of its class, with name %s, code %s and status %s',
    (error, type, name, code, status) => {
      expect(error).toBeInstanceOf(type);
      expect(error).toBeInstanceOf(PosError);
      expect(error).toBeInstanceOf(Error);
      expect(isPosError(error)).toBe(true);
      expect(error.name).toBe(name);
      expect(error.code).toBe(code);
      expect(error.status).toBe(status);
      expect(Object.values(POS_ERROR_CODES)).toContain(error.code);
      expect(String(error)).toMatch(new RegExp(`^${name}: `));
    },
  );

  it('each class is told apart by instanceof: signed out, no answer, field issues, a rule', () => {
    const auth = new AuthError();
    const network = new NetworkError();
    const form = FormError.fromFields({ email: 'The input is not valid E-mail!' });
    const rule = new RuleError('Incorrect PIN');
    expect(auth).not.toBeInstanceOf(NetworkError);
    expect(network).not.toBeInstanceOf(AuthError);
    expect(form).toBeInstanceOf(ValidationError);
    expect(new ValidationError()).not.toBeInstanceOf(FormError);
    expect(rule).not.toBeInstanceOf(ValidationError);
    expect(new PosError('not_permitted', 'Only a manager')).not.toBeInstanceOf(AuthError);
  });

  it('checking code narrows the error and its details', () => {
    const error: unknown = new ValidationError('Invalid request', {
      details: [{ path: 'email', message: 'Invalid email format' }],
    });
    if (!isPosError(error)) throw new Error('a PosError');
    expectTypeOf(error.code).toEqualTypeOf<PosErrorCode>();
    if (error.code === 'invalid_request') {
      expectTypeOf(error.details).toEqualTypeOf<readonly FieldIssue[] | undefined>();
      expect(error.details?.[0]?.path).toBe('email');
    } else {
      throw new Error('narrowed to invalid_request');
    }
    const rule: unknown = new RuleError('No item to checkout', { rule: 'cart_empty' });
    if (isPosError(rule) && rule.code === 'rule') {
      expectTypeOf(rule.details).toEqualTypeOf<RuleDetails | undefined>();
      expect(rule.details?.rule).toBe('cart_empty');
    } else {
      throw new Error('narrowed to rule');
    }
    const hardware: unknown = new HardwareError('tcp-printer', 'hardware_timeout', 'Printer did not answer');
    if (isPosError(hardware) && hardware.code === 'hardware') {
      expectTypeOf(hardware.details).toEqualTypeOf<HardwareDetails | undefined>();
      expect(hardware.details).toEqual({ reason: 'hardware_timeout', driver: 'tcp-printer' });
    } else {
      throw new Error('narrowed to hardware');
    }
  });

  it("NetworkError says 'Server not responding' and keeps the cause", () => {
    const cause = new TypeError('fetch failed');
    const error = new NetworkError({ cause });
    expect(error.message).toBe('Server not responding');
    expect(error.message).toBe(MESSAGES.serverNotResponding);
    expect(error.cause).toBe(cause);
  });

  it("keeps the server's message for display", () => {
    expect(new PosError('conflict', 'Ticket is Fully Used').message).toBe('Ticket is Fully Used');
  });

  it('a ValidationError carries field issues, none by default', () => {
    const details = [{ path: 'email', message: 'Invalid email format' }];
    expect(new ValidationError('Invalid request', { details }).details).toEqual(details);
    expect(new ValidationError('Invalid request').details).toEqual([]);
  });

  it("a client-side rule refusal becomes a RuleError with the spec's message: 'No item to checkout'", () => {
    const error = RuleError.from(refuse('cart_empty', MESSAGES.cartEmpty, MESSAGES.cartEmptyTitle));
    expect(error).toMatchObject({
      code: 'rule',
      message: 'No item to checkout',
      rule: 'cart_empty',
      title: 'Shopping Cart Empty',
      status: undefined,
    });
  });

  it('isPosError is false for other values', () => {
    expect(isPosError(new Error('x'))).toBe(false);
    expect(isPosError({ code: 'forbidden', message: 'x' })).toBe(false);
    expect(isPosError(undefined)).toBe(false);
  });

  it('the codes are unique strings', () => {
    const codes = Object.values(POS_ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [key, code] of Object.entries(POS_ERROR_CODES)) expect(code).toBe(key);
  });
});

describe('toPosError', () => {
  it('returns a PosError as is', () => {
    const error = new PosError('conflict', 'x');
    expect(toPosError(error)).toBe(error);
  });

  it('turns a ZodError into a ValidationError with field issues', () => {
    const result = z.object({ order_id: z.string().min(1, 'must not be empty') }).safeParse({ order_id: '' });
    const error = toPosError(result.error);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message: 'order_id: must not be empty', status: undefined });
    expect(error.details).toEqual([{ path: 'order_id', message: 'must not be empty' }]);
    expect(error.cause).toBe(result.error);
  });

  it.each([
    ['Node', 'fetch failed'],
    ['Chromium', 'Failed to fetch'],
    ['Firefox', 'NetworkError when attempting to fetch resource.'],
    ['Safari', 'Load failed'],
  ])("turns a %s fetch failure into NetworkError 'Server not responding'", (_, message) => {
    const error = toPosError(new TypeError(message));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('Server not responding');
  });

  it("turns a timeout into NetworkError 'Server not responding'", () => {
    const timeout = Object.assign(new Error('Request timed out'), { name: 'TimeoutError' });
    expect(toPosError(timeout)).toBeInstanceOf(NetworkError);
    expect(toPosError(timeout).code).toBe('timeout');
  });

  it('turns an abort into code aborted', () => {
    expect(toPosError(new DOMException('The operation was aborted.', 'AbortError')).code).toBe('aborted');
  });

  it('turns anything else into code unknown, keeping the message and the cause', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    expect(toPosError(bug)).toMatchObject({ code: 'unknown', message: bug.message, cause: bug });
    expect(toPosError('Printer offline')).toMatchObject({ code: 'unknown', message: 'Printer offline' });
    expect(toPosError(undefined)).toMatchObject({ code: 'unknown', message: 'Something went wrong' });
    expect(toPosError({ weird: true })).toBeInstanceOf(PosError);
  });
});

describe('PosError.notified', () => {
  it('is false until the failure is shown; markNotified records it and returns the same error', () => {
    const error = new PosError('conflict', 'Ticket is Fully Used');
    expect(error.notified).toBe(false);
    expect(error.markNotified()).toBe(error);
    expect(error.notified).toBe(true);
    expect(new RuleError('Incorrect PIN', { notified: true }).notified).toBe(true);
  });

  it('is no own property: errors compare and serialise as before', () => {
    const error = new NetworkError().markNotified();
    expect(Object.keys(error)).not.toContain('notified');
    expect(JSON.stringify(error)).not.toContain('notified');
  });

  it('toPosError keeps the flag of a PosError and starts other throwables un-notified', () => {
    expect(toPosError(new PosError('not_found', 'No such order').markNotified()).notified).toBe(true);
    expect(toPosError(new TypeError('fetch failed')).notified).toBe(false);
    expect(toPosError('boom').notified).toBe(false);
  });
});

describe('FormError', () => {
  it("is a ValidationError with no status, one issue per field, the first field's message", () => {
    const error = new FormError([
      { path: 'cash', message: 'Please enter 0 if empty' },
      { path: 'card', message: 'Value can be 0 or positive number up to 2 decimals' },
    ]);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      name: 'FormError',
      code: 'invalid_request',
      message: 'Please enter 0 if empty',
    });
    expect(error.status).toBeUndefined();
    expect(error.notified).toBe(false);
    expect(new FormError([]).message).toBe('The form is not valid');
  });

  it('fromFields takes the errors of a form rule, skipping fields with no message', () => {
    const error = FormError.fromFields({
      email: 'Invalid email format',
      password: undefined,
      name: 'Required',
    });
    expect(error.details).toEqual([
      { path: 'email', message: 'Invalid email format' },
      { path: 'name', message: 'Required' },
    ]);
    expect(error.message).toBe('Invalid email format');
  });
});
