import { MESSAGES } from 'pos-sdk/messages';
import type { Sen } from 'pos-sdk/money';
import {
  type CustomerEmailCheck,
  isEmail,
  parseQuantity,
  type RenewalFormContext,
  type RenewalFormInput,
  validateEndShift,
  validateFloat,
  validateInvoiceId,
  validateLogin,
  validatePassId,
  validateRefundReason,
  validateRenewalForm,
} from 'pos-sdk/rules';
import type { ConfirmQuestion, InputQuestion, PasswordQuestion } from './Prompts';

/**
 * The questions `pos` asks on a terminal. Each one validates with the SDK's rule for that field,
 * so the answer is refused with the spec's own message ('Please enter 0 if empty'...).
 */

/** `true`, or the rule's message. */
const verdict = (message: string | undefined): true | string => message ?? true;

/** Login: the email ('The input is not valid E-mail!'). */
export function loginEmailQuestion(): InputQuestion {
  return {
    message: 'Email',
    validate: (value) =>
      verdict(validateLogin({ email: value, password: '-' }).ok ? undefined : MESSAGES.emailNotValid),
  };
}

/** Login: the password, hidden ('Please input your Password!'). */
export function passwordQuestion(): PasswordQuestion {
  return {
    message: 'Password',
    mask: '*',
    validate: (value) => {
      const form = validateLogin({ email: 'staff@example.com', password: value });
      return verdict(form.ok ? undefined : form.errors.password);
    },
  };
}

/** The float dialog ('New Shift' for a shift with no float yet); negative takes cash out. */
export function floatQuestion(options: {
  readonly isNewShift: boolean;
  readonly currentFloatTotal?: Sen;
}): InputQuestion {
  return {
    message: options.isNewShift ? `${MESSAGES.newShift}: float (RM)` : 'Float (RM)',
    validate: (value) => {
      const form = validateFloat(
        value,
        options.currentFloatTotal === undefined ? {} : { currentFloatTotal: options.currentFloatTotal },
      );
      return verdict(form.ok ? undefined : form.errors.float);
    },
  };
}

/** The labels of the End Shift form's fields. */
export const TAKINGS_LABELS = { cash: 'Cash', card: 'Card', ewallet: 'E-wallet' } as const;

/** End Shift: the takings counted for one method ('Please enter 0 if empty', 'Value can be 0 or ...'). */
export function takingsQuestion(field: keyof typeof TAKINGS_LABELS): InputQuestion {
  return {
    message: `${TAKINGS_LABELS[field]} counted (RM)`,
    validate: (value) => {
      const form = validateEndShift({ cash: '0', card: '0', ewallet: '0', [field]: value });
      return verdict(form.ok ? undefined : form.errors[field]);
    },
  };
}

/** Refund: 'Invoice ID'. */
export function invoiceIdQuestion(): InputQuestion {
  return { message: MESSAGES.invoiceId, validate: (value) => verdict(ruleMessage(validateInvoiceId(value))) };
}

/** Refund: 'Refund Reason'. */
export function refundReasonQuestion(): InputQuestion {
  return {
    message: MESSAGES.refundReason,
    validate: (value) => verdict(ruleMessage(validateRefundReason(value))),
  };
}

/** Check Pass: 'Scan Pass'. */
export function passIdQuestion(): InputQuestion {
  return { message: MESSAGES.scanPass, validate: (value) => verdict(ruleMessage(validatePassId(value))) };
}

/** Lookup Membership: 'Email Address'. */
export function memberEmailQuestion(): InputQuestion {
  return {
    message: MESSAGES.emailAddress,
    validate: (value) => verdict(isEmail(value.trim()) ? undefined : MESSAGES.emailNotValid),
  };
}

/** A note on an order (must not be empty). */
export function noteQuestion(): InputQuestion {
  return {
    message: 'Note',
    validate: (value) => verdict(value.trim() === '' ? 'Please enter the note' : undefined),
  };
}

/** The quantity dialog: a positive whole number ('Quantity must be a positive whole number'). */
export function quantityQuestion(): InputQuestion {
  return {
    message: 'Quantity',
    default: '1',
    validate: (value) => {
      const quantity = parseQuantity(value);
      if (!quantity.ok) return quantity.message;
      return verdict(quantity.value === undefined ? MESSAGES.invalidQuantity : undefined);
    },
  };
}

/**
 * 'Customer Email' at payment: refuses 'Invalid email format' and, for multi-punch or membership
 * items, an empty answer ('Order contained item with multiple punches or membership, customer
 * email is required!'). An empty answer otherwise is confirmed with {@link confirmNoEmailQuestion}.
 */
export function customerEmailQuestion(check: (email: string) => CustomerEmailCheck): InputQuestion {
  return {
    message: MESSAGES.customerEmail,
    validate: (value) => {
      const outcome = check(value);
      return verdict(outcome.kind === 'invalid' || outcome.kind === 'required' ? outcome.message : undefined);
    },
  };
}

/** 'Confirm NOT entering customer email?', with why the email matters. */
export function confirmNoEmailQuestion(): ConfirmQuestion {
  return { message: `${MESSAGES.confirmNoCustomerEmail} ${MESSAGES.customerEmailNote}`, default: false };
}

/** The text fields of the Renewal Checkout form (and of a membership sold in a sale). */
export type RenewalTextField = 'name' | 'email' | 'phone' | 'dob';

const RENEWAL_LABELS: Readonly<Record<RenewalTextField, string>> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone number (+60)',
  dob: 'Birth date (YYYY-MM-DD)',
};

/**
 * One field of the Renewal Checkout form, checked by `validateRenewalForm` with the rest of the
 * form as it stands ('Name is required!', 'Phone number is required', 'Only numbers allowed',
 * 'Please select a date!'...).
 */
export function renewalFieldQuestion(
  field: RenewalTextField,
  form: RenewalFormInput,
  context: RenewalFormContext,
): InputQuestion {
  const current = form[field];
  return {
    message: RENEWAL_LABELS[field],
    ...(typeof current === 'string' && current !== '' ? { default: current } : {}),
    validate: (value) => {
      const result = validateRenewalForm({ ...form, [field]: value }, context);
      return verdict(result.ok ? undefined : result.errors[field]);
    },
  };
}

/** The message of a refused rule, or undefined. */
function ruleMessage(result: { readonly ok: boolean; readonly message?: string }): string | undefined {
  return result.ok ? undefined : result.message;
}
