import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { IdSchema, IsoDateTimeSchema, MoneySchema, NonNegativeMoneySchema } from './primitives';

/** One float entry: cash put into (or, when negative, taken out of) the drawer. */
export const FloatEntrySchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ cash: MoneySchema, at: IsoDateTimeSchema }),
);
/** One float entry on the wire: the `cash` put in (or taken out) and when. */
export type FloatEntry = z.infer<typeof FloatEntrySchema>;

/** An open shift of a terminal. */
export const ShiftSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    _id: z.string(),
    terminal: z.string(),
    staff: z.string(),
    opened_at: IsoDateTimeSchema,
    float: z.array(FloatEntrySchema),
  }),
);
/** An open shift on the wire: its terminal, staff member, opening time and float entries. */
export type Shift = z.infer<typeof ShiftSchema>;

/** The spec's shift answer: a shift, or an empty object meaning ended (clients sign out on it). */
export const ShiftOrEmptySchema = /* @__PURE__ */ defineSchema(() =>
  z.union([ShiftSchema, z.strictObject({})]),
);
/** The shift answer on the wire: a shift, or `{}` when it has ended. */
export type ShiftOrEmpty = z.infer<typeof ShiftOrEmptySchema>;

/** POST /v1/admin/set_float. */
export const SetFloatRequestSchema = /* @__PURE__ */ defineSchema(() => z.object({ float: MoneySchema }));
/** The body of POST /v1/admin/set_float: the float amount. */
export type SetFloatRequest = z.infer<typeof SetFloatRequestSchema>;

/** Amounts per payment method: CASH, CREDIT CARD and E-WALLET. */
export const MethodTotalsSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    cash: MoneySchema,
    card: MoneySchema,
    ewallet: MoneySchema,
  }),
);
/** Amounts per payment method on the wire: `{ cash, card, ewallet }`. */
export type MethodTotals = z.infer<typeof MethodTotalsSchema>;

/** POST /v1/admin/end_shift: the takings counted in the drawer and on the terminals. */
export const EndShiftRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    cash: NonNegativeMoneySchema,
    card: NonNegativeMoneySchema,
    ewallet: NonNegativeMoneySchema,
  }),
);
/** The body of POST /v1/admin/end_shift: the takings counted per payment method. */
export type EndShiftRequest = z.infer<typeof EndShiftRequestSchema>;

/**
 * The tax collected in a shift: per tax code and rate as sold (`base`, what the tax is on, and `tax`) and in total,
 * over the orders sold in the shift less what the refunds and cancellations made in it gave back. A report carries it
 * only when the shift sold or gave back a line with a tax code.
 */
export const ShiftTaxSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    /** The tax collected: the sum of `by_code`'s `tax`. */
    total: MoneySchema,
    /** One entry per code and rate, by code. */
    by_code: z.array(
      z.object({
        code: z.string(),
        rate_bp: z.number().check(z.int()),
        base: MoneySchema,
        tax: MoneySchema,
      }),
    ),
  }),
);
/** The tax collected in a shift on the wire: `{ total, by_code: [{ code, rate_bp, base, tax }] }`. */
export type ShiftTax = z.infer<typeof ShiftTaxSchema>;

/**
 * An X report (shift_report, nothing closed: `closed_at`, `counted`, `variance` null) or the
 * end-of-shift report. Per method: expected = float (cash only) + sales − refunds, where cash sales are net of the
 * change given (`change_given`, for information); variance = counted − expected (positive is over).
 */
export const ShiftReportSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    shift_id: z.string(),
    terminal: z.string(),
    staff: z.string(),
    opened_at: IsoDateTimeSchema,
    closed_at: z.nullable(IsoDateTimeSchema),
    float: MoneySchema,
    sales: MethodTotalsSchema,
    change_given: z.optional(MoneySchema),
    refunds: MethodTotalsSchema,
    expected: MethodTotalsSchema,
    counted: z.nullable(MethodTotalsSchema),
    variance: z.nullable(MethodTotalsSchema),
    orders: z.object({
      count: z.number().check(z.int()),
      refunded: z.number().check(z.int()),
      canceled: z.number().check(z.int()),
      /** Orders refunded in part in this shift (still PAID); absent from older servers. */
      refunded_in_part: z.optional(z.number().check(z.int())),
    }),
    /**
     * The tax collected in the shift, net of what its refunds and cancellations gave back; only when the shift sold or
     * gave back a line with a tax code (absent from older servers).
     */
    tax: z.optional(ShiftTaxSchema),
  }),
);
/** A shift report on the wire (X report or end of shift): float, sales, refunds, expected, counted and variance. */
export type ShiftReport = z.infer<typeof ShiftReportSchema>;

/** POST /v1/admin/shifts/report (manager): the report of any shift by its id: an X report while open, its Z once closed. */
export const ShiftReportOfRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ shift_id: IdSchema }),
);
/** The body of POST /v1/admin/shifts/report: the shift's `_id`. */
export type ShiftReportOfRequest = z.infer<typeof ShiftReportOfRequestSchema>;
