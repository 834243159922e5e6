/** Machine-readable reasons a rule refuses something (stable strings; the message is for people). */
export const RULE_CODES = {
  renewal_not_in_cart: 'renewal_not_in_cart',
  one_membership_only: 'one_membership_only',
  membership_quantity_one: 'membership_quantity_one',
  below_min_qty: 'below_min_qty',
  invalid_quantity: 'invalid_quantity',
  invalid_amount: 'invalid_amount',
  too_long: 'too_long',
  quantity_too_large: 'quantity_too_large',
  item_not_in_cart: 'item_not_in_cart',
  no_price: 'no_price',
  cart_empty: 'cart_empty',
  discount_not_positive: 'discount_not_positive',
  discount_over_100: 'discount_over_100',
  discount_exceeds_amount: 'discount_exceeds_amount',
  not_an_approver: 'not_an_approver',
  own_discount: 'own_discount',
  payment_type_disabled: 'payment_type_disabled',
  payment_short: 'payment_short',
  change_exceeds_cash: 'change_exceeds_cash',
  email_invalid: 'email_invalid',
  email_required: 'email_required',
  required: 'required',
  not_same_day: 'not_same_day',
  not_paid: 'not_paid',
  no_invoice: 'no_invoice',
  ticket_not_active: 'ticket_not_active',
  redeem_not_allowed: 'redeem_not_allowed',
  membership_on_hold: 'membership_on_hold',
  out_of_stock: 'out_of_stock',
  photo_not_taken: 'photo_not_taken',
  offline_not_allowed: 'offline_not_allowed',
  offline_limit: 'offline_limit',
  invalid_terminal_id: 'invalid_terminal_id',
  invalid_pairing_code: 'invalid_pairing_code',
  invalid_display_code: 'invalid_display_code',
  nothing_to_refund: 'nothing_to_refund',
  refund_line_unknown: 'refund_line_unknown',
  refund_quantity: 'refund_quantity',
  refund_tenders: 'refund_tenders',
  pass_used: 'pass_used',
} as const;

/** One of {@link RULE_CODES}. */
export type RuleCode = (typeof RULE_CODES)[keyof typeof RULE_CODES];

/** A refusal: a stable code, the spec's message and, for two-line warnings, a title. */
export interface RuleFailure {
  readonly ok: false;
  readonly code: RuleCode;
  /** The text shown to people, word for word from the spec where it has one. */
  readonly message: string;
  /** Title of a two-line warning ('Insufficient Amount', 'Shopping Cart Empty'). */
  readonly title?: string;
}

/** The outcome of a rule: the value it allows, or why it refuses. */
export type RuleResult<T> = { readonly ok: true; readonly value: T } | RuleFailure;

/**
 * The outcome of a form: the parsed values, or one message per invalid field.
 * `I` is the form's input; its keys name the fields.
 */
export type FormResult<T, I = T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: Partial<Record<keyof I, string>> };

/** Allows a value. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/**
 * The "ignored" outcome: the input is accepted but changes nothing
 * (spec section 5: an empty or zero quantity is ignored). Same shape as `ok(undefined)`.
 */
export function ignored(): { readonly ok: true; readonly value: undefined } {
  return { ok: true, value: undefined };
}

/** Refuses with a code and a message (and optionally a warning title). */
export function refuse(code: RuleCode, message: string, title?: string): RuleFailure {
  return title === undefined ? { ok: false, code, message } : { ok: false, code, message, title };
}
