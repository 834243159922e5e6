import type { RuleCartItem } from './cartItem';
import { isMembership, isRenewal } from './cartItem';
import { withQuantity } from './discount';
import { MESSAGES } from './messages';
import { checkQuantity, parseQuantity, type QuantityInput } from './quantity';
import { ignored, ok, RULE_CODES, type RuleResult, refuse } from './result';

/**
 * Adds an item to the cart (spec section 5, cart), `candidate.quantity` being the quantity to add.
 *
 * - Refused when the candidate's name or any cart item's name contains Renewal:
 *   'Membership renewal needs to be process independently.'
 * - Refused when adding a Membership item while the cart already has one:
 *   'Only 1 membership item is allowed in the cart!'
 * - An sku already in the cart gets its quantity increased; the quantity rules are checked on
 *   the merged quantity (and a percentage discount follows it).
 *
 * @returns the new item list; `value: undefined` when the quantity is empty or zero (ignored).
 */
export function cartWithItem<T extends RuleCartItem>(
  items: readonly T[],
  candidate: T,
): RuleResult<T[] | undefined> {
  const allowed = checkCanAdd(items, candidate);
  if (!allowed.ok) return allowed;
  const existing = items.find((item) => item.sku === candidate.sku);
  if (!existing) {
    const quantity = checkQuantity(candidate, candidate.quantity);
    if (!quantity.ok) return quantity;
    if (quantity.value === undefined) return ignored();
    return ok([...items, candidate]);
  }
  // Only the added part may be empty/zero (ignored); the rules apply to the merged quantity.
  const added = parseQuantity(candidate.quantity);
  if (!added.ok) return added;
  if (added.value === undefined) return ignored();
  return replaceQuantity(items, existing, existing.quantity + added.value);
}

/**
 * The refusals that do not depend on the quantity or the member, checked the moment an item is
 * tapped or scanned, before any dialog asks for more (a renewal, a second membership).
 */
export function checkCanAdd(
  items: readonly Pick<RuleCartItem, 'name' | 'category'>[],
  candidate: Pick<RuleCartItem, 'name' | 'category'>,
): RuleResult<void> {
  if (isRenewal(candidate) || items.some(isRenewal)) {
    return refuse(RULE_CODES.renewal_not_in_cart, MESSAGES.renewalNotInCart);
  }
  if (isMembership(candidate) && items.some(isMembership)) {
    return refuse(RULE_CODES.one_membership_only, MESSAGES.oneMembershipOnly);
  }
  return ok(undefined);
}

/**
 * Sets the quantity of the line with `sku` from the quantity dialog (spec section 5 rules).
 *
 * @returns the new item list; `value: undefined` when the entry is empty or zero (ignored).
 */
export function cartWithQuantity<T extends RuleCartItem>(
  items: readonly T[],
  sku: string,
  input: QuantityInput,
): RuleResult<T[] | undefined> {
  const existing = items.find((item) => item.sku === sku);
  if (!existing) return refuse(RULE_CODES.item_not_in_cart, MESSAGES.itemNotInCart);
  const quantity = checkQuantity(existing, input);
  if (!quantity.ok) return quantity;
  if (quantity.value === undefined) return ignored();
  return replaceQuantity(items, existing, quantity.value);
}

/** Checks `quantity` for `existing` and replaces it in the list. */
function replaceQuantity<T extends RuleCartItem>(
  items: readonly T[],
  existing: T,
  quantity: number,
): RuleResult<T[]> {
  const checked = checkQuantity(existing, quantity);
  if (!checked.ok) return checked;
  const resized = withQuantity(existing, quantity);
  if (!resized.ok) return resized;
  return ok(items.map((item) => (item === existing ? resized.value : item)));
}

/** Removes the line with `sku` (the row's delete control). */
export function cartWithoutItem<T extends RuleCartItem>(items: readonly T[], sku: string): T[] {
  return items.filter((item) => item.sku !== sku);
}

/**
 * Payment may start only with items in the cart (spec section 2):
 * otherwise the warning 'Shopping Cart Empty' / 'No item to checkout'.
 */
export function checkCartHasItems(items: readonly unknown[]): RuleResult<undefined> {
  if (items.length > 0) return ok(undefined);
  return refuse(RULE_CODES.cart_empty, MESSAGES.cartEmpty, MESSAGES.cartEmptyTitle);
}
