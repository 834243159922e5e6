import type { RuleCartItem } from './cartItem';
import { isEmail } from './email';
import { MESSAGES } from './messages';

/**
 * The outcome of the customer email rule at payment (spec section 5):
 * `ok` go on with the email ('' when the cashier confirmed leaving it out is up to the caller);
 * `invalid` / `required` show the message; `confirm` ask 'Confirm NOT entering customer email?'.
 */
export type CustomerEmailCheck =
  | { readonly kind: 'ok'; readonly email: string }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'required'; readonly message: string }
  | { readonly kind: 'confirm'; readonly message: string; readonly note: string };

/**
 * Does the cart need a customer email? Yes when a pass has usage_limit above 1 or exactly 0
 * (multi-punch or membership). Merchandise has no usage_limit and never needs one.
 */
export function isCustomerEmailRequired(
  items: readonly Pick<RuleCartItem, 'type' | 'usage_limit'>[],
): boolean {
  return items.some((item) => {
    const usageLimit = item.usage_limit ?? 1; // none: a single-use pass
    return item.type === 'PASS' && (usageLimit > 1 || usageLimit === 0);
  });
}

/**
 * Checks the customer email before checkout (spec section 5, customer email at payment):
 * an entered email must be valid ('Invalid email format'); an empty one is refused when the
 * cart needs it, otherwise the cashier must confirm leaving it out.
 */
export function checkCustomerEmail(
  email: string | null | undefined,
  items: readonly Pick<RuleCartItem, 'type' | 'usage_limit'>[],
): CustomerEmailCheck {
  const text = (email ?? '').trim();
  if (text !== '') {
    return isEmail(text)
      ? { kind: 'ok', email: text }
      : { kind: 'invalid', message: MESSAGES.invalidEmailFormat };
  }
  if (isCustomerEmailRequired(items)) return { kind: 'required', message: MESSAGES.customerEmailRequired };
  return { kind: 'confirm', message: MESSAGES.confirmNoCustomerEmail, note: MESSAGES.customerEmailNote };
}
