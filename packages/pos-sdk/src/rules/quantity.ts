import type { RuleCartItem } from './cartItem';
import { isMembership } from './cartItem';
import { MESSAGES, quantityAtLeast } from './messages';
import { ignored, ok, RULE_CODES, type RuleResult, refuse } from './result';

/** The largest quantity a cart line may have (spec section 9: display range 0 to 999). */
export const MAX_QUANTITY = 999;

/** A quantity as typed into the quantity dialog or passed by a script. */
export type QuantityInput = number | string | null | undefined;

/** Reads typed quantity text: '' -> undefined, digits -> a number, anything else -> NaN. */
function readNumber(input: QuantityInput): number | undefined {
  if (input === null || input === undefined) return undefined;
  if (typeof input === 'number') return input;
  const text = input.trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Reads a quantity entry without item rules: empty or zero is ignored (`value: undefined`),
 * anything but a positive integer is refused ('Quantity must be a positive whole number').
 */
export function parseQuantity(input: QuantityInput): RuleResult<number | undefined> {
  const quantity = readNumber(input);
  if (quantity === undefined || quantity === 0) return ignored();
  if (!Number.isInteger(quantity) || quantity < 1) {
    return refuse(RULE_CODES.invalid_quantity, MESSAGES.invalidQuantity);
  }
  return ok(quantity);
}

/**
 * Checks a quantity for an item (spec section 5, cart).
 *
 * - Empty or zero is **ignored**: the result is `{ ok: true, value: undefined }` and the caller
 *   leaves the cart as it is (no toast, no error).
 * - Otherwise it must be a positive integer up to {@link MAX_QUANTITY}.
 * - Membership passes only quantity 1: 'Membership passes can only have quantity of 1'.
 * - Other passes at least min_qty: 'Quantity for {name} has to be at least {min_qty}'.
 *
 * @returns the quantity as a number, `undefined` when ignored, or a refusal.
 */
export function checkQuantity(
  item: Pick<RuleCartItem, 'name' | 'category' | 'type' | 'min_qty'>,
  input: QuantityInput,
): RuleResult<number | undefined> {
  const parsed = parseQuantity(input);
  if (!parsed.ok || parsed.value === undefined) return parsed;
  const quantity = parsed.value;
  if (isMembership(item) && quantity !== 1) {
    return refuse(RULE_CODES.membership_quantity_one, MESSAGES.membershipQuantityOne);
  }
  if (quantity > MAX_QUANTITY) return refuse(RULE_CODES.quantity_too_large, MESSAGES.quantityTooLarge);
  const minQty = item.min_qty ?? 1;
  if (item.type === 'PASS' && quantity < minQty) {
    return refuse(RULE_CODES.below_min_qty, quantityAtLeast(item.name, minQty));
  }
  return ok(quantity);
}
