import type { Kysely } from 'kysely';
import type {
  PaymentType,
  SalesCategory,
  SalesSummary,
  SalesSummaryRequest,
  SalesTotals,
} from 'pos-sdk/contract';
import { SERVER_MESSAGES } from 'pos-sdk/messages';
import { addSen, type Sen, sen, subtractSen, sumSen, toRinggit, ZERO } from 'pos-sdk/money';
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
  figuresByTax,
  figuresOfRange,
  type OrderFigures,
  type ProductFigures,
  type TaxFigures,
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

/** The tax collected of a period's codes, in sen. */
const taxTotalOf = (codes: readonly TaxFigures[]): Sen => sumSen(codes.map((code) => sen(code.tax)));

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

/** Orders, takings and refunds of a slice (a day, an hour, a seller, a terminal). */
interface Slice {
  orders: number;
  gross: Sen;
  refunds: Sen;
}

const emptySlice = (): Slice => ({ orders: 0, gross: ZERO, refunds: ZERO });

/** Adds a row's orders, takings and refunds to a slice. */
function addToSlice(slice: Slice, row: { orders: number; gross: number; refunds: number }): void {
  slice.orders += row.orders;
  slice.gross = addSen(slice.gross, sen(row.gross));
  slice.refunds = addSen(slice.refunds, sen(row.refunds));
}

const NO_FIGURES: OrderFigures = {
  orders: 0,
  gross: ZERO,
  refunds: ZERO,
  discounts: ZERO,
  refundedOrders: 0,
  canceledOrders: 0,
  cash: ZERO,
  card: ZERO,
  ewallet: ZERO,
};

/** Two sets of figures added up: counts as numbers, money in sen. */
function addFigures(a: OrderFigures, b: OrderFigures): OrderFigures {
  return {
    orders: a.orders + b.orders,
    gross: addSen(sen(a.gross), sen(b.gross)),
    refunds: addSen(sen(a.refunds), sen(b.refunds)),
    discounts: addSen(sen(a.discounts), sen(b.discounts)),
    refundedOrders: a.refundedOrders + b.refundedOrders,
    canceledOrders: a.canceledOrders + b.canceledOrders,
    cash: addSen(sen(a.cash), sen(b.cash)),
    card: addSen(sen(a.card), sen(b.card)),
    ewallet: addSen(sen(a.ewallet), sen(b.ewallet)),
  };
}

/** Largest first by net sales, then by orders, then by name. */
const byNetThenOrders = <T extends { net: number; orders: number; name: string }>(a: T, b: T) =>
  b.net - a.net || b.orders - a.orders || a.name.localeCompare(b.name);

/** A product's or a category's units sold less those refunded, and their money less its refunds. */
interface ProductSales {
  quantity: number;
  net: Sen;
}

/**
 * The product lines as the summary lists them: one entry per SKU, named as its latest line in the period names it
 * (as the receipt does, `itemTitle`), and per category; largest net sales first, those with units or money only.
 */
function productSales(lines: readonly ProductFigures[]): {
  productList: (ProductSales & { sku: string; name: string; category: SalesCategory })[];
  categoryList: (ProductSales & { category: SalesCategory })[];
} {
  const bySku = new Map<string, ProductSales & { name: string; category: SalesCategory; last: string }>();
  for (const line of lines) {
    const title = itemTitle({ name: line.name, group: line.group === '' ? null : line.group });
    const entry = bySku.get(line.sku) ?? {
      name: title,
      category: line.category,
      last: '',
      quantity: 0,
      net: ZERO,
    };
    entry.quantity += line.quantity;
    entry.net = addSen(entry.net, sen(line.net));
    if (line.lastBucket > entry.last)
      Object.assign(entry, { name: title, category: line.category, last: line.lastBucket });
    bySku.set(line.sku, entry);
  }
  const productList = [...bySku]
    .map(([sku, { name, category, quantity, net }]) => ({ sku, name, category, quantity, net }))
    .filter((entry) => entry.quantity !== 0 || entry.net !== 0)
    .sort((a, b) => b.net - a.net || b.quantity - a.quantity || a.sku.localeCompare(b.sku));
  const byCategory = new Map<SalesCategory, ProductSales>();
  for (const product of productList) {
    const category = byCategory.get(product.category) ?? { quantity: 0, net: ZERO };
    category.quantity += product.quantity;
    category.net = addSen(category.net, product.net);
    byCategory.set(product.category, category);
  }
  const categoryList = [...byCategory]
    .map(([category, figures]) => ({ category, ...figures }))
    .sort((a, b) => b.net - a.net || b.quantity - a.quantity || a.category.localeCompare(b.category));
  return { productList, categoryList };
}

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
 * - tax, when the period or the one before sold a line with a tax code (else none of these fields, as before):
 *   `totals.tax` and `previous.totals.tax`, the tax collected (the lines' tax less what refunds gave back of it;
 *   canceled orders none); `by_tax_code` per code and rate as sold, with the base it is on, when the period sold
 *   some (migration 0033's roll-up).
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

  const days = new Map(period.days.map((day) => [day, emptySlice()]));
  const hours = Array.from({ length: 24 }, emptySlice);
  let totals = NO_FIGURES;
  buckets.forEach((bucket, index) => {
    totals = addFigures(totals, bucket);
    const slot = slots[index];
    if (slot === undefined) return;
    for (const slice of [days.get(slot.day), hours[slot.hour]]) {
      if (slice !== undefined) addToSlice(slice, bucket);
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
  const taxes = await figuresByTax(db, source, range);
  const previousTaxes = await figuresByTax(db, source, {
    start: period.previous.start,
    end: period.previous.end,
    store,
  });
  // Only with tax: the summary of a venue without tax codes keeps the shape it had.
  const hasTax = taxes.length > 0 || previousTaxes.length > 0;

  const names = await staffNames(
    db,
    sellers.map((seller) => seller.staffId),
  );
  const sliceBy = (keyOf: (seller: (typeof sellers)[number]) => string) => {
    const slices = new Map<string, Slice & { name: string }>();
    for (const seller of sellers) {
      const key = keyOf(seller);
      const slice = slices.get(key) ?? { name: key, ...emptySlice() };
      addToSlice(slice, seller);
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

  const { productList, categoryList } = productSales(products);

  return {
    from: period.from,
    to: period.to,
    store: store ?? null,
    time_zone: timeZone,
    totals: { ...totalsOf(totals), ...(hasTax ? { tax: toRinggit(taxTotalOf(taxes)) } : {}) },
    previous: {
      from: period.previous.from,
      to: period.previous.to,
      totals: { ...totalsOf(previous), ...(hasTax ? { tax: toRinggit(taxTotalOf(previousTaxes)) } : {}) },
    },
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
      net_sales: toRinggit(product.net),
    })),
    by_category: categoryList.map((entry) => ({
      category: entry.category,
      quantity: entry.quantity,
      net_sales: toRinggit(entry.net),
    })),
    by_method: METHODS.map(([method, column]) => ({ method, amount: totals[column] }))
      .filter((entry) => entry.amount !== 0)
      .sort((a, b) => b.amount - a.amount || a.method.localeCompare(b.method))
      .map((entry) => ({ method: entry.method, amount: ringgit(entry.amount) })),
    ...(taxes.length > 0
      ? {
          by_tax_code: taxes.map((entry) => ({
            code: entry.code,
            rate_bp: entry.rateBp,
            base: ringgit(entry.base),
            tax: ringgit(entry.tax),
          })),
        }
      : {}),
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
