import { addSen, fromRinggit, multiplySen, type Sen, ZERO } from '../money';
import { ok, RULE_CODES, type RuleResult, refuse } from './result';

/** Whether a tracked variant may be sold below zero (the venue's `stock_below_zero` setting). */
export type StockPolicy = 'allow' | 'refuse';

/** A tracked variant's stock as a tile or a cart line reads it. */
export interface RuleStock {
  readonly quantity: number;
  readonly low_level: number | null;
}

/** 'Only {n} left of {item}': a sale refused for stock under 'refuse' (409, the cart kept). */
export function onlyLeftOf(left: number, item: string): string {
  return `Only ${Math.max(0, left)} left of ${item}`;
}

/** 'Only {n} left': the warning when a cart takes more than the shelf holds under 'allow'. */
export function onlyLeft(left: number): string {
  return `Only ${Math.max(0, left)} left`;
}

/** Messages of stock (not in the spec: the venue's stock). */
export const STOCK_MESSAGES = {
  outOfStock: 'Out of stock',
  notTracked: (sku: string) => `The stock of ${sku} is not kept: start it with pos stock track ${sku}`,
  noVariant: (sku: string) => `No merchandise with SKU ${sku}`,
  alreadyTracked: (sku: string) => `The stock of ${sku} is kept already`,
  reasonRequired: 'Please enter the reason',
  received: 'Stock received',
  adjusted: 'Stock adjusted',
  counted: 'Stock count applied',
  importColumns: 'The first line must name the columns: sku,quantity (and reason)',
  importQuantity: 'quantity must be a whole number of units, at least 1',
  importEmpty: 'The file has no deliveries',
  importTwice: (sku: string) => `${sku} is in the file twice: one row a variant`,
} as const;

/**
 * What a tile says of a tracked variant: 'Out of stock' at zero or below (and disabled when the venue refuses to sell
 * below zero), '{n} left' at or below its low level, nothing otherwise (or untracked).
 */
export function stockBadge(
  stock: RuleStock | null | undefined,
  policy: StockPolicy,
): { readonly text: string; readonly disabled: boolean } | null {
  if (stock === null || stock === undefined) return null;
  if (stock.quantity <= 0) return { text: STOCK_MESSAGES.outOfStock, disabled: policy === 'refuse' };
  // Stryker disable next-line ConditionalExpression: above zero, a quantity is never <= null (0)
  if (stock.low_level !== null && stock.quantity <= stock.low_level) {
    return { text: `${stock.quantity} left`, disabled: false };
  }
  return null;
}

/**
 * May `quantity` units be sold from `stock`? Untracked: yes. Under 'refuse', not more than the level ('Only N left of
 * {item}'); under 'allow', yes, and `warning` says 'Only N left' when the level does not cover them.
 */
export function checkStock(
  stock: RuleStock | null | undefined,
  quantity: number,
  policy: StockPolicy,
  item: string,
): RuleResult<{ readonly warning: string | null }> {
  if (stock === null || stock === undefined || quantity <= stock.quantity) return ok({ warning: null });
  if (policy === 'refuse') return refuse(RULE_CODES.out_of_stock, onlyLeftOf(stock.quantity, item));
  return ok({ warning: onlyLeft(stock.quantity) });
}

/** What a level needs for its value: units on hand and the cost of one (RM on the wire; null: no cost set). */
export interface RuleStockValue {
  readonly quantity: number;
  readonly cost: number | null;
}

/**
 * The stock's value at cost: units on hand times the cost of one, over the levels with a cost (a level below zero
 * counts as none). `withoutCost` counts the levels with units but no cost, which the value leaves out.
 *
 * @example stockValue([{ quantity: 12, cost: 6.5 }, { quantity: 3, cost: null }]) // { value: 7800, withoutCost: 1 }
 */
export function stockValue(levels: readonly RuleStockValue[]): { value: Sen; withoutCost: number } {
  let value = ZERO;
  let withoutCost = 0;
  for (const level of levels) {
    if (level.quantity <= 0) continue;
    if (level.cost === null) {
      withoutCost += 1;
      continue;
    }
    value = addSen(value, multiplySen(fromRinggit(level.cost), level.quantity));
  }
  return { value, withoutCost };
}
