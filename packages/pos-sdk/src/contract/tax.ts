import * as z from 'zod/mini';
import { defineSchema } from './defineSchema';
import { MoneySchema } from './primitives';

/** A tax code's name in the catalogue: letters, digits, `-` and `_`, 1 to 20. */
export const TaxCodeIdSchema = /* @__PURE__ */ defineSchema(() =>
  z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,20}$/, 'must be 1 to 20 letters, digits, "-" or "_"')),
);

/** A venue's tax code: its name, rate in basis points (800 = 8 %) and the MyInvois tax type it maps to. */
export const TaxCodeSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    code: TaxCodeIdSchema,
    name: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(80)),
    /** Basis points: 800 is 8 %, 600 is 6 %; 0 to 10,000. */
    rate_bp: z
      .number()
      .check(
        z.int('must be a whole number of basis points'),
        z.gte(0, 'must not be negative'),
        z.lte(10_000, 'must be at most 10000 (100 %)'),
      ),
    /** MyInvois tax type: 01 sales tax, 02 service tax, 06 not applicable, E exempt. */
    type: z.enum(['01', '02', '06', 'E'], { error: 'must be 01, 02, 06 or E' }),
  }),
);
/** A venue's tax code on the wire. */
export type TaxCode = z.infer<typeof TaxCodeSchema>;
/** The answer of POST /v1/admin/tax/list and of every change: the venue's codes. */
export const TaxCodeListSchema = /* @__PURE__ */ defineSchema(() => z.array(TaxCodeSchema));

/** POST /v1/admin/tax/set: adds a code, or changes one (its rate applies to sales from now on, never to sold orders). */
export const TaxCodeSetRequestSchema = /* @__PURE__ */ defineSchema(() => z.object({ code: TaxCodeSchema }));
/** The body of POST /v1/admin/tax/set. */
export type TaxCodeSetRequest = z.infer<typeof TaxCodeSetRequestSchema>;

/** POST /v1/admin/tax/remove: removes a code no catalogue variant uses. */
export const TaxCodeRemoveRequestSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({ code: TaxCodeIdSchema }),
);
/** The body of POST /v1/admin/tax/remove. */
export type TaxCodeRemoveRequest = z.infer<typeof TaxCodeRemoveRequestSchema>;

/**
 * A line's tax on a cart or an order: the venue's code, its rate in basis points and the line's tax in ringgit, of the
 * line's amount after its discount, half up to the sen (`lineTax` of pos-sdk/rules). Orders carry it on every line
 * that has a code, as sold (a later rate change never alters it); a checkout may send it, and the server answers 409
 * with both figures when they disagree with its own.
 */
export const LineTaxSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    code: TaxCodeIdSchema,
    rate_bp: z.number().check(z.int(), z.gte(0), z.lte(10_000)),
    amount: MoneySchema,
  }),
);
/** A line's tax on the wire: `{ code, rate_bp, amount }`. */
export type LineTax = z.infer<typeof LineTaxSchema>;

/** An order's tax of one code: its name and MyInvois type as sold, the rate, the taxable base and the tax. */
export const OrderTaxByCodeSchema = /* @__PURE__ */ defineSchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: z.enum(['01', '02', '06', 'E']),
    rate_bp: z.number().check(z.int()),
    /** What the tax is on, without the tax. */
    base: MoneySchema,
    tax: MoneySchema,
  }),
);
/** An order's tax of one code on the wire: `{ code, name, type, rate_bp, base, tax }`. */
export type OrderTaxByCode = z.infer<typeof OrderTaxByCodeSchema>;
