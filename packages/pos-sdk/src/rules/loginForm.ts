import { isEmail } from './email';
import { MESSAGES } from './messages';
import type { FormResult } from './result';

/** The sign-in form. */
export interface LoginInput {
  readonly email: string | null | undefined;
  readonly password: string | null | undefined;
}

/** Validated sign-in values (email trimmed; the password as typed). */
export interface LoginValues {
  readonly email: string;
  readonly password: string;
}

/**
 * Validates the sign-in form (spec section 5, login): the email is required and must be valid
 * ('The input is not valid E-mail!' in both cases, as the spec has it); the password is
 * required ('Please input your Password!').
 */
export function validateLogin(input: LoginInput): FormResult<LoginValues, LoginInput> {
  // Stryker disable next-line StringLiteral: no email and any other text that is no address get the same message
  const email = (input.email ?? '').trim();
  const password = input.password ?? '';
  const errors: Partial<Record<keyof LoginInput, string>> = {};
  if (!isEmail(email)) errors.email = MESSAGES.emailNotValid;
  if (password === '') errors.password = MESSAGES.passwordRequired;
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, value: { email, password } };
}
