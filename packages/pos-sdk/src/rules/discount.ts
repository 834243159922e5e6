import { compareSen, fromRinggit, percentOf, roundTo2Decimals } from '../money';
import type { DiscountType, RuleCartItem, RuleDiscount } from './cartItem';
import { grossAmount } from './lineAmount';
import { MESSAGES } from './messages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** A discount as requested: the type and value, plus who approved it. */
export interface DiscountRequest {
  readonly type: DiscountType;
  /** Ringgit for `amount`, percent for `percentage`. */
  readonly value: number;
  readonly approver?: string;
  readonly approval?: string;
}

/** Percentage discounts stop at 100 %. */
export const MAX_DISCOUNT_PERCENT = 100;

/**
 * Computes a discount for a cart line (spec section 5):
 * the value is stored rounded to 2 decimals (half-up); a percentage discount amount is
 * quantity × price × value / 100 rounded half-up to the sen; a fixed discount uses the value.
 * Refuses a value that is not above 0, a percentage over 100 and an amount larger than the line.
 *
 * @example computeDiscount({ type: 'percentage', value: 10 }, { price: sen(4900), quantity: 2 })
 *   // ok: { type: 'percentage', value: 10, amount: 980 sen }
 */
export function computeDiscount(
  request: DiscountRequest,
  item: Pick<RuleCartItem, 'price' | 'quantity'>,
): RuleResult<RuleDiscount> {
  // Not above 0 once rounded to 2 decimals (what is stored): NaN and Infinity are no value at all.
  const value = Number.isFinite(request.value) ? roundTo2Decimals(request.value) : 0;
  if (value <= 0) return refuse(RULE_CODES.discount_not_positive, MESSAGES.discountNotPositive);
  if (request.type === 'percentage' && value > MAX_DISCOUNT_PERCENT) {
    return refuse(RULE_CODES.discount_over_100, MESSAGES.discountOver100);
  }
  const gross = grossAmount(item);
  const amount = request.type === 'percentage' ? percentOf(gross, value) : fromRinggit(value);
  if (compareSen(amount, gross) > 0) {
    return refuse(RULE_CODES.discount_exceeds_amount, MESSAGES.discountExceedsAmount);
  }
  return ok({ ...request, value, amount });
}

/** Applies a discount to the line with `sku` (spec section 4, discount). Returns the new item list. */
export function cartWithDiscount<T extends RuleCartItem>(
  items: readonly T[],
  sku: string,
  request: DiscountRequest,
): RuleResult<T[]> {
  const item = items.find((candidate) => candidate.sku === sku);
  if (!item) return refuse(RULE_CODES.item_not_in_cart, MESSAGES.itemNotInCart);
  const discount = computeDiscount(request, item);
  if (!discount.ok) return discount;
  return ok(
    items.map((candidate) => (candidate === item ? { ...candidate, discount: discount.value } : candidate)),
  );
}

/** Removes the discount of the line with `sku` ("an applied discount is removed by clicking it"). */
export function cartWithoutDiscount<T extends RuleCartItem>(items: readonly T[], sku: string): T[] {
  return items.map((item) => {
    if (item.sku !== sku || !item.discount) return item;
    const { discount: _removed, ...rest } = item;
    return rest as T;
  });
}

/**
 * The item at a new quantity, its discount recomputed: a percentage follows the quantity, a fixed
 * amount stays (and is refused if it would exceed the smaller line).
 */
export function withQuantity<T extends RuleCartItem>(item: T, quantity: number): RuleResult<T> {
  const resized = { ...item, quantity };
  if (!item.discount) return ok(resized);
  const discount = computeDiscount(item.discount, resized);
  return discount.ok ? ok({ ...resized, discount: discount.value }) : discount;
}
