import type { Kysely } from 'kysely';
import type { PaymentType, SalesSummary, SalesSummaryRequest, SalesTotals } from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { type Sen, sen, subtractSen, toRinggit } from 'pos-sdk/money';
import { formatVenueDateTime, itemTitle } from 'pos-sdk/rules';
import { isStore } from '../catalogue';
import type { Database, Db } from '../db/Database';
import { HttpProblem } from '../http/HttpProblem';
import { shiftsOpenedIn } from '../shifts';
import { staffNames } from '../staff';
import { averageSale } from './averageSale';
import {
  type BucketFigures,
  type FiguresRange,
  type FiguresSource,
  figuresByBucket,
  figuresByProduct,
  figuresBySeller,
  figuresOfRange,
  type OrderFigures,
} from './salesFigures';
import { salesPeriod } from './salesPeriod';

const HOUR_MS = 3_600_000;
/** How long each source's bucket lasts. */
const BUCKET_MS: Record<FiguresSource, number> = { hours: HOUR_MS, quarters: HOUR_MS / 4 };

/** Money for the wire: ringgit with at most 2 decimals. */
const ringgit = (amount: number): number => toRinggit(sen(amount));

/** Net sales of a slice: what its orders took less what was refunded on them. */
const netOf = (figures: { gross: number; refunds: number }): Sen =>
  subtractSen(sen(figures.gross), sen(figures.refunds));

/** The headline figures on the wire. */
function totalsOf(figures: OrderFigures): SalesTotals {
  const net = netOf(figures);
  return {
    net_sales: toRinggit(net),
    gross_sales: ringgit(figures.gross),
    orders: figures.orders,
    average_sale: toRinggit(averageSale(net, figures.orders)),
    refunds: ringgit(figures.refunds),
    refunded_orders: figures.refundedOrders,
    discounts: ringgit(figures.discounts),
    canceled_orders: figures.canceledOrders,
  };
}

/** The venue day and hour of a wall clock text `DD-MM-YYYY HH:mm:ss`. */
function slotOf(text: string): { day: string; hour: number; minute: number; second: number } {
  const [dd, mm, yyyy, hh, min, ss] = text.split(/[- :]/);
  return { day: `${yyyy}-${mm}-${dd}`, hour: Number(hh), minute: Number(min), second: Number(ss) };
}

/**
 * The venue day and hour each bucket falls in, or undefined when a bucket of the roll-up's hours is not one hour of
 * the venue's clock (its zone's offset has minutes then, or changes within it). Quarter hours are placed by their
 * start when one is not within one venue hour (no zone in use has such an offset).
 */
function venueSlots(
  buckets: readonly BucketFigures[],
  source: FiguresSource,
  timeZone: string,
): { day: string; hour: number }[] | undefined {
  const slots: { day: string; hour: number }[] = [];
  for (const bucket of buckets) {
    const start = Date.parse(`${bucket.bucket}${source === 'hours' ? ':00:00Z' : ':00Z'}`);
    const first = slotOf(formatVenueDateTime(new Date(start), timeZone));
    const last = slotOf(formatVenueDateTime(new Date(start + BUCKET_MS[source] - 1000), timeZone));
    const isWithinHour = first.day === last.day && first.hour === last.hour;
    if (source === 'hours' && !(isWithinHour && first.minute === 0 && first.second === 0)) return undefined;
    slots.push({ day: first.day, hour: first.hour });
  }
  return slots;
}

/** Largest first by net sales, then by orders, then by name. */
const byNetThenOrders = <T extends { net: number; orders: number; name: string }>(a: T, b: T) =>
  b.net - a.net || b.orders - a.orders || a.name.localeCompare(b.name);

/** The wire's payment types per column of the roll-up. */
const METHODS: readonly [PaymentType, 'cash' | 'card' | 'ewallet'][] = [
  ['CASH', 'cash'],
  ['CREDIT CARD', 'card'],
  ['E-WALLET', 'ewallet'],
];

/**
 * POST /v1/admin/reports/sales_summary: the sales of the venue days `from` to `to` (venue time zone, both included), of
 * one store or all, as the order export of the same period has them: orders count on the venue day and hour they were
 * sold, their refunds (by line or whole) against that same order, canceled ones in `canceled_orders` only.
 *
 * - `totals` and `previous.totals` (the as many days just before `from`); `by_day` every day of the period, zeros
 *   too; `by_hour` the 24 hours of the venue's clock; `by_staff` (display names, as the export's staff column) and
 *   `by_terminal` those with orders (not canceled), largest net sales first.
 * - `by_product`: per SKU the units sold less those refunded and their money less its refunds, named as the receipt
 *   names the line (its latest name in the period), listed when either is not zero; `by_category` the same per
 *   category. Both add up to `net_sales`, as `by_method` does: per method the money taken (cash net of the change
 *   given) less what refunds gave back by it, methods with money only.
 * - `shifts`: the shifts opened in the period in the store(s), oldest first, with their variances once closed
 *   (`shiftsOpenedIn`).
 *
 * Read from the hourly roll-up of migration 0027 (`salesFigures`), not from the orders: a year is a few thousand
 * rows. Money is added up in sen; ringgit only on the way out.
 *
 * @throws {HttpProblem} 400 with the field: `to` before `from`, a period of more than `SALES_SUMMARY_MAX_DAYS` days,
 *   an unknown store.
 */
export async function salesSummary(
  db: Kysely<Database>,
  request: SalesSummaryRequest,
  timeZone: string,
): Promise<SalesSummary> {
  // One snapshot (PostgreSQL: repeatable read): the figures of one answer add up, whatever commits meanwhile.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => summarise(trx, request, timeZone));
}

async function summarise(db: Db, request: SalesSummaryRequest, timeZone: string): Promise<SalesSummary> {
  const period = salesPeriod(request.from, request.to, timeZone);
  const store = request.store;
  if (store !== undefined && !(await isStore(db, store))) {
    throw HttpProblem.invalidRequest(SERVER_MESSAGES.unknownStore(store), [
      { path: 'store', message: SERVER_MESSAGES.unknownStore(store) },
    ]);
  }
  const range: FiguresRange = { start: period.start, end: period.end, store };
  const isOnHours = [period.start, period.end, period.previous.start].every(
    (instant) => instant.getTime() % HOUR_MS === 0,
  );
  let source: FiguresSource = isOnHours ? 'hours' : 'quarters';
  let buckets = await figuresByBucket(db, source, range);
  let slots = venueSlots(buckets, source, timeZone);
  if (slots === undefined) {
    source = 'quarters';
    buckets = await figuresByBucket(db, source, range);
    slots = venueSlots(buckets, source, timeZone) ?? [];
  }

  const days = new Map(period.days.map((day) => [day, { orders: 0, gross: 0, refunds: 0 }]));
  const hours = Array.from({ length: 24 }, () => ({ orders: 0, gross: 0, refunds: 0 }));
  const totals: OrderFigures = {
    orders: 0,
    gross: 0,
    refunds: 0,
    discounts: 0,
    refundedOrders: 0,
    canceledOrders: 0,
    cash: 0,
    card: 0,
    ewallet: 0,
  };
  buckets.forEach((bucket, index) => {
    const slot = slots[index];
    for (const key of Object.keys(totals) as (keyof OrderFigures)[]) {
      // Counts and sen alike: integers, checked safe by `sen`.
      totals[key] = sen(totals[key] + bucket[key]);
    }
    for (const slice of [slot === undefined ? undefined : days.get(slot.day), hours[slot?.hour ?? -1]]) {
      if (slice === undefined) continue;
      slice.orders += bucket.orders;
      slice.gross = sen(slice.gross + bucket.gross);
      slice.refunds = sen(slice.refunds + bucket.refunds);
    }
  });

  const previous = await figuresOfRange(db, source, {
    start: period.previous.start,
    end: period.previous.end,
    store,
  });
  const sellers = await figuresBySeller(db, source, range);
  const products = await figuresByProduct(db, source, range);
  const shifts = await shiftsOpenedIn(db, { store, from: period.start, to: period.end });

  const names = await staffNames(
    db,
    sellers.map((seller) => seller.staffId),
  );
  const sliceBy = (keyOf: (seller: (typeof sellers)[number]) => string) => {
    const slices = new Map<string, { name: string; orders: number; gross: number; refunds: number }>();
    for (const seller of sellers) {
      const key = keyOf(seller);
      const slice = slices.get(key) ?? { name: key, orders: 0, gross: 0, refunds: 0 };
      slice.orders += seller.orders;
      slice.gross = sen(slice.gross + seller.gross);
      slice.refunds = sen(slice.refunds + seller.refunds);
      slices.set(key, slice);
    }
    return [...slices.values()]
      .filter((slice) => slice.orders > 0)
      .map((slice) => ({ ...slice, net: netOf(slice) }))
      .sort(byNetThenOrders);
  };
  const staffSlices = sliceBy((seller) => seller.staffId)
    .map((slice) => ({ ...slice, name: names.get(slice.name) ?? slice.name }))
    .sort(byNetThenOrders);

  // One entry per SKU, named as its latest line in the period.
  const bySku = new Map<
    string,
    {
      name: string;
      category: (typeof products)[number]['category'];
      last: string;
      quantity: number;
      net: number;
    }
  >();
  for (const line of products) {
    const entry = bySku.get(line.sku);
    const title = itemTitle({ name: line.name, group: line.group === '' ? null : line.group });
    if (entry === undefined) {
      bySku.set(line.sku, {
        name: title,
        category: line.category,
        last: line.lastBucket,
        quantity: line.quantity,
        net: line.net,
      });
      continue;
    }
    entry.quantity += line.quantity;
    entry.net = sen(entry.net + line.net);
    if (line.lastBucket > entry.last)
      Object.assign(entry, { name: title, category: line.category, last: line.lastBucket });
  }
  const productList = [...bySku]
    .map(([sku, entry]) => ({ sku, ...entry }))
    .filter((entry) => entry.quantity !== 0 || entry.net !== 0)
    .sort((a, b) => b.net - a.net || b.quantity - a.quantity || a.sku.localeCompare(b.sku));
  const categories = new Map<string, { quantity: number; net: number }>();
  for (const product of productList) {
    const category = categories.get(product.category) ?? { quantity: 0, net: 0 };
    category.quantity += product.quantity;
    category.net = sen(category.net + product.net);
    categories.set(product.category, category);
  }

  return {
    from: period.from,
    to: period.to,
    store: store ?? null,
    time_zone: timeZone,
    totals: totalsOf(totals),
    previous: { from: period.previous.from, to: period.previous.to, totals: totalsOf(previous) },
    by_day: [...days].map(([day, slice]) => ({
      day,
      net_sales: toRinggit(netOf(slice)),
      orders: slice.orders,
    })),
    by_hour: hours.map((slice, hour) => ({ hour, net_sales: toRinggit(netOf(slice)), orders: slice.orders })),
    by_product: productList.map((product) => ({
      sku: product.sku,
      name: product.name,
      category: product.category,
      quantity: product.quantity,
      net_sales: ringgit(product.net),
    })),
    by_category: [...categories]
      .map(([category, figures]) => ({ category, ...figures }))
      .sort((a, b) => b.net - a.net || b.quantity - a.quantity || a.category.localeCompare(b.category))
      .map((entry) => ({
        category: entry.category as (typeof products)[number]['category'],
        quantity: entry.quantity,
        net_sales: ringgit(entry.net),
      })),
    by_method: METHODS.map(([method, column]) => ({ method, amount: totals[column] }))
      .filter((entry) => entry.amount !== 0)
      .sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method))
      .map((entry) => ({ method: entry.method, amount: ringgit(entry.amount) })),
    by_staff: staffSlices.map((slice) => ({
      staff: slice.name,
      net_sales: toRinggit(slice.net),
      orders: slice.orders,
    })),
    by_terminal: sliceBy((seller) => seller.terminal).map((slice) => ({
      terminal: slice.name,
      net_sales: toRinggit(slice.net),
      orders: slice.orders,
    })),
    shifts,
  };
}
