import type { CartItem } from 'pos-sdk/contract';
import { MESSAGES, SALE_MESSAGES } from 'pos-sdk/messages';
import { fromRinggit } from 'pos-sdk/money';
import {
  addToDate,
  MERCHANDISE_CATEGORY,
  type RuleCartItem,
  startOfVenueDate,
  venueDate,
} from 'pos-sdk/rules';
import type { CatalogueLookup } from '../catalogue';
import { type CatalogueItem, findCatalogueItem } from '../catalogue';
import type { Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';

/** A cart line checked against the server's catalogue. */
export interface PricedLine {
  /** Position in the request (0-based), for error details. */
  index: number;
  /** The line as the rules of pos-sdk read it: the catalogue's name, category and price (sen), the quantity. */
  rule: RuleCartItem;
  /** The line as the client sent it. */
  request: CartItem;
  /** The catalogue entry it sells. */
  catalogue: CatalogueItem;
  /** Pass group or merchandise size. */
  group: string;
  /** Passes: the visit's venue day `YYYY-MM-DD` (today, or a later day the client chose); null for merchandise. */
  visitDate: string | null;
}

/**
 * How far ahead a pass is sold: its visit date is today (the venue's day) or one of the next 365 days. A later
 * date (up to year 9999, which the date format allows) is refused, so no ticket date leaves the calendar.
 */
export const PASS_SALE_WINDOW_DAYS = 365;

/**
 * The visit's venue day of a pass line: today when none was sent or the date is already past (a cart left over
 * from yesterday), else the day sent.
 *
 * @throws {HttpProblem} 400 when the date is after the sale window ({@link PASS_SALE_WINDOW_DAYS}).
 */
function visitDateOf(item: CartItem, index: number, options: { now: Date; timeZone: string }): string {
  const today = venueDate(options.now, options.timeZone);
  if (item.visit_date === undefined) return today;
  const visitAt = new Date(item.visit_date).getTime();
  const windowEnd = startOfVenueDate(
    addToDate(today, { value: PASS_SALE_WINDOW_DAYS + 1, unit: 'Day' }),
    options.timeZone,
  );
  // Compared as instants, not as `YYYY-MM-DD` text: a year past 9999 after the time zone has five digits.
  if (!(visitAt < windowEnd.getTime())) {
    const message = SALE_MESSAGES.visitDateOutOfWindow(PASS_SALE_WINDOW_DAYS);
    throw HttpProblem.invalidRequest(message, [{ path: `items.${index}.visit_date`, message }]);
  }
  if (visitAt < startOfVenueDate(today, options.timeZone).getTime()) return today;
  return venueDate(item.visit_date, options.timeZone);
}

const changed = (sku: string) => HttpProblem.conflict(SALE_MESSAGES.itemChanged(sku));

/** Is an optional field that the client sent different from the catalogue's value? */
const differs = (sent: unknown, expected: unknown) => sent !== undefined && sent !== expected;

/**
 * Checks one cart line against the store's catalogue: the sku must be sold (active) as that type, its name,
 * category, group/size, min_qty, usage_limit and duration (where sent) must be the catalogue's, and its unit
 * price the catalogue's price (passes: the first price entry). The server sells at its own price, so a stale
 * client is told to reload instead of being charged something else.
 *
 * @throws {HttpProblem} 409 '{sku} is not sold any more…', '{sku} has changed…', 'Price changed for {sku}',
 *   'This pass has no price'.
 */
export async function priceCartLine(
  db: Db,
  item: CartItem,
  options: {
    index: number;
    store: string;
    now: Date;
    timeZone: string;
    /** Where the catalogue entry comes from (a server's catalogue cache); default: the database. */
    lookup?: CatalogueLookup;
  },
): Promise<PricedLine> {
  const lookup = options.lookup ?? findCatalogueItem;
  const catalogue = await lookup(db, { store: options.store, type: item.type, sku: item.sku });
  if (catalogue === undefined) throw HttpProblem.conflict(SALE_MESSAGES.itemNotSold(item.sku));
  if (item.name !== catalogue.name) throw changed(item.sku);

  if (catalogue.type === 'MERCHANDISE') {
    if (item.category !== MERCHANDISE_CATEGORY || differs(item.group, catalogue.size))
      throw changed(item.sku);
    if (fromRinggit(item.price.value) !== catalogue.price) {
      throw HttpProblem.conflict(SALE_MESSAGES.priceChanged(item.sku));
    }
    return {
      index: options.index,
      rule: {
        sku: catalogue.sku,
        name: catalogue.name,
        type: 'MERCHANDISE',
        quantity: item.quantity,
        price: catalogue.price,
      },
      request: item,
      catalogue,
      group: catalogue.size,
      visitDate: null,
    };
  }

  if (
    item.category !== catalogue.category ||
    differs(item.group, catalogue.group) ||
    differs(item.min_qty, catalogue.minQty) ||
    differs(item.usage_limit, catalogue.usageLimit) ||
    differs(item.duration?.value, catalogue.duration.value) ||
    differs(item.duration?.unit, catalogue.duration.unit)
  ) {
    throw changed(item.sku);
  }
  if (catalogue.price === undefined) throw HttpProblem.conflict(MESSAGES.passHasNoPrice);
  if (fromRinggit(item.price.value) !== catalogue.price) {
    throw HttpProblem.conflict(SALE_MESSAGES.priceChanged(item.sku));
  }
  // The visit is today (spec: visit_date is the start of today). A later day the client chose is kept; an earlier
  // one (a cart left over from yesterday) becomes today, so a pass is never sold already expired.
  const visitDate = visitDateOf(item, options.index, options);
  return {
    index: options.index,
    rule: {
      sku: catalogue.sku,
      name: catalogue.name,
      category: catalogue.category,
      type: 'PASS',
      quantity: item.quantity,
      min_qty: catalogue.minQty,
      usage_limit: catalogue.usageLimit,
      price: catalogue.price,
    },
    request: item,
    catalogue,
    group: catalogue.group,
    visitDate,
  };
}
