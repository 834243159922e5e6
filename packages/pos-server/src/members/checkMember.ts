import type { CartMember } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { ZERO } from 'pos-sdk/money';
import { validateRenewalForm } from 'pos-sdk/rules';
import { HttpProblem } from '../http/HttpProblem';

/** The member fields of the renewal form, in the order their messages are reported. */
const MEMBER_FIELDS = ['name', 'email', 'country_code', 'phone', 'dob'] as const;

/**
 * Checks a membership item's member with the renewal form's rules of pos-sdk (`validateRenewalForm`): name,
 * valid email, country code 60, digits-only phone, a birth date not in the future.
 *
 * @param path where the member is in the request, for the error details (e.g. `items.0.member`).
 * @throws {HttpProblem} 422 with the first field's message (e.g. 'Only country code 60 is supported') and every
 *   field's message in `details`.
 */
export function checkMember(
  member: CartMember,
  options: { path: string; now: Date; timeZone: string },
): void {
  // Payment type and quantity are not the member's: fixed valid values so only member fields can fail.
  const result = validateRenewalForm(
    {
      name: member.name,
      email: member.email,
      country_code: member.phone.country_code,
      phone: member.phone.number,
      dob: member.dob,
      payment_type: 'CASH',
      quantity: 1,
    },
    { durationUnit: 'Month', price: ZERO, now: options.now, timeZone: options.timeZone },
  );
  if (result.ok) return;
  const details = MEMBER_FIELDS.flatMap((field) => {
    const message = result.errors[field];
    return message === undefined ? [] : [{ path: `${options.path}.${field}`, message }];
  });
  throw HttpProblem.rule(details[0]?.message ?? SERVER_MESSAGES.invalidMember, details);
}
