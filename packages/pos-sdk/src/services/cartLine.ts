import type { CartItem } from '../contract';
import { RuleError } from '../errors/RuleError';
import { toRinggit } from '../money';
import { MERCHANDISE_CATEGORY } from '../rules/cartItem';
import type { TaxedLine } from '../rules/tax';
import { merchandiseUnitPrice, passUnitPrice } from '../rules/unitPrice';
import type { MemberDetails, PosCartItem } from './CartService';
import type { CatalogEntry } from './catalog';

/**
 * Builds a cart line from a catalogue variant (spec section 3, cart item): passes take their
 * first price entry and carry min_qty, usage_limit, duration and the visit date; a Membership
 * item carries its member (type from the group, sku from the variant).
 *
 * @throws `RuleError` for a pass without a price.
 */
export function cartLineFrom(
  entry: CatalogEntry,
  quantity: number,
  visitDate: string,
  member?: MemberDetails,
): PosCartItem {
  if (entry.type === 'MERCHANDISE') {
    return {
      sku: entry.variant.sku,
      name: entry.product.name,
      category: MERCHANDISE_CATEGORY,
      group: entry.variant.size,
      quantity,
      type: 'MERCHANDISE',
      price: merchandiseUnitPrice(entry.variant),
    };
  }
  const { product, variant } = entry;
  const price = passUnitPrice(variant);
  if (!price.ok) throw RuleError.from(price);
  return {
    sku: variant.sku,
    name: product._id,
    category: product.category,
    group: variant.group,
    quantity,
    min_qty: variant.min_qty,
    usage_limit: variant.usage_limit,
    duration: variant.duration,
    visit_date: visitDate,
    type: 'PASS',
    price: price.value,
    ...(member ? { member: { type: variant.group, sku: variant.sku, ...member } } : {}),
  };
}

/** A cart line in the wire's shape (ringgit numbers), for the checkout and renewal payloads. */
export function toWireCartItem(line: PosCartItem): CartItem {
  const { price, discount, ...rest } = line;
  return {
    ...rest,
    price: { value: toRinggit(price), currency: 'MYR' },
    ...(discount ? { discount: { ...discount, amount: toRinggit(discount.amount) } } : {}),
  };
}

/** A wire line with its tax (`cartTax`'s line) when it is taxed; an untaxed line is sent as it is. */
export function taxedLine(wire: CartItem, taxed: TaxedLine | undefined): CartItem {
  if (taxed === undefined || taxed.code === null) return wire;
  return { ...wire, tax: { code: taxed.code, rate_bp: taxed.rate_bp, amount: toRinggit(taxed.tax) } };
}
