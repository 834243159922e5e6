import { randomUUID } from 'node:crypto';
import { EmailSchema } from 'pos-sdk/contract';
import { BACK_OFFICE_MESSAGES, MESSAGES, SERVER_MESSAGES } from 'pos-sdk/messages';
import { hashSecret } from '../auth';
import type { Db, StaffRole } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';

/** A new staff member: who they are, their sign-in password and their approval PIN. */
export interface NewStaff {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  pin: string;
  /** Default `staff`. */
  role?: StaffRole;
}

/** Smallest password length accepted for a new staff member. */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * Checks a new staff member's fields: a valid email, a first name, a password of at least 8 characters and a PIN
 * of 4 to 12 digits.
 *
 * @returns one message per wrong field (empty when all are fine).
 */
export function checkNewStaff(input: NewStaff): { path: keyof NewStaff; message: string }[] {
  const issues: { path: keyof NewStaff; message: string }[] = [];
  if (!EmailSchema.safeParse(input.email.trim()).success) {
    // The product's one email rule, with the spec's message (the same as the SDK's forms and the contract).
    issues.push({ path: 'email', message: MESSAGES.invalidEmailFormat });
  }
  if (input.firstName.trim() === '') issues.push({ path: 'firstName', message: 'must not be empty' });
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    issues.push({ path: 'password', message: `must be at least ${MIN_PASSWORD_LENGTH} characters` });
  }
  if (!/^\d{4,12}$/.test(input.pin)) issues.push({ path: 'pin', message: 'must be 4 to 12 digits' });
  return issues;
}

/**
 * Adds a staff member, with the password and PIN hashed (scrypt). Emails are stored lower-cased.
 *
 * @returns the new staff id.
 * @throws {HttpProblem} 400 for invalid fields, 409 when the email is already taken.
 */
export async function addStaff(db: Db, input: NewStaff, now: Date): Promise<string> {
  const issues = checkNewStaff(input);
  if (issues.length > 0) {
    const first = issues[0];
    // A message that names its field already ('Invalid email format') is not prefixed again.
    const message = first?.message.startsWith('Invalid ')
      ? first.message
      : SERVER_MESSAGES.invalidField(first?.path ?? '', first?.message ?? '');
    throw HttpProblem.invalidRequest(message, issues);
  }
  const email = input.email.trim().toLowerCase();
  const taken = await db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
  if (taken !== undefined) throw HttpProblem.conflict(BACK_OFFICE_MESSAGES.staffEmailTaken(email));
  const id = randomUUID();
  await db
    .insertInto('staff')
    .values({
      id,
      email,
      first_name: input.firstName.trim(),
      last_name: input.lastName.trim(),
      password_hash: await hashSecret(input.password),
      pin_hash: await hashSecret(input.pin),
      active: 1,
      created_at: now.toISOString(),
      ...(input.role === undefined ? {} : { role: input.role }),
    })
    .execute();
  return id;
}
