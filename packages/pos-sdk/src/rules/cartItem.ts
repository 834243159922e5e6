import type { Sen } from '../money';

/** Discount types of spec section 3: a fixed amount or a percentage. */
export type DiscountType = 'amount' | 'percentage';

/** An item discount as the rules see it (spec section 3; amounts in sen). */
export interface RuleDiscount {
  readonly type: DiscountType;
  /** Ringgit for `amount`, percent for `percentage`; stored rounded to 2 decimals. */
  readonly value: number;
  /** What the discount takes off the line. */
  readonly amount: Sen;
  /** The user who approved it (`_id` from the users list). */
  readonly approver?: string;
  /** The single-use approval token from verify_pin. */
  readonly approval?: string;
}

/**
 * The fields of a cart item the rules read (spec section 3), with money in {@link Sen}.
 * Field names are the spec's, so richer cart item types (with `group`, `visit_date`,
 * `member`...) fit and pass through the rules unchanged.
 */
export interface RuleCartItem {
  readonly sku: string;
  readonly name: string;
  /** Pass category; `Membership` is special. Merchandise has none. */
  readonly category?: string | null;
  readonly quantity: number;
  /** Passes only: the least quantity one sale may have. */
  readonly min_qty?: number | null;
  /** Passes only: uses per ticket; 0 allows one use (spec section 4, see `usesAllowed`). */
  readonly usage_limit?: number | null;
  readonly type: 'PASS' | 'MERCHANDISE';
  /** Unit price (passes take the first price entry). */
  readonly price: Sen;
  readonly discount?: RuleDiscount | null;
  /** The venue's tax code of the line's variant (absent or null: untaxed). */
  readonly tax_code?: string | null;
}

/** The category name that makes a pass a membership (spec section 3). */
export const MEMBERSHIP_CATEGORY = 'Membership';

/** The category merchandise lines carry (passes carry their product's category). */
export const MERCHANDISE_CATEGORY = 'Merchandise';

/** Is the item a membership pass (category Membership)? */
export function isMembership(item: Pick<RuleCartItem, 'category'>): boolean {
  return item.category === MEMBERSHIP_CATEGORY;
}

/** Is the item a membership renewal (its name contains Renewal, spec section 5)? */
export function isRenewal(item: Pick<RuleCartItem, 'name'>): boolean {
  return item.name.includes('Renewal');
}
