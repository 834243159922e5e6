import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { IdSchema, IsoDateSchema, IsoDateTimeSchema } from './primitives';
import { PaymentTypeSchema } from './sale';
import { MethodTotalsSchema } from './shift';

/** The longest period a sales summary covers, in venue days (a leap year). */
export const SALES_SUMMARY_MAX_DAYS = 366;

/**
 * A sum of money over a period, in ringgit with at most 2 decimals. Unlike a sale's amounts it is not bounded by
 * `MAX_RINGGIT` (a year of a busy venue passes it); it stays far below where a float loses a sen.
 */
export const ReportMoneySchema = /* @__PURE__ */ defineSchema(() =>
  z.number().check(
    z.gte(-1_000_000_000_000),
    z.lte(1_000_000_000_000),
    z.refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      error: 'must have at most 2 decimals',
    }),
  ),
);

const CountSchema = () => z.number().check(z.int(), z.gte(0));

/**
 * POST /v1/admin/reports/sales_summary: the venue's sales of a period of venue days (`from` to `to`, both included,
 * in the venue's time zone, at most {@link SALES_SUMMARY_MAX_DAYS} days), of one store or of all (`store` absent).
 */
export const SalesSummaryRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    from: IsoDateSchema,
    to: IsoDateSchema,
    store: z.optional(IdSchema),
  }),
);
/** The body of POST /v1/admin/reports/sales_summary. */
export type SalesSummaryRequest = z.infer<typeof SalesSummaryRequestSchema>;

/**
 * The headline figures of a period, over the orders sold in it (as the order export of the same period lists them):
 * `orders` counts the orders not canceled; `gross_sales` sums their totals (after discounts); `refunds` the money
 * refunded on them so far (a whole refund: the order's total); `net_sales` = gross_sales − refunds; `average_sale` =
 * net_sales / orders, rounded half up to the sen (0 without orders); `discounts` sums their discounts;
 * `refunded_orders` counts those with money refunded; `canceled_orders` the canceled ones (in no other figure).
 */
export const SalesTotalsSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    net_sales: ReportMoneySchema,
    gross_sales: ReportMoneySchema,
    orders: CountSchema(),
    average_sale: ReportMoneySchema,
    refunds: ReportMoneySchema,
    refunded_orders: CountSchema(),
    discounts: ReportMoneySchema,
    canceled_orders: CountSchema(),
    /**
     * The tax collected on the orders sold in the period: their lines' tax less what refunds gave back of it
     * (canceled orders: none). Only when this period or the one compared with it sold a line with a tax code.
     */
    tax: z.optional(ReportMoneySchema),
  }),
);
/** The headline figures of a period. */
export type SalesTotals = z.infer<typeof SalesTotalsSchema>;

/** Net sales and orders of one slice (a day, an hour, a member of staff, a terminal). */
const SliceFields = () => ({ net_sales: ReportMoneySchema, orders: CountSchema() });

/** What a product line is: a pass, a membership (sold or renewed) or merchandise. */
export const SalesCategorySchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['pass', 'membership', 'merchandise']),
);
/** A product line's category in the sales summary. */
export type SalesCategory = z.infer<typeof SalesCategorySchema>;

/**
 * The answer of POST /v1/admin/reports/sales_summary. Every list covers the whole period: `by_day` has every venue
 * day from `from` to `to` (zeros included), `by_hour` the 24 hours of the day (venue time); the others have the
 * products, methods, staff and terminals that sold in it, largest first. `previous` is the period of the same length
 * just before (for the change against it). `shifts` are those opened in the period, with their variances once closed.
 */
export const SalesSummarySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    from: IsoDateSchema,
    to: IsoDateSchema,
    /** The store summed, or null for all stores. */
    store: z.nullable(z.string()),
    /** The venue's time zone the days and hours are in (IANA, e.g. `Asia/Kuala_Lumpur`). */
    time_zone: z.string(),
    totals: SalesTotalsSchema,
    previous: z.object({ from: IsoDateSchema, to: IsoDateSchema, totals: SalesTotalsSchema }),
    by_day: z.array(z.object({ day: IsoDateSchema, ...SliceFields() })),
    by_hour: z.array(z.object({ hour: z.number().check(z.int(), z.gte(0), z.lte(23)), ...SliceFields() })),
    by_product: z.array(
      z.object({
        sku: z.string(),
        /** The line's title as the receipt shows it (`Day Pass - Adult`, `Grip Socks - M`). */
        name: z.string(),
        category: SalesCategorySchema,
        /** Units sold less units refunded. */
        quantity: z.number().check(z.int()),
        /**
         * The lines' amounts (after their discounts) less what refunds gave back of them. Tax added on top of the
         * prices is not in a line's amount, and the tax a refund gave back with it is not taken from it; with tax
         * included it is in both.
         */
        net_sales: ReportMoneySchema,
      }),
    ),
    by_category: z.array(
      z.object({
        category: SalesCategorySchema,
        quantity: z.number().check(z.int()),
        net_sales: ReportMoneySchema,
      }),
    ),
    /** Money taken per method (cash net of the change given), less what was refunded by that method. */
    by_method: z.array(z.object({ method: PaymentTypeSchema, amount: ReportMoneySchema })),
    /**
     * The tax collected per tax code and rate as sold (`base`: what the tax is on, less its refunds), by code; they add
     * up to `totals.tax`. Only when the period sold a line with a tax code.
     */
    by_tax_code: z.optional(
      z.array(
        z.object({
          code: z.string(),
          rate_bp: z.number().check(z.int()),
          base: ReportMoneySchema,
          tax: ReportMoneySchema,
        }),
      ),
    ),
    by_staff: z.array(z.object({ staff: z.string(), ...SliceFields() })),
    by_terminal: z.array(z.object({ terminal: z.string(), ...SliceFields() })),
    shifts: z.array(
      z.object({
        shift_id: z.string(),
        terminal: z.string(),
        staff: z.string(),
        opened_at: IsoDateTimeSchema,
        closed_at: z.nullable(IsoDateTimeSchema),
        /** Counted − expected per method once the shift is closed; null while it is open. */
        variance: z.nullable(MethodTotalsSchema),
      }),
    ),
  }),
);
/** The sales summary of a period on the wire: the back office's dashboard. */
export type SalesSummary = z.infer<typeof SalesSummarySchema>;
