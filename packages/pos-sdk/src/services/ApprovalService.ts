import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { UserEntry } from '../contract';
import type { DiscountType } from '../rules/cartItem';
import type { DiscountFormInput } from '../rules/discountForm';
import type { PosCartItem } from './CartService';

/** The PIN state of the discount dialog (spec section 4). */
export type PinState = 'unauthorised' | 'authorised';

/**
 * The item discount form, as typed: the fields of the discount dialog's rule
 * (`validateDiscountForm`'s `DiscountFormInput`: value, approver, the PIN, digits only) as text,
 * and the chosen discount type.
 */
export type DiscountForm = { readonly [K in Exclude<keyof DiscountFormInput, 'type'>]-?: string } & {
  readonly type: DiscountType;
};

/** Discount approval: the approver list and the PIN check. */
export interface ApprovalService {
  /** The users list (approvers); a fetched list replaces the stored one. */
  readonly users: ReadonlySignal<readonly UserEntry[]>;
  /** Starts unauthorised; authorised only after a successful verify_pin, then back to unauthorised. */
  readonly pinState: ReadonlySignal<PinState>;
  /** True while verifying. */
  readonly verifying: ReadonlySignal<boolean>;
  /** Fetches the users list. */
  loadUsers(options?: CallOptions): Promise<readonly UserEntry[]>;
  /**
   * Validates the form, verifies the approver's PIN, applies the discount with the returned
   * approval token and the approver's name, and resets the PIN state to unauthorised.
   * On failure the state stays unauthorised and the error is thrown (and toasted).
   * @throws `FormError` (form), `RuleError` (wrong PIN, 422), a `PosError` with code `locked` (429), `RuleError` from the cart.
   */
  approveDiscount(sku: string, form: DiscountForm, options?: CallOptions): Promise<PosCartItem>;
}
