import * as z from 'zod/mini';
import { SkuSchema } from './backOffice';
import { defineSchema } from './defineSchema';
import { NonNegativeMoneySchema } from './primitives';

/** What moved a stock level: a sale, its refund or cancel, a delivery, a count, damage or a correction. */
export const StockMovementKindSchema = /* @__PURE__ */ defineSchema(() =>
  z.enum(['sale', 'refund', 'cancel', 'delivery', 'count', 'damage', 'correction']),
);
/** The kind of a stock movement. */
export type StockMovementKind = z.infer<typeof StockMovementKindSchema>;

/** A whole number of units (a level may go below zero: an offline sale, or selling below zero allowed). */
const UnitsSchema = () => z.number().check(z.int('must be a whole number'), z.gte(-999_999), z.lte(999_999));

/** A tracked merchandise variant's stock in the server's store: its level (the sum of its movements) and its limits. */
export const StockLevelSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: z.string(),
    /** The product's name and the variant's size. */
    name: z.string(),
    size: z.string(),
    quantity: z.number().check(z.int()),
    /** At or below it the level is low ('N left' on the tile); null: no warning. */
    low_level: z.nullable(z.number().check(z.int())),
    /** The cost price of one unit, RM (null: not set); the stock's value is quantity x cost. */
    cost: z.nullable(z.number()),
    updated_at: z.string(),
  }),
);
/** A tracked variant's stock level on the wire. */
export type StockLevel = z.infer<typeof StockLevelSchema>;
/** The answer of POST /v1/admin/stock/list. */
export const StockLevelListSchema = /* @__PURE__ */ defineSchema(() => z.array(StockLevelSchema));

/** One stock movement: what changed the level, by how much, why, who and where. */
export const StockMovementSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    sku: z.string(),
    kind: StockMovementKindSchema,
    /** Units in (positive) or out (negative). */
    quantity: z.number().check(z.int()),
    /** The level after the movement. */
    level_after: z.number().check(z.int()),
    reason: z.string(),
    staff: z.nullable(z.string()),
    terminal: z.nullable(z.string()),
    /** The order of a sale, refund or cancel. */
    order: z.nullable(z.string()),
    at: z.string(),
  }),
);
/** A stock movement on the wire. */
export type StockMovement = z.infer<typeof StockMovementSchema>;
/** The answer of POST /v1/admin/stock/history. */
export const StockMovementListSchema = /* @__PURE__ */ defineSchema(() => z.array(StockMovementSchema));

/** POST /v1/admin/stock/list: the tracked variants; `low`: only those at or below their low level (or below zero). */
export const StockListRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ low: z.optional(z.boolean()) }),
);
/** The body of POST /v1/admin/stock/list. */
export type StockListRequest = z.infer<typeof StockListRequestSchema>;

/**
 * POST /v1/admin/stock/track: start (or stop) keeping a variant's stock, with its starting level, low level and cost.
 * Untracked variants sell as before.
 */
export const StockTrackRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: SkuSchema,
    track: z.boolean(),
    quantity: z.optional(UnitsSchema()),
    low_level: z.optional(
      z.nullable(z.number().check(z.int('must be a whole number'), z.gte(0), z.lte(999_999))),
    ),
    cost: z.optional(z.nullable(NonNegativeMoneySchema)),
  }),
);
/** The body of POST /v1/admin/stock/track. */
export type StockTrackRequest = z.infer<typeof StockTrackRequestSchema>;

/** POST /v1/admin/stock/receive: a delivery of units. */
export const StockReceiveRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: SkuSchema,
    quantity: z
      .number()
      .check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(999_999)),
    reason: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  }),
);
/** The body of POST /v1/admin/stock/receive. */
export type StockReceiveRequest = z.input<typeof StockReceiveRequestSchema>;

/**
 * POST /v1/admin/stock/adjust: damage (units gone, a positive number) or a correction (units in or out, signed), with
 * its reason.
 */
export const StockAdjustRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    sku: SkuSchema,
    kind: z.enum(['damage', 'correction']),
    quantity: UnitsSchema().check(z.refine((value) => value !== 0, 'must not be 0')),
    reason: z.string().check(z.trim(), z.minLength(1, 'Please enter the reason'), z.maxLength(200)),
  }),
);
/** The body of POST /v1/admin/stock/adjust. */
export type StockAdjustRequest = z.infer<typeof StockAdjustRequestSchema>;

/** POST /v1/admin/stock/history: a variant's movements, newest first. */
export const StockHistoryRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ sku: SkuSchema, limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(1000)), 100) }),
);
/** The body of POST /v1/admin/stock/history. */
export type StockHistoryRequest = z.input<typeof StockHistoryRequestSchema>;

/**
 * POST /v1/admin/stock/count: a stock count of some variants. Each counted quantity is compared with the level when
 * the count is applied (sales during the count are in that level: the variance is counted minus the level at that
 * moment, as Square's counts do). `dry_run` shows the variances and changes nothing.
 */
export const StockCountRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    items: z
      .array(
        z.object({
          sku: SkuSchema,
          counted: z
            .number()
            .check(z.int('must be a whole number'), z.gte(0, 'must not be negative'), z.lte(999_999)),
        }),
      )
      .check(z.minLength(1, 'must count at least one item'), z.maxLength(5000)),
    reason: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
    dry_run: z._default(z.boolean(), true),
  }),
);
/** The body of POST /v1/admin/stock/count. */
export type StockCountRequest = z.input<typeof StockCountRequestSchema>;

/** Answer of stock/count: each line's level, count and variance, and whether it was applied. */
export const StockCountResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    dry_run: z.boolean(),
    applied: z.boolean(),
    lines: z.array(
      z.object({
        sku: z.string(),
        expected: z.number().check(z.int()),
        counted: z.number().check(z.int()),
        variance: z.number().check(z.int()),
      }),
    ),
  }),
);
/** The answer of POST /v1/admin/stock/count. */
export type StockCountResponse = z.infer<typeof StockCountResponseSchema>;

/**
 * POST /v1/admin/stock/import: deliveries from a CSV file (`sku,quantity[,reason]` with that header), one delivery
 * movement a row, all in one transaction. `dry_run` (the default) shows what each level would become and changes
 * nothing; a file with a bad row changes nothing and names every bad row.
 */
export const StockImportRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    /** The file's text (at most 512 KB). */
    content: z.string().check(z.maxLength(512 * 1024, 'must be at most 512 KB')),
    /** The reason of rows without one, e.g. the supplier's delivery note. */
    reason: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
    dry_run: z._default(z.boolean(), true),
  }),
);
/** The body of POST /v1/admin/stock/import. */
export type StockImportRequest = z.input<typeof StockImportRequestSchema>;

/** Answer of stock/import: each row's delivery and the level before and after it, and whether it was applied. */
export const StockImportResponseSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    dry_run: z.boolean(),
    applied: z.boolean(),
    lines: z.array(
      z.object({
        /** The file's line. */
        line: z.number().check(z.int()),
        sku: z.string(),
        quantity: z.number().check(z.int()),
        reason: z.string(),
        level_before: z.number().check(z.int()),
        level_after: z.number().check(z.int()),
      }),
    ),
  }),
);
/** The answer of POST /v1/admin/stock/import. */
export type StockImportResponse = z.infer<typeof StockImportResponseSchema>;
