import { fromRinggit, type Sen } from '../money';
import { MESSAGES } from './messages';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** A catalogue price entry as it comes over the wire (ringgit). */
export interface WirePrice {
  readonly value: number;
  readonly currency?: string;
}

/**
 * The unit price of a pass variant: its first price entry (spec sections 2 and 3).
 * The variant is the catalogue's, with ringgit on the wire; the result is in sen.
 * Refuses a pass with no price entry.
 *
 * @throws RangeError when the price is not a valid wire amount (more than 2 decimals, not finite).
 */
export function passUnitPrice(variant: { readonly price: readonly WirePrice[] }): RuleResult<Sen> {
  const first = variant.price[0];
  if (!first) return refuse(RULE_CODES.no_price, MESSAGES.passHasNoPrice);
  return ok(fromRinggit(first.value));
}

/**
 * The unit price of a merchandise variant (its single price, ringgit on the wire) in sen.
 *
 * @throws RangeError when the price is not a valid wire amount.
 */
export function merchandiseUnitPrice(variant: { readonly price: WirePrice }): Sen {
  return fromRinggit(variant.price.value);
}
