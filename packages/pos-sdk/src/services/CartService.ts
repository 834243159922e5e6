import type { ReadonlySignal } from '@preact/signals-core';
import type { CallOptions } from '../api/ApiConfig';
import type { CartMember, CheckoutRequest, Duration } from '../contract';
import type { Sen } from '../money';
import type { RuleCartItem, RuleDiscount } from '../rules/cartItem';
import type { DiscountRequest } from '../rules/discount';
import type { OrderTax } from '../rules/tax';

/**
 * A discount on a cart line, money in sen: the rules' discount (`RuleDiscount`: type, value rounded
 * to 2 decimals, the `amount` it takes off the line, the approval token) with its approver always
 * known. Applied only through `approval.approveDiscount`.
 */
export interface PosDiscount extends RuleDiscount {
  /** The approving user's `_id`. */
  readonly approver: string;
  /** The approver's display name (for the discount note). */
  readonly approver_name?: string;
}

/**
 * A cart line: the rules' cart item (`RuleCartItem`: the contract's `CartItem` field names, money
 * in sen) with what the cart keeps besides: group, duration, visit date, member. `toPayload()`
 * converts to the wire shape.
 */
export interface PosCartItem extends RuleCartItem {
  /** Pass category (`Membership` is special); `Merchandise` for merchandise. */
  readonly category: string;
  /** Pass group or merchandise size. */
  readonly group?: string;
  readonly min_qty?: number;
  readonly usage_limit?: number;
  readonly duration?: Duration;
  /** Start of today in the venue time zone (ISO with offset), set when added. */
  readonly visit_date?: string;
  readonly discount?: PosDiscount;
  /** Membership items: who the membership is for. */
  readonly member?: CartMember;
}

/** Member details for a Membership item; `type` and `sku` are filled from the variant. */
export type MemberDetails = Omit<CartMember, 'type' | 'sku'>;

/** A tapped or scanned item the cart accepts so far (`cart.prepare`). */
export interface PreparedItem {
  readonly sku: string;
  readonly name: string;
  /** A membership: ask for the member's details, quantity 1. */
  readonly needsMember: boolean;
  /** The quantity the quantity dialog starts with (a pass's min_qty, otherwise 1). */
  readonly quantity: number;
}

/** Options of `cart.add` (with `signal`: the catalogue load a missing code may need, see `CallOptions`). */
export interface AddToCartOptions extends CallOptions {
  /** Required in practice for Membership items: the server refuses a membership without a member. */
  readonly member?: MemberDetails;
}

/**
 * A discount to apply to a line (what `approval.approveDiscount` passes after the PIN check): the
 * rules' `DiscountRequest` (type; ringgit or percent; the approval token) with its approver.
 */
export interface DiscountToApply extends DiscountRequest {
  readonly approver: string;
  readonly approver_name?: string;
}

/** The cart's part of the checkout payload, wire-shaped (ringgit numbers). */
export type CartPayload = Readonly<Pick<CheckoutRequest, 'items' | 'num_items' | 'subtotal' | 'tax'>>;

/**
 * The cart (spec sections 4 and 5). Persisted through the storage adapter, so a reload keeps it.
 * Every refusal throws a `RuleError` with the spec's message. `add` and `setQuantity` also show
 * it as a warning notice (spec section 8: the quantity and cart refusal messages are toasts);
 * `applyDiscount` does not (the discount dialog shows it).
 */
export interface CartService {
  readonly items: ReadonlySignal<readonly PosCartItem[]>;
  /** Sum of line amounts (after discounts). */
  readonly subtotal: ReadonlySignal<Sen>;
  /** Sum of quantities. */
  readonly numItems: ReadonlySignal<number>;
  /**
   * The cart's tax at the venue's codes (`cartTax`): each line's, per code, and the total, the sum of the lines'. A
   * line's code is its variant's in the catalogue; a venue without codes has none (0).
   */
  readonly tax: ReadonlySignal<OrderTax>;
  /** What the customer pays: the subtotal, and the tax when the venue's prices have it added on top. */
  readonly amountToPay: ReadonlySignal<Sen>;
  readonly isEmpty: ReadonlySignal<boolean>;
  /**
   * Checks a tapped or scanned code (SKU or barcode) before any dialog asks for a quantity or a
   * member: toasts and throws at once what the cart would refuse whatever the answers ('Membership
   * renewal needs to be process independently.', 'Only 1 membership item is allowed in the cart!',
   * an unknown code), and says what to ask next.
   * @throws `RuleError`, a `PosError` with code `not_found`.
   */
  prepare(code: string, options?: CallOptions): Promise<PreparedItem>;
  /**
   * Adds `quantity` (default 1) of the variant `sku` from the catalogue (loaded on a miss). An
   * sku already in the cart gets its quantity increased. Toasts 'Added {qty} x {name} to cart'.
   * Empty or zero quantity is ignored (resolves `undefined`).
   * @throws `RuleError`: 'Membership renewal needs to be process independently.',
   *   'Only 1 membership item is allowed in the cart!', 'Membership passes can only have quantity of 1',
   *   'Quantity for {name} has to be at least {min_qty}'; a `PosError` with code `not_found` for an unknown sku.
   */
  add(sku: string, quantity?: number | string, options?: AddToCartOptions): Promise<PosCartItem | undefined>;
  /**
   * Sets a line's quantity from the quantity dialog. Empty or zero is ignored (returns `undefined`).
   * @throws `RuleError` with the quantity messages.
   */
  setQuantity(sku: string, input: number | string): PosCartItem | undefined;
  /** Removes a line. */
  remove(sku: string): void;
  /** Empties the cart (the clear-all link). */
  clear(): void;
  /**
   * Applies an approved discount to a line. Normally called by `approval.approveDiscount`.
   * @throws `RuleError` (not in cart, not above 0, over 100 %, more than the line).
   */
  applyDiscount(sku: string, discount: DiscountToApply): PosCartItem;
  /** Removes a line's discount (clicking an applied discount). */
  removeDiscount(sku: string): void;
  /** The wire-shaped items (taxed lines with their `tax`), num_items, subtotal and the cart's tax when it has any. */
  toPayload(): CartPayload;
  /** Reloads the stored cart (`createPos` does it already). */
  restore(): void;
}
