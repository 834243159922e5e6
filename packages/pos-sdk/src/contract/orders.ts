import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { IdSchema, IsoDateTimeSchema, MoneySchema, NonNegativeMoneySchema } from './primitives';
import { OrderListSchema } from './sale';

/** Orders of a page of get_orders when `limit` is not given. */
export const ORDERS_PAGE_DEFAULT = 50;
/** The most orders one page of get_orders holds. */
export const ORDERS_PAGE_MAX = 500;
/** A get_orders without `limit` and `cursor` (the spec's call) answers the full orders of at most this many. */
export const ORDERS_UNPAGED_MAX = 1000;
/** How far get_orders counts the orders that match before it gives an estimate (`total_is_estimate`). */
export const ORDERS_COUNT_MAX = 10_000;

/**
 * POST /v1/admin/get_orders: orders of a period for an origin, optionally searched, newest first.
 * With `limit` or `cursor`: one page of light rows ({@link OrderPageSchema}). Without either (the spec's call):
 * the full orders, at most {@link ORDERS_UNPAGED_MAX}, with the headers `X-Total-Count` and `X-Next-Cursor` when
 * there are more.
 */
export const GetOrdersRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    origin: IdSchema,
    from: IsoDateTimeSchema,
    to: z.optional(IsoDateTimeSchema),
    /** Case-insensitive: the invoice id by exact match or prefix, or any part of the customer email. */
    search: z.optional(z.string().check(z.maxLength(200))),
    /** Orders per page, 1 to 500 (default 50 when `cursor` is given alone). */
    limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(ORDERS_PAGE_MAX))),
    /** Where the page starts: `next_cursor` of the previous page. */
    cursor: z.optional(z.string().check(z.maxLength(200))),
  }),
);
/** The body of POST /v1/admin/get_orders: origin, period, search text, and the page (`limit`, `cursor`). */
export type GetOrdersRequest = z.infer<typeof GetOrdersRequestSchema>;

/** POST /v1/admin/get_order: by `order_id`, or by `invoice_id`. */
export const GetOrderRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ order_id: z.optional(IdSchema), invoice_id: z.optional(IdSchema) }).check(
    z.refine((body) => body.order_id !== undefined || body.invoice_id !== undefined, {
      message: 'order_id or invoice_id is required',
      path: ['order_id'],
    }),
  ),
);
/** The body of POST /v1/admin/get_order: `order_id` or `invoice_id`. */
export type GetOrderRequest = z.infer<typeof GetOrderRequestSchema>;

/** POST /v1/admin/add_order_note. */
export const AddOrderNoteRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    order_id: IdSchema,
    note: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(1000)),
  }),
);
/** The body of POST /v1/admin/add_order_note: the order and the note. */
export type AddOrderNoteRequest = z.infer<typeof AddOrderNoteRequestSchema>;

/** POST /v1/admin/cancel_order. */
export const CancelOrderRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    order_id: IdSchema,
    reason: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
    /** False: the merchandise does not go back on the shelf (its stock stays down). Default true. */
    restock: z.optional(z.boolean()),
  }),
);
/** The body of POST /v1/admin/cancel_order: the order and an optional reason. */
export type CancelOrderRequest = z.infer<typeof CancelOrderRequestSchema>;

/** The payment methods money is given back by. */
export const RefundMethodSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['CASH', 'CREDIT CARD', 'E-WALLET']),
);

/** An item of a refund by line: its SKU, its line index when the SKU is on several lines, and the units. */
export const RefundItemSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: IdSchema,
    /** The line's index in `order_details.cart.items` (0-based); without it, the SKU's lines in cart order. */
    line: z.optional(z.number().check(z.int(), z.gte(0), z.lte(99))),
    /** Units to refund; without it, every unit of the line not refunded yet. */
    quantity: z.optional(z.number().check(z.int('must be a whole number'), z.gte(1), z.lte(999))),
  }),
);
/** An item of a refund by line on the wire: `{ sku, line?, quantity? }`. */
export type RefundItem = z.infer<typeof RefundItemSchema>;

/** A method to give a refund back by, with its amount (optional when it is the only one). */
export const RefundTenderSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ type: RefundMethodSchema, amount: z.optional(NonNegativeMoneySchema) }),
);
/** A refund tender asked for on the wire: `{ type, amount? }`. */
export type RefundTender = z.infer<typeof RefundTenderSchema>;

/**
 * POST /v1/admin/refund_order: the invoice and the refund reason; optionally the items (lines and units) to refund
 * (without them: every unit not refunded yet, the whole order) and the methods to give the money back by (without
 * them: the order's own methods, cards and e-wallets first, cash last).
 */
export const RefundOrderRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    invoice_id: IdSchema,
    message: z.string().check(z.trim(), z.minLength(1, 'Refund Reason is required'), z.maxLength(1000)),
    /** False: the merchandise does not go back on the shelf (its stock stays down). Default true. */
    restock: z.optional(z.boolean()),
    items: z.optional(
      z
        .array(RefundItemSchema)
        .check(
          z.maxLength(100),
          z.describe(
            'the lines and units to refund (none: every unit not refunded yet). A line of N units paid P is refunded floor(P x q / N) sen for its first q units and exactly P for all N: refunds never add up to more than was paid, the last gives back what remains',
          ),
        ),
    ),
    tenders: z.optional(
      z
        .array(RefundTenderSchema)
        .check(
          z.maxLength(3),
          z.describe(
            "the methods to give back by, adding up to the refund (422 otherwise); cash any amount, a card or e-wallet at most what it paid and has not got back. None: the order's own methods, cards and e-wallets first, cash last",
          ),
        ),
    ),
  }),
);
/** The body of POST /v1/admin/refund_order: the invoice, the refund reason (`message`), the items and tenders. */
export type RefundOrderRequest = z.infer<typeof RefundOrderRequestSchema>;

/** Formats of the order export. */
export const ExportFormatSchema = /* @__PURE__ */ defineSchema(() => z.enum(['csv', 'json']));
/** A format of the order export on the wire: `csv` or `json`. */
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** POST /v1/admin/export_order_report: the period's orders, streamed. */
export const ExportOrderReportRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    period: z.object({ from: IsoDateTimeSchema, to: IsoDateTimeSchema }),
    origin: IdSchema,
    format: z.optional(ExportFormatSchema),
  }),
);
/** The body of POST /v1/admin/export_order_report: the period, the origin and the format. */
export type ExportOrderReportRequest = z.infer<typeof ExportOrderReportRequestSchema>;

/**
 * The columns of the CSV export, in order. When the period's orders (at any store) have lines with a tax code, a
 * column per code they carry follows (`tax_SST8`, by code: each order's tax of that code less what refunds gave back,
 * 0.00 for a canceled order), then `tax`, their sum; a period without taxed orders has these columns only.
 */
export const EXPORT_CSV_COLUMNS = [
  'date',
  'invoice',
  'order_id',
  'status',
  'customer_email',
  'items',
  'num_items',
  'subtotal',
  'discount',
  'total_amount',
  'cash',
  'card',
  'ewallet',
  'change',
  'staff',
  'terminal',
  'refunded',
] as const;

/** A row of the orders list: what the orders table shows and its row actions need; the detail is get_order. */
export const OrderSummarySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    date: IsoDateTimeSchema,
    status: z.enum(['PAID', 'CANCELED', 'REFUNDED']),
    total_amount: MoneySchema,
    currency: z.literal('MYR'),
    invoice: z.nullable(z.object({ _id: z.string() })),
    customer: z.object({ email: z.string() }),
    num_items: z.number().check(z.int()),
    /** Money refunded so far (an order refunded in part stays PAID); absent from older servers. */
    refunded_amount: z.optional(
      MoneySchema.check(
        z.describe('money refunded so far, when some was (an order refunded in part stays PAID)'),
      ),
    ),
  }),
);
/** A light row of a get_orders page on the wire: what the orders table shows. */
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/**
 * A page of get_orders: the rows, where the next page starts, and how many orders the filter matches. The count is
 * bounded so that every page costs the same on years of history: exact up to 10,000 orders ({@link ORDERS_COUNT_MAX});
 * with a search text, a text common enough to be matched by scanning the period's newest orders (a first name, a
 * mail domain) is counted up to 100 matches, or the page's `limit` when larger.
 */
export const OrderPageSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    orders: z.array(OrderSummarySchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    next_cursor: z.nullable(z.string()),
    /**
     * Orders matching the filter (all pages): exact when `total_is_estimate` is false; else counting stopped here, at
     * 10,000, or for a search at 100 (or the page's `limit`).
     */
    total: z
      .number()
      .check(
        z.int(),
        z.describe(
          'orders matching the filter (all pages): exact unless `total_is_estimate`; counted up to 10,000, and a search matched by scanning the newest orders up to 100 (or `limit`, when larger)',
        ),
      ),
    /** True when counting stopped at `total`: more than `total` orders match ("more than 10,000", "more than 100"). */
    total_is_estimate: z
      .boolean()
      .check(z.describe('true when counting stopped: more than `total` orders match')),
  }),
);
/** A page of get_orders on the wire: the rows, the next cursor, and how many orders match. */
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** The answer of get_orders: a page (with `limit` or `cursor`), or the spec's list of full orders. */
export const GetOrdersResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.union([OrderPageSchema, OrderListSchema]),
);
